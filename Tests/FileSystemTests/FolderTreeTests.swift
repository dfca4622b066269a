import Foundation
import Testing
import FileSystem

@Suite("Removing a folder of the tool's own")
struct FolderTreeTests {
    @Test("a deep folder of many files goes whole; links in it are removed, what they point to is not")
    func removesWholeNeverThroughLinks() throws {
        let s = Scratch()
        let fm = FileManager.default
        for i in 0..<300 {
            try fm.createDirectory(atPath: s.dir + "/site/n\(i % 7)/deep/er", withIntermediateDirectories: true)
            s.write("site/n\(i % 7)/deep/er/page\(i).html", "page \(i)")
            s.write("site/n\(i % 7)/top\(i).txt", "top")
        }
        try fm.createDirectory(atPath: s.dir + "/outside/kept", withIntermediateDirectories: true)
        s.write("outside/kept/thesis.tex", "my thesis")
        try fm.createSymbolicLink(atPath: s.dir + "/site/n1/folder-link", withDestinationPath: s.dir + "/outside/kept")
        try fm.createSymbolicLink(atPath: s.dir + "/site/n2/file-link", withDestinationPath: s.dir + "/outside/kept/thesis.tex")
        #expect(FolderTree.remove(s.dir + "/site"))
        #expect(!fm.fileExists(atPath: s.dir + "/site"))
        #expect(s.text("outside/kept/thesis.tex") == "my thesis")
        #expect(s.names("outside/kept") == ["thesis.tex"])
    }

    @Test("a link named as the folder is removed alone; a missing path is already gone; a file is removed")
    func linksFilesAndNothing() throws {
        let s = Scratch()
        let fm = FileManager.default
        try fm.createDirectory(atPath: s.dir + "/real", withIntermediateDirectories: true)
        s.write("real/a.txt", "a")
        try fm.createSymbolicLink(atPath: s.dir + "/link", withDestinationPath: s.dir + "/real")
        #expect(FolderTree.remove(s.dir + "/link"))
        #expect(s.names() == ["real"])
        #expect(s.names("real") == ["a.txt"])
        #expect(FolderTree.remove(s.dir + "/missing"))
        #expect(FolderTree.remove(s.dir + "/real/a.txt"))
        #expect(s.names("real") == [])
    }

    @Test("told to stop, it leaves the rest and says the folder is not gone")
    func stopsWhenTold() throws {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.dir + "/site/a", withIntermediateDirectories: true)
        for i in 0..<200 { s.write("site/a/p\(i).html", "p") }
        var asked = 0
        #expect(!FolderTree.remove(s.dir + "/site", stop: { asked += 1; return asked > 2 }))
        let left = s.names("site/a").count
        #expect(left > 0 && left < 200, "it stopped part of the way through the folder: \(left) left")
        #expect(FolderTree.remove(s.dir + "/site"))
        #expect(s.names() == [])
    }
}
