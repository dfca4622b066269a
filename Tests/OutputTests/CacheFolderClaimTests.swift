import Foundation
import Synchronization
import Testing
@testable import Output

@Suite("Claiming the cache folder")
struct CacheFolderClaimTests {
    @Test("a half-written tag of a build still running is left to it; a dead build's is removed")
    func scratchOfRunningBuildKept() throws {
        let s = Scratch()
        defer { try? FileManager.default.removeItem(atPath: s.base) }
        let cache = s.base + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let running = ".CACHEDIR.TAG.new-\(getpid())-1", dead = ".CACHEDIR.TAG.new-999999999-1"
        for name in [running, dead] { FileManager.default.createFile(atPath: cache + "/" + name, contents: Data("x".utf8)) }
        try CacheFolder.claim(cache, out: s.out, protected: s.protected)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        #expect(names == ["CACHEDIR.TAG", running])
    }

    @Test("a cache folder that lost its tag is still the tool's own while it holds only the cache's files")
    func untaggedCache() throws {
        let s = Scratch()
        defer { try? FileManager.default.removeItem(atPath: s.base) }
        let cache = s.base + "/cache"
        try FileManager.default.createDirectory(atPath: cache + "/render.pages", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: cache + "/render.cache", contents: Data("x".utf8))
        try CacheFolder.claim(cache, out: s.out, protected: s.protected)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: cache)) == ["CACHEDIR.TAG", "render.cache", "render.pages"])
        try FileManager.default.removeItem(atPath: cache + "/CACHEDIR.TAG")
        FileManager.default.createFile(atPath: cache + "/thesis.tex", contents: Data("x".utf8))
        #expect(throws: OutputProblem.self) { try CacheFolder.claim(cache, out: s.out, protected: s.protected) }
    }

    @Test("eight builds claiming one new cache folder at once all succeed, and leave one tag")
    func claimedAtOnce() throws {
        for _ in 0..<20 {
            let s = Scratch()
            defer { try? FileManager.default.removeItem(atPath: s.base) }
            let cache = s.base + "/cache"
            let failures = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do throws(OutputProblem) { try CacheFolder.claim(cache, out: s.out, protected: s.protected) } catch { failures.withLock { $0 += 1 } }
            }
            #expect(failures.withLock { $0 } == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == ["CACHEDIR.TAG"])
        }
    }
}
