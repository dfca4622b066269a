#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Processes
import Foundation

/// SIGINT, SIGTERM and SIGHUP for a long-running command, without relying on anything the optimizer
/// may release: a C handler writes one byte to a pipe (all it does, which is async-signal-safe) and
/// a thread of its own reads it. The first signal calls `stop` on that thread; a second one ends
/// the process at once.
public enum StopSignals {
    /// The pipe's write end, set once before the handler is installed; -1 until then.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler and starts the reading thread; `stop` gets the signal's number.
    /// Returns false when the pipe cannot be made.
    @discardableResult
    public static func install(_ stop: @escaping @Sendable (Int32) -> Void) -> Bool {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let thread = Thread {
            var count = 0
            while true {
                var signal: UInt8 = 0
                let n = read(readEnd, &signal, 1)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                count += 1
                if count > 1 { end(128 + Int32(signal)) }
                let number = Int32(signal)
                Thread.detachNewThread { stop(number) }
            }
        }
        thread.start()
        // A parent may have started this process with these signals blocked (a blocked mask is
        // inherited): unblocked on this thread, and on the threads it starts from now on.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                let saved = errno
                _ = write(StopSignals.writeEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return true
    }

    /// Ends the process at once with `status`, its children first: no other can start once the
    /// door is closed, and they are killed until two looks in a row find none.
    public static func end(_ status: Int32, sparing spared: Set<pid_t> = [], last: () -> Void = {}) -> Never {
        ChildProcesses.door.close()
        var quiet = 0
        while quiet < 2 {
            let found = ChildProcesses.running().filter { !spared.contains($0) }
            for child in found { kill(child, SIGKILL) }
            quiet = found.isEmpty ? quiet + 1 : 0
        }
        last()
        _exit(status)
    }

    /// Ends the process as `number` would have, its children first, then `last`: the shell that
    /// started it sees the signal (Ctrl-C ends a loop of builds, too).
    public static func end(bySignal number: Int32, after last: () -> Void = {}) -> Never {
        end(128 + number) {
            last()
            signal(number, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(number)
        }
    }

    /// Removes `folder` while other threads of this process may still write into it, and ends the
    /// process with `status` within `seconds`. The folder is renamed aside (so no path of theirs
    /// finds it again) and a file takes its name (so none of them can make it again), then what was
    /// renamed is deleted, again until it is gone; the file goes last, just before the end. A folder
    /// too large to delete in time (thousands of pages on a busy disk) is left, renamed aside, to an
    /// `rm` of its own outside this session, which goes on after the end (status 1 when there is
    /// none, or the folder could not even be renamed).
    public static func remove(_ folder: String, within seconds: Double, status: Int32, said: (Bool) -> Void) -> Never {
        ChildProcesses.door.close()
        let (gone, placeholder, remover) = clear(folder, within: seconds)
        said(gone)
        Self.end(gone ? status : 1, sparing: Set(remover.map { [$0] } ?? [])) { if placeholder { unlink(folder) } }
    }

    /// Removes `folder` as `remove` does, killing this process's children as it goes, and gives
    /// whether it is gone (or left to an `rm` of its own, `remover`), and whether a file holds its
    /// name: the caller unlinks that one last, just before the process ends.
    public static func clear(_ folder: String, within seconds: Double) -> (gone: Bool, placeholder: Bool, remover: pid_t?) {
        var asides: [String] = []
        let end = Date().addingTimeInterval(seconds)
        let late = { Date() >= end }
        var placeholder = false
        var gone = false
        var remover: pid_t?
        repeat {
            for child in ChildProcesses.running() { kill(child, SIGKILL) }
            var st = stat()
            if lstat(folder, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
                let aside = folder + ".stopping-\(getpid())-\(asides.count)"
                if rename(folder, aside) == 0 { asides.append(aside) }
            }
            if lstat(folder, &st) != 0 {
                let fd = open(folder, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                if fd >= 0 { close(fd); placeholder = true }
            }
            for aside in asides { FolderTree.remove(aside, stop: late) }
            let held = lstat(folder, &st) != 0 || (placeholder && (st.st_mode & S_IFMT) == S_IFREG)
            gone = held && asides.allSatisfy { lstat($0, &st) != 0 }
            if gone { break }
            if held, late(), let pid = removeLater(asides.filter { lstat($0, &st) == 0 }) {
                (remover, gone) = (pid, true)
                break
            }
            usleep(10_000)
        } while !late()
        return (gone, placeholder, remover)
    }

    /// Starts `rm -rf` on `paths` in a session of its own (so it outlives this one); its process
    /// id, or nil when it cannot.
    static func removeLater(_ paths: [String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26): a new session, so it is not stopped with this one.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        let arguments = ["rm", "-rf", "--"] + paths
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        for rm in ["/usr/bin/rm", "/bin/rm"] where access(rm, X_OK) == 0 {
            if posix_spawn(&pid, rm, nil, &attributes, &argv, environ) == 0 { return pid }
        }
        return nil
    }

    /// What a stop that was itself killed may have left of `folder`: the empty file that held its
    /// name, and folders renamed aside. Removed before the folder is used again.
    public static func clearLeftovers(of folder: String) {
        var st = stat()
        if lstat(folder, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size == 0 { unlink(folder) }
        let parent = (folder as NSString).deletingLastPathComponent, name = (folder as NSString).lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(name + ".stopping-") {
            FolderTree.remove(parent + "/" + entry)
        }
    }
}
