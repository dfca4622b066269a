import Fingerprint
import Foundation
@testable import Loading
import Output
import Testing
@testable import Incremental

@Suite("Neighborhoods taken whole from the last build")
struct ReuseTests {
    /// A cache of neighborhoods whose slugs share their starts, each with a few files.
    func sample() -> RenderCache {
        var cache = RenderCache(key: "k", context: Fingerprint(of: "c"))
        for slug in ["bagley", "bagley-west", "b", "ñandú"] {
            let paths = ["\(slug)/index.html", "\(slug)/es/index.html", "\(slug)/observations/o1/index.html", "\(slug)/a b.html"]
            cache.hoods[slug] = .init(folder: Fingerprint(of: slug), pageCount: 3, files: paths.sortedByUTF8().map { ($0, Fingerprint(of: $0)) }, warnings: [])
        }
        return cache
    }

    /// `cache` saved in a folder of its own and read back.
    func readBack(_ cache: RenderCache, _ change: (inout String) -> Void = { _ in }) throws -> RenderCache? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        cache.save(folder)
        var text = String(decoding: try #require(FileManager.default.contents(atPath: folder + "/" + RenderCache.fileName)), as: UTF8.self)
        change(&text)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
        return RenderCache.read(folder)
    }

    @Test("a neighborhood read from the cache file has its files counted, and read only when asked, as they were saved")
    func filesReadWhenAsked() throws {
        let cache = sample(), read = try #require(try readBack(cache))
        for (slug, hood) in cache.hoods {
            let back = try #require(read.hoods[slug])
            #expect(back.listed == nil, "\(slug): no string made of its paths when it is read")
            #expect(back.fileCount == hood.files.count)
            #expect(back.files.map(\.path) == hood.files.map(\.path) && back.files.map(\.hash) == hood.files.map(\.hash))
            #expect(back.fileBytes?.map { String(decoding: $0.path, as: UTF8.self) } == hood.files.map(\.path))
        }
    }

    @Test("a file line that is not one, or file lines split by a warning, make the cache no cache: nothing is taken from it")
    func brokenFileLines() throws {
        let cache = sample()
        #expect(try readBack(cache)?.hoods.count == 4)
        #expect(try readBack(cache) { $0 = $0.replacingOccurrences(of: "F\tbagley/index.html\t", with: "F\tbagley/index.html\tzz") } == nil)
        #expect(try readBack(cache) { $0 = $0.replacingOccurrences(of: "\nF\tbagley/index.html", with: "\nW\tb.csv\t1\t1\tw\nF\tbagley/index.html") } == nil)
        #expect(try readBack(cache) { $0 = $0.replacingOccurrences(of: "\nF\tbagley/index.html", with: "\n\nF\tbagley/index.html") } == nil)
    }

    @Test("taking neighborhoods counts their files and pages, and carries their lines to the next cache")
    func takenCounts() throws {
        let read = try #require(try readBack(sample()))
        var next = RenderCache(key: "k", context: Fingerprint(of: "c"))
        let taken = Reuse.take(["bagley", "ñandú"].map { UnchangedNeighborhood(slug: $0, fingerprint: Fingerprint(of: $0)) }, from: read, into: &next)
        #expect(taken.slugs == ["bagley", "ñandú"])
        #expect(taken.fileCount == 8 && taken.pageCount == 6)
        #expect(Set(next.carried.keys) == ["bagley", "ñandú"])
    }
}
