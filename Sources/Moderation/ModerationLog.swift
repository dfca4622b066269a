import CivilTime
import ContentFields
import FileSystem
import Foundation
import Loading
#if canImport(Glibc)
import Glibc
#endif

/// `moderation.log` in a neighborhood's folder: one line per decision, tab-separated, under a
/// header line; appended to, never rewritten. The loader never reads it and the site never shows it.
public enum ModerationLog {
    public static let header = "date\tid\tkind\tfrom\tto\tplace\tnote"

    public struct Line: Sendable, Equatable {
        public var date: CivilDate
        public var id: String
        public var kind: String
        public var from: String
        public var to: String
        /// The file inside the neighborhood's folder and the line: `observations.csv:14`.
        public var place: String
        public var note: String

        /// The line as written: tabs, line breaks and control characters in the note become spaces.
        public var text: String {
            [date.description, id, kind, from, to, place, Self.oneLine(note)].joined(separator: "\t")
        }

        static func oneLine(_ s: String) -> String {
            let cleaned = TextCleaning.clean(s)
            return String(cleaned.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Appends `lines` in one write (a header first when the file is new or empty); the reason it
    /// could not, or nil. A link is never followed.
    static func append(_ lines: [Line], to path: String) -> String? {
        guard !lines.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return "not a regular file" }
        var text = st.st_size == 0 ? header + "\n" : ""
        // A file that does not end its last line gets one first, so that no decision joins it.
        if st.st_size > 0, let last = lastByte(path), last != 0x0A { text += "\n" }
        text += lines.map { $0.text + "\n" }.joined()
        let bytes = Array(text.utf8)
        if let code = Descriptor.write(fd, bytes) { return FileError.words(code) }
        fsync(fd)
        return nil
    }

    static func lastByte(_ path: String) -> UInt8? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard lseek(fd, -1, SEEK_END) >= 0 else { return nil }
        var b: UInt8 = 0
        return read(fd, &b, 1) == 1 ? b : nil
    }
}
