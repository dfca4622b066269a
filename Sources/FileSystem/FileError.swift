#if canImport(Glibc)
import Glibc
#endif

/// Why a file-system call did not do what was asked, as a value callers turn into their own words.
public enum FileError: Error, Equatable, Sendable {
    /// The name is taken (a create that never replaces).
    case exists
    /// The path, or a folder on its way, resolves to this place outside the root it must stay in.
    case outside(String)
    /// The path is there but is not a regular file (a folder, a FIFO, a device, a link not followed).
    case notRegular
    /// This path, on the way to a file to be made, is not a folder.
    case notFolder(String)
    /// The file is larger than the limit the reader set.
    case tooLarge
    /// The advisory lock is held by another process; `holder` is its note, when it left one.
    case busy(holder: String?)
    /// A system call failed with this `errno`.
    case system(Int32)

    /// The error of the last failed system call.
    static var last: FileError { .system(errno) }

    /// The system's words for an `errno`.
    public static func words(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// True when the disk (or the user's quota) is full.
    public var isNoSpace: Bool { self == .system(ENOSPC) || self == .system(EDQUOT) }

    /// The system's words, or a short phrase for the errors that are not a system call's.
    public var reason: String {
        switch self {
        case .exists: return Self.words(EEXIST)
        case .outside(let real): return "it leads to \(real), outside the folder"
        case .notRegular: return "not a regular file"
        case .notFolder(let path): return "\(path) is not a folder"
        case .tooLarge: return "the file is too large"
        case .busy(let holder): return holder.map { "held by \($0)" } ?? "held by another process"
        case .system(let code): return Self.words(code)
        }
    }
}
