import Foundation
import Testing
@testable import FileSystem

@Suite("Reads and folders inside a root never follow a link out of it")
struct FileRootTests {
    /// A root with a file, a link inside it and links out of it to a folder and a file outside.
    func fixture() throws -> (Scratch, FileRoot) {
        let s = Scratch()
        let fm = FileManager.default
        try fm.createDirectory(atPath: s.dir + "/root/sub", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: s.dir + "/outside", withIntermediateDirectories: true)
        s.write("root/sub/a.txt", "inside")
        s.write("outside/secret.txt", "secret")
        try fm.createSymbolicLink(atPath: s.dir + "/root/inner", withDestinationPath: "sub")
        try fm.createSymbolicLink(atPath: s.dir + "/root/away", withDestinationPath: s.dir + "/outside")
        try fm.createSymbolicLink(atPath: s.dir + "/root/secret.txt", withDestinationPath: s.dir + "/outside/secret.txt")
        return (s, try #require(FileRoot(s.dir + "/root")))
    }

    @Test("a file inside is read, through a link that stays inside too")
    func inside() throws {
        let (s, root) = try fixture()
        #expect(try root.read(s.dir + "/root/sub/a.txt", limit: 100).bytes == Array("inside".utf8))
        let linked = try root.read(s.dir + "/root/inner/a.txt", limit: 100)
        #expect(linked.bytes == Array("inside".utf8))
        #expect(linked.real == root.real + "/sub/a.txt")
    }

    @Test("a link out of the root is refused, naming where it leads, for a file and for a folder on the way")
    func outside() throws {
        let (s, root) = try fixture()
        let real = try #require(RealPath.of(s.dir + "/outside"))
        #expect(throws: FileError.outside(real + "/secret.txt")) { try root.read(s.dir + "/root/secret.txt", limit: 100) }
        #expect(throws: FileError.outside(real + "/secret.txt")) { try root.read(s.dir + "/root/away/secret.txt", limit: 100) }
        #expect(throws: FileError.outside(real)) { try root.makeFolders(for: s.dir + "/root/away/new/file.txt") }
        #expect(!FileManager.default.fileExists(atPath: s.dir + "/outside/new"))
    }

    @Test("folders are made inside the root, and a file on the way is named")
    func folders() throws {
        let (s, root) = try fixture()
        #expect(try root.makeFolders(for: s.dir + "/root/x/y/file.txt") == root.real + "/x/y")
        #expect(throws: FileError.notFolder(s.dir + "/root/sub/a.txt")) { try root.makeFolders(for: s.dir + "/root/sub/a.txt/z") }
    }

    @Test("a folder, a FIFO and a file over the limit are not read")
    func notRegular() throws {
        let (s, root) = try fixture()
        #expect(throws: FileError.notRegular) { try root.read(s.dir + "/root/sub", limit: 100) }
        #expect(mkfifo(s.dir + "/root/fifo", 0o600) == 0)
        #expect(throws: FileError.notRegular) { try root.read(s.dir + "/root/fifo", limit: 100) }
        #expect(throws: FileError.tooLarge) { try root.read(s.dir + "/root/sub/a.txt", limit: 3) }
    }

    @Test("the real path of a place not made yet is its deepest existing folder's, with the rest")
    func deepest() throws {
        let (s, root) = try fixture()
        #expect(RealPath.ofDeepest(s.dir + "/root/inner/new/page.html") == root.real + "/sub/new/page.html")
        #expect(RealPath.of(s.dir + "/root/missing") == nil)
        #expect(RealPath.isWithin(root.real + "/a", root.real) && !RealPath.isWithin(root.real + "x", root.real))
    }
}
