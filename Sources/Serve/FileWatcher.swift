#if canImport(Glibc)
import Glibc
#endif

/// Watches folders and everything under them with inotify: creates, writes, deletes, renames.
/// Folders made later are watched as they appear; hidden files and editors' backups are ignored.
public final class FileWatcher {
    let fd: Int32
    var folders: [Int32: String] = [:]
    /// Ends a wait from another thread (a signal handler).
    public let wakeup: Wakeup

    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)

    public init?(_ roots: [String]) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0, let wakeup = Wakeup() else { return nil }
        self.wakeup = wakeup
        for root in roots { watch(root) }
    }

    deinit { close(fd) }

    /// Watches a folder and its subfolders (each once; links are not followed).
    func watch(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return }
        let wd = inotify_add_watch(fd, path, Self.mask | UInt32(IN_DONT_FOLLOW | IN_ONLYDIR))
        guard wd >= 0, folders[wd] == nil || folders[wd] == path else { return }
        folders[wd] = path
        guard let dir = opendir(path) else { return }
        var children: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." && !name.hasPrefix(".") && entry.pointee.d_type == UInt8(DT_DIR) { children.append(name) }
        }
        closedir(dir)
        for child in children { watch(path + "/" + child) }
    }

    /// Waits until something changes, then until `quietMilliseconds` pass without another change
    /// (an editor's save is several events); returns the paths that changed, or nil when woken.
    public func nextChange(quietMilliseconds: Int32 = 40) -> [String]? {
        var changed: [String] = []
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            let n = poll(&fds, 2, changed.isEmpty ? -1 : quietMilliseconds)
            if n < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 { return nil }
            if n == 0 { return changed }
            changed += drain()
        }
    }


    /// Reads every pending event; new folders are watched too.
    func drain() -> [String] {
        var out: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return out }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.wd, e.mask, Int(e.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(nameStart + length, n)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + length
                if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil; continue }
                guard let folder = folders[wd] else { continue }
                if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                let path = name.isEmpty ? folder : folder + "/" + name
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watch(path) }
                out.append(path)
            }
        }
    }
}

/// A pipe whose write end wakes a `poll` on its read end; safe to use from any thread.
public final class Wakeup: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    public func wake() {
        var b: UInt8 = 1
        _ = write(writeEnd, &b, 1)
    }
}
