import Foundation
import Testing
@testable import FileSystem

@Suite("An atomic write replaces a file whole or leaves it as it was")
struct AtomicFileTests {
    @Test("a write puts the new bytes in place and leaves no hidden file")
    func replaces() throws {
        let s = Scratch()
        s.write("a.txt", "old")
        try AtomicFile.write(s.dir + "/a.txt", Array("new".utf8))
        #expect(s.text("a.txt") == "new")
        #expect(s.names() == ["a.txt"])
    }

    @Test("on a full disk the write fails as no space, the old file stays and no hidden file is left",
          .enabled(if: Scratch.canMount, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let s = Scratch()
        let unmount = try #require(s.smallDisk("disk", bytes: 64 << 10))
        defer { unmount() }
        s.write("disk/a.txt", "old")
        #expect(throws: FileError.system(ENOSPC)) {
            try AtomicFile.write(s.dir + "/disk/a.txt", [UInt8](repeating: 0x78, count: 256 << 10))
        }
        #expect(s.text("disk/a.txt") == "old")
        #expect(s.names("disk") == ["a.txt"])
        #expect(FileError.system(ENOSPC).isNoSpace)
    }

    @Test("a write to a device that is full reports ENOSPC from the write loop")
    func devFull() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0, "no /dev/full here")
        defer { close(fd) }
        #expect(Descriptor.write(fd, Array("x".utf8)) == ENOSPC)
        #expect(Descriptor.write(fd, []) == nil)
    }

    @Test("a write stopped before install (a killed run) leaves the old file; discard removes what was staged")
    func staged() throws {
        let s = Scratch()
        s.write("a.txt", "old")
        let staged = try AtomicFile.stage(s.dir + "/a.txt", Array("new".utf8))
        #expect(s.text("a.txt") == "old")
        #expect(s.names().count == 2)
        staged.discard()
        #expect(s.names() == ["a.txt"])
        #expect(s.text("a.txt") == "old")
    }

    @Test("a staged file keeps the permissions asked for, whatever the umask")
    func permissions() throws {
        let s = Scratch()
        s.write("a.txt", "old")
        try AtomicFile.write(s.dir + "/a.txt", Array("new".utf8), permissions: .init(mode: 0o640, owner: (getuid(), getgid())))
        var st = stat()
        #expect(stat(s.dir + "/a.txt", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o640)
    }

    @Test("create never replaces a file: the name taken is an error and its bytes stay")
    func createNeverReplaces() throws {
        let s = Scratch()
        try AtomicFile.create(s.dir + "/a.txt", Array("first".utf8))
        #expect(throws: FileError.exists) { try AtomicFile.create(s.dir + "/a.txt", Array("second".utf8)) }
        #expect(s.text("a.txt") == "first")
        #expect(s.names() == ["a.txt"])
    }

    @Test("a new file is never made through a link in its place")
    func newFileNoLink() throws {
        let s = Scratch()
        s.write("target", "kept")
        try FileManager.default.createSymbolicLink(atPath: s.dir + "/link", withDestinationPath: s.dir + "/target")
        #expect(throws: FileError.exists) { try NewFile.create(s.dir + "/link", Array("x".utf8), durability: .cached) }
        #expect(s.text("target") == "kept")
    }

    @Test("the write loop carries on after interruptions and short writes: every byte arrives in order")
    func interruptedWrites() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        // A handler installed without SA_RESTART: a signal ends a blocked write early.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        nonisolated(unsafe) var writer = pthread_t()
        nonisolated(unsafe) var failure: Int32? = -1
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            writer = pthread_self()
            // The test runner's threads block the signal; this one takes it.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            started.signal()
            failure = Descriptor.write(writeEnd, bytes)
            close(writeEnd)
            done.signal()
        }
        thread.start()
        started.wait()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var signals = 0
        while true {
            // Slow reads keep the writer blocked; each signal interrupts it.
            if signals < 200 { pthread_kill(writer, SIGUSR2); signals += 1 }
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            received += buffer[..<n]
        }
        done.wait()
        #expect(failure == nil)
        #expect(received == bytes)
    }
}
