import Diagnostics
import Fingerprint
import Foundation
import Testing
@testable import Incremental
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

@Suite("The render cache file")
struct RenderCacheTests {
    /// A cache of two neighborhoods (one with an edition and a warning) and the dashboard page.
    func sample() -> RenderCache {
        var cache = RenderCache(key: "0.4.0 program theme", context: Fingerprint(of: "context"))
        for path in ["index.html", "bagley/index.html", "bagley/es/index.html", "bagley/observations/o1/index.html", "claytown/index.html", "bagley-west/index.html"] {
            cache.pages[path] = .init(input: Fingerprint(of: "in " + path), output: Fingerprint(of: "out " + path))
        }
        for slug in ["bagley", "claytown", "bagley-west"] {
            let files = cache.pages.keys.filter { $0.hasPrefix(slug + "/") }.sorted().map { (path: $0, hash: Fingerprint(of: "out " + $0)) }
            let warnings: [Diagnostic] = slug == "bagley" ? [.warning(SourceLocation(path: "a\tb.csv", line: 3, column: 7), "two\nlines")] : []
            cache.hoods[slug] = .init(folder: Fingerprint(of: slug), pageCount: files.count, files: files, warnings: warnings)
        }
        return cache
    }

    /// A new cache folder, for the duration of `body`.
    func inFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// The cache read from a file of these bytes (nil when it is refused).
    func readBack(_ bytes: some Sequence<UInt8>) throws -> RenderCache? {
        try inFolder { folder in
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
            return RenderCache.read(folder)
        }
    }

    func saved(_ cache: RenderCache) throws -> [UInt8] {
        try inFolder { folder in
            cache.save(folder)
            return try #require(FileManager.default.contents(atPath: folder + "/" + RenderCache.fileName)).map { $0 }
        }
    }

    @Test("a neighborhood carried over is saved as the lines it was read from: the same file as one saved entry by entry")
    func carriedLines() throws {
        let original = sample()
        let bytes = try saved(original)
        var read = try inFolder { folder in
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
            return try #require(RenderCache.load(folder, key: original.key, context: original.context))
        }
        read.readPages()
        #expect(read.pages == original.pages)
        #expect(Set(read.lines.keys) == ["bagley", "claytown", "bagley-west"])
        // Bagley and Bagley West carried, Claytown made again, the dashboard page rendered again.
        var next = RenderCache(key: original.key, context: original.context)
        next.carried["bagley"] = read.lines["bagley"]
        next.carried["bagley-west"] = read.lines["bagley-west"]
        next.hoods["claytown"] = original.hoods["claytown"]
        for (path, page) in original.pages where path.hasPrefix("claytown/") || !path.contains("/") { next.pages[path] = page }
        #expect(try saved(next) == bytes)
    }

    @Test("a cache file without its last line break is read, but nothing of it is carried; another save changes its identity")
    func cutFile() throws {
        let original = sample()
        let bytes = try saved(original)
        try inFolder { folder in
            try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
            var read = try #require(RenderCache.read(folder))
            read.readPages()
            #expect(read.pages == original.pages && read.lines.isEmpty)
            #expect(read.identity != nil && read.identity == RenderCache.fileIdentity(folder))
            original.save(folder)
            #expect(RenderCache.fileIdentity(folder) != read.identity, "a build that read it before another saved it reads it again")
        }
    }

    @Test("a rebuild reads the page lines of only what it renders again; the others stay lines until asked for")
    func pagesReadWhenNeeded() throws {
        let original = sample()
        let bytes = try saved(original)
        var read = try #require(try readBack(bytes))
        #expect(read.pages.isEmpty)
        read.readPages(except: ["bagley", "claytown"])
        #expect(read.pages == original.pages.filter { !$0.key.hasPrefix("bagley/") && !$0.key.hasPrefix("claytown/") })
        #expect(Set(read.pages.keys) == ["index.html", "bagley-west/index.html"])
        let bagley = read.pages(of: ["bagley"])
        #expect(Dictionary(uniqueKeysWithValues: bagley.map { ($0.path, $0.entry) }) == original.pages.filter { $0.key.hasPrefix("bagley/") })
        #expect(read.pages(of: ["bagley-west"]).map(\.path) == ["bagley-west/index.html"], "a read neighborhood's pages are found in `pages`")
    }

    @Test("a line that is only 'P', or 'P' and a tab, is read without looping: refused, or a page line that is passed over")
    func bareTag() throws {
        let original = sample()
        let text = String(decoding: try saved(original), as: UTF8.self)
        let first = try #require(text.range(of: "\nP\t"))
        for inserted in ["P\n", "P\t\n", "Px\tbagley/index.html\n", "P\tzzz/late.html\tx\n"] {
            var damaged = text
            damaged.insert(contentsOf: inserted, at: text.index(after: first.lowerBound))
            if var read = try readBack(damaged.utf8) {
                read.readPages()
                #expect(read.pages == original.pages, "\(inserted)")
            }
        }
    }

    @Test("page lines after the neighborhoods' lines are read (the file is out of order), never cut wrongly")
    func lateRun() throws {
        let original = sample()
        var text = String(decoding: try saved(original), as: UTF8.self)
        let late = try #require(text.range(of: "P\tindex.html\t"))
        let line = text[late.lowerBound...].prefix { $0 != "\n" } + "\n"
        text.removeSubrange(late.lowerBound..<text.index(late.lowerBound, offsetBy: line.count))
        text += line
        var read = try #require(try readBack(text.utf8))
        read.readPages()
        #expect(read.pages == original.pages)
    }

    @Test("a damaged page line costs only its page: the neighborhood's other pages are still reused")
    func damagedPageLine() throws {
        let original = sample()
        var text = String(decoding: try saved(original), as: UTF8.self)
        let damaged = "P\tbagley/es/index.html\t"
        let line = try #require(text.range(of: damaged))
        text.replaceSubrange(line, with: damaged + "not-hex")
        var read = try #require(try readBack(text.utf8))
        read.readPages()
        var expected = original.pages
        expected["bagley/es/index.html"] = nil
        #expect(read.pages == expected)
    }
}
