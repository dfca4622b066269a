import Foundation
import Testing
@testable import Fingerprint

@Suite("Whole files read at once")
struct FileBytesTests {
    func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "filebytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a regular file is read whole, an empty one as no bytes, a missing one as nil")
    func regular() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        FileManager.default.createFile(atPath: dir + "/big", contents: Data(bytes))
        FileManager.default.createFile(atPath: dir + "/empty", contents: Data())
        #expect(FileBytes.read(dir + "/big") == bytes)
        #expect(FileBytes.read(dir + "/empty") == [])
        #expect(FileBytes.read(dir + "/missing") == nil)
    }

    @Test("a folder's snapshot takes each file's fingerprint of its bytes, whatever their length")
    func snapshotOfBytes() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var expected: [String: Fingerprint] = [:]
        for size in [0, 1, 15, 16, 4095, 4096, 4097, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 131) ^ size) }
            FileManager.default.createFile(atPath: dir + "/f\(size)", contents: Data(bytes))
            expected["f\(size)"] = Fingerprint(of: bytes)
        }
        #expect(FolderFingerprint.snapshot(dir, within: dir).files == expected)
    }

    @Test("a link is followed only when asked; a folder and a FIFO are not read")
    func notRegular() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/target", contents: Data("abc".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/target")
        #expect(FileBytes.read(dir + "/link") == nil)
        #expect(FileBytes.read(dir + "/link", followingLinks: true) == Array("abc".utf8))
        #expect(FileBytes.read(dir) == nil)
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(FileBytes.read(dir + "/fifo") == nil)
    }

    @Test("a file past the limit is refused without being allocated")
    func tooLarge() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/sparse", contents: Data())
        #expect(truncate(dir + "/sparse", off_t(FileBytes.limit) + 1) == 0)
        #expect(FileBytes.read(dir + "/sparse") == nil)
    }
}
