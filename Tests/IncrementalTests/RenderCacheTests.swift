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

    /// The cache file's bytes once `cache` is saved in `folder`.
    func saved(_ cache: RenderCache, in folder: String) throws -> [UInt8] {
        cache.save(folder)
        return try #require(FileManager.default.contents(atPath: folder + "/" + RenderCache.fileName)).map { $0 }
    }

    /// `cache` saved in a folder of its own, its cache file's bytes then changed by `change`, read back
    /// (nil when it is refused).
    func readBack(_ cache: RenderCache, _ change: (inout String) throws -> Void = { _ in }) throws -> RenderCache? {
        try inFolder { folder in
            var text = String(decoding: try saved(cache, in: folder), as: UTF8.self)
            try change(&text)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
            var read = RenderCache.read(folder)
            read?.readPages()
            return read
        }
    }

    /// The names in the folder of page files.
    func pageFiles(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + RenderCache.pagesFolder)) ?? [])
    }

    @Test("a neighborhood carried over is saved as the lines it was read from, its page file as it is: the same files as one saved entry by entry")
    func carriedLines() throws {
        let original = sample()
        try inFolder { folder in
            let bytes = try saved(original, in: folder)
            let files = pageFiles(folder)
            #expect(files.count == 3, "a page file for each neighborhood")
            var read = try #require(RenderCache.load(folder, key: original.key, context: original.context))
            read.readPages()
            #expect(read.pages == original.pages)
            #expect(Set(read.lines.keys) == ["bagley", "claytown", "bagley-west"])
            // Bagley and Bagley West carried, Claytown made again, the dashboard page rendered again.
            var next = RenderCache(key: original.key, context: original.context)
            next.carried["bagley"] = read.lines["bagley"]
            next.carried["bagley-west"] = read.lines["bagley-west"]
            next.hoods["claytown"] = original.hoods["claytown"]
            for (path, page) in original.pages where path.hasPrefix("claytown/") || !path.contains("/") { next.pages[path] = page }
            #expect(try saved(next, in: folder) == bytes)
            #expect(pageFiles(folder) == files)
        }
    }

    @Test("a neighborhood made again gets a new page file with the cache file; the one it replaces goes once that is in place")
    func pageFileReplaced() throws {
        let original = sample()
        try inFolder { folder in
            _ = try saved(original, in: folder)
            let before = pageFiles(folder)
            var read = try #require(RenderCache.read(folder))
            read.readPages(except: ["bagley", "bagley-west"])
            var next = RenderCache(key: original.key, context: original.context)
            next.carried["bagley"] = read.lines["bagley"]
            next.carried["bagley-west"] = read.lines["bagley-west"]
            next.hoods["claytown"] = original.hoods["claytown"]
            next.pages["claytown/index.html"] = .init(input: Fingerprint(of: "changed"), output: Fingerprint(of: "changed"))
            let staged = try #require(next.stage(folder))
            #expect(pageFiles(folder) == before, "a staged cache (of a build that may still fail) writes no page file")
            try staged.install()
            let after = pageFiles(folder)
            #expect(after.count == 3 && after.subtracting(before).count == 1)
            var again = try #require(RenderCache.read(folder))
            again.readPages()
            #expect(again.pages["claytown/index.html"]?.input == Fingerprint(of: "changed"))
            #expect(again.pages["bagley/es/index.html"] == original.pages["bagley/es/index.html"])
        }
    }

    @Test("page files go only into the cache's own folder of them: never through a link, and nothing else there is removed")
    func pageFolderGuarded() throws {
        let original = sample()
        try inFolder { folder in
            let elsewhere = folder + "/elsewhere"
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: elsewhere + "/notes.txt"))
            let stray = String(repeating: "a", count: 32)
            try Data("x".utf8).write(to: URL(fileURLWithPath: elsewhere + "/" + stray))
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + RenderCache.pagesFolder, withDestinationPath: elsewhere)
            _ = try saved(original, in: folder)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: elsewhere)) == ["notes.txt", stray], "nothing written or removed through the link")
            var read = try #require(RenderCache.read(folder))
            read.readPages()
            #expect(Set(read.pages.keys) == ["index.html"], "without page files, the neighborhoods' pages are rendered again")
            // In the cache's own folder, a file not named as a page file stays.
            try FileManager.default.removeItem(atPath: folder + "/" + RenderCache.pagesFolder)
            try FileManager.default.createDirectory(atPath: folder + "/" + RenderCache.pagesFolder, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.pagesFolder + "/notes.txt"))
            // A page file a killed build was writing goes.
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.pagesFolder + "/" + stray + ".new"))
            _ = try saved(original, in: folder)
            #expect(pageFiles(folder).contains("notes.txt") && pageFiles(folder).count == 4)
        }
    }

    @Test("a page file missing or changed costs its neighborhood's pages only, never a wrong entry")
    func pageFileDamaged() throws {
        let original = sample()
        try inFolder { folder in
            _ = try saved(original, in: folder)
            let read = try #require(RenderCache.read(folder))
            let bagley = try #require(read.hoods["bagley"]?.pagesFile)
            let claytown = try #require(read.hoods["claytown"]?.pagesFile)
            let path = RenderCache.pageFilePath(folder, bagley)
            var bytes = try #require(FileManager.default.contents(atPath: path))
            bytes[bytes.count - 2] ^= 1
            try bytes.write(to: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: RenderCache.pageFilePath(folder, claytown))
            var all = read
            all.readPages()
            #expect(all.pages == original.pages.filter { !$0.key.hasPrefix("bagley/") && !$0.key.hasPrefix("claytown/") })
        }
    }

    @Test("a cache file without its last line break is read, but nothing of it is carried; another save changes its identity")
    func cutFile() throws {
        let original = sample()
        try inFolder { folder in
            let bytes = try saved(original, in: folder)
            try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: folder + "/" + RenderCache.fileName))
            var read = try #require(RenderCache.read(folder))
            read.readPages()
            #expect(read.pages == original.pages && read.lines.isEmpty)
            #expect(read.identity != nil && read.identity == RenderCache.fileIdentity(folder))
            original.save(folder)
            #expect(RenderCache.fileIdentity(folder) != read.identity, "a build that read it before another saved it reads it again")
        }
    }

    @Test("a rebuild reads the page lines of only what it renders again; the others stay in their files until asked for")
    func pagesReadWhenNeeded() throws {
        let original = sample()
        try inFolder { folder in
            _ = try saved(original, in: folder)
            var read = try #require(RenderCache.read(folder))
            #expect(Set(read.pages.keys) == ["index.html"], "only the pages outside every neighborhood")
            read.readPages(except: ["bagley", "claytown"])
            #expect(read.pages == original.pages.filter { !$0.key.hasPrefix("bagley/") && !$0.key.hasPrefix("claytown/") })
            #expect(Set(read.pages.keys) == ["index.html", "bagley-west/index.html"])
            let bagley = read.pages(of: ["bagley"])
            #expect(Dictionary(uniqueKeysWithValues: bagley.map { ($0.path, $0.entry) }) == original.pages.filter { $0.key.hasPrefix("bagley/") })
            #expect(read.pages(of: ["bagley-west"]).map(\.path) == ["bagley-west/index.html"], "a read neighborhood's pages are found in `pages`")
        }
    }

    @Test("a page file's name in the cache file is a fingerprint or '-', never a path")
    func pageFileNames() throws {
        let original = sample()
        for name in ["../render.cache", "x/y", "", "0123"] {
            let read = try readBack(original) { text in
                let h = try #require(text.range(of: "H\tbagley\t"))
                let line = text[h.lowerBound...].prefix { $0 != "\n" }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                text.replaceSubrange(h.lowerBound..<line.endIndex, with: (fields.dropLast() + [Substring(name)]).joined(separator: "\t"))
            }
            #expect(read == nil, "\(name)")
        }
    }

    @Test("a line that is only 'P', or 'P' and a tab, is read without looping: refused, or a page line that is passed over")
    func bareTag() throws {
        let original = sample()
        for inserted in ["P\n", "P\t\n", "Px\tbagley/index.html\n", "P\tzzz/late.html\tx\n"] {
            let read = try readBack(original) { text in
                let first = try #require(text.range(of: "\nP\t"))
                text.insert(contentsOf: inserted, at: text.index(after: first.lowerBound))
            }
            if let read { #expect(read.pages == original.pages, "\(inserted)") }
        }
    }

    @Test("page lines after the neighborhoods' lines are read (the file is out of order), never cut wrongly")
    func lateRun() throws {
        let original = sample()
        let read = try readBack(original) { text in
            let late = try #require(text.range(of: "P\tindex.html\t"))
            let line = text[late.lowerBound...].prefix { $0 != "\n" } + "\n"
            text.removeSubrange(late.lowerBound..<text.index(late.lowerBound, offsetBy: line.count))
            text += line
        }
        #expect(read?.pages == original.pages)
        #expect(read?.lines.isEmpty == true, "nothing carried from a file out of order")
    }

    @Test("a damaged page line in the cache file costs only its page")
    func damagedPageLine() throws {
        let original = sample()
        let read = try readBack(original) { text in
            // A page line outside the neighborhoods' files, damaged the same way.
            let damaged = "P\tindex.html\t"
            let line = try #require(text.range(of: damaged))
            text.replaceSubrange(line, with: damaged + "not-hex")
        }
        var expected = original.pages
        expected["index.html"] = nil
        #expect(read?.pages == expected)
    }
}
