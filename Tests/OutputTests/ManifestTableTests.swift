import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

@Suite("The manifest's table: lines as read, and what is set since")
struct ManifestTableTests {
    /// The table as a plain dictionary keyed by each path's bytes would hold it.
    struct Model {
        var entries: [[UInt8]: OutputManifest.Entry] = [:]
        mutating func set(_ path: String, _ entry: OutputManifest.Entry?) { entries[Array(path.utf8)] = entry }
        var sortedPaths: [String] { entries.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0, as: UTF8.self) } }
        /// A manifest made anew from the model: what saving the table must write.
        var fresh: OutputManifest {
            var m = OutputManifest()
            for (path, entry) in entries { m.set(String(decoding: path, as: UTF8.self), entry) }
            return m
        }
    }

    static let names = ["a.html", "b/index.html", "b/c.html", "bagley/index.html", "bagley-west/index.html", "b.html", "é.html", "e\u{301}.html",
                        "z/y/x.html", "bagley/es/index.html", "ñandú/index.html", "0.html", "bagley/o/1/index.html", "bagley/o/10/index.html"]

    /// Every owned path's bytes with its entry, in the table's order.
    static func owned(_ m: OutputManifest) -> [([UInt8], OutputManifest.Entry)] {
        var out: [([UInt8], OutputManifest.Entry)] = []
        m.walk { owned in
            switch owned {
            case .line(let i): out.append((Array(m.lines.bytes[m.lines.starts[i]..<m.lines.pathEnds[i]]), m.lines.entries[i]))
            case .set(let path, let entry): out.append((path, entry))
            }
        }
        return out
    }

    func entry(_ rng: inout SeededRandom) -> OutputManifest.Entry? {
        switch rng.next(4) {
        case 0: nil
        case 1: .init(hash: Fingerprint(of: "\(rng.next(9))"), status: nil)
        default: .init(hash: Fingerprint(of: "\(rng.next(9))"),
                       status: .init(kind: .file, size: Int64(rng.next(99)), inode: 3, modified: -1, changed: Int64(rng.next(9))))
        }
    }

    @Test("read back and changed at random, the table agrees with a plain dictionary: entries, order, what it saves, and what is stale")
    func agreesWithDictionary() throws {
        var rng = SeededRandom(seed: 35)
        for round in 0..<400 {
            var model = Model()
            for name in Self.names where rng.next(2) == 0 { model.set(name, entry(&rng)) }
            var table = try #require(OutputManifest.parse(model.fresh.serialized()))
            for _ in 0..<rng.next(6) {
                let name = Self.names[rng.next(Self.names.count)], e = entry(&rng)
                model.set(name, e)
                table.set(name, e)
            }
            let expected = model.entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }
            let owned = Self.owned(table)
            #expect(owned.map(\.0) == expected.map(\.key) && owned.map(\.1) == expected.map(\.value), "round \(round)")
            #expect(table.sortedPaths.map { Array($0.utf8) } == model.sortedPaths.map { Array($0.utf8) }, "round \(round)")
            for name in Self.names { #expect(table.entry(name) == model.entries[Array(name.utf8)], "round \(round): \(name)") }
            #expect(table.serialized() == model.fresh.serialized(), "round \(round)")
            // Saved in pieces of any size (runs of lines as read handed over where they are), the same bytes.
            for piece in [1, 50, 300] {
                var pieces: [UInt8] = []
                table.serialize(piece: piece) { pieces += $0 }
                #expect(pieces == model.fresh.serialized(), "round \(round), pieces of \(piece)")
            }
            #expect(table.topNames == Set(model.sortedPaths.map(OutputPath.top)), "round \(round)")
            let all = Self.names.filter { _ in rng.next(2) == 0 }.map { OutputFile(path: $0, bytes: []) }
            let kept: Set<String> = rng.next(2) == 0 ? ["bagley"] : []
            let stale = model.sortedPaths.filter { p in !all.contains { $0.path.utf8.elementsEqual(p.utf8) } && !kept.contains(OutputPath.top(of: p)) }
            func bytes(_ paths: [String]) -> [[UInt8]] { paths.map { Array($0.utf8) } }
            #expect(bytes(table.paths(notAmong: all.sorted { $0.path.utf8Precedes($1.path) }, outside: kept)) == bytes(stale), "round \(round), in order")
            #expect(bytes(table.paths(notAmong: all.reversed(), outside: kept)) == bytes(stale), "round \(round), in another order")
        }
    }

    @Test("a manifest line whose name is not UTF-8 is no manifest's; names that share a start, or sort past the others, are each a top-level name")
    func namesNotUTF8() throws {
        let hash = Fingerprint(of: "x").description
        func manifest(_ paths: [[UInt8]]) -> OutputManifest? {
            var bytes = Array((OutputManifest.header + "\n").utf8)
            for path in paths { bytes += path + Array("\t\(hash)\n".utf8) }
            return OutputManifest.parse(bytes)
        }
        #expect(manifest([[0x61, 0x2F, 0x62], [0xFF, 0x2F, 0x78]]) == nil)
        #expect(manifest([[0x61, 0xC3]]) == nil, "a cut character")
        let m = try #require(manifest(["a/b", "é/x", "é/y", "\u{FFFD}/z", "a-b/c", "a", "z"].map { Array($0.utf8) }))
        #expect(m.topNames == ["a", "é", "\u{FFFD}", "a-b", "z"])
    }

    @Test("a neighborhood's files are held exactly only when OUT has those files, with those bytes, as written, and no other")
    func holdExactly() throws {
        let s = Scratch()
        var site = ["index.html": "home", "bagley-west/index.html": "west", "bagley.html": "not inside"]
        for p in ["bagley/index.html", "bagley/es/index.html", "bagley/o/1/index.html"] { site[p] = p }
        try s.commit(site)
        let inside = site.keys.filter { $0.hasPrefix("bagley/") }.sortedByUTF8().map { (path: Array($0.utf8)[...], hash: Fingerprint(of: Array(site[$0]!.utf8))) }
        func holds(_ files: [(path: ArraySlice<UInt8>, hash: Fingerprint)]) throws -> Bool {
            let folder = try s.open()
            defer { folder.abandon() }
            return folder.verified.holdExactly(inside: "bagley", files)
        }
        #expect(try holds(inside))
        #expect(try !holds(Array(inside.dropLast())), "OUT holds one more")
        #expect(try !holds(inside + [(Array("bagley/z.html".utf8)[...], Fingerprint(of: "z"))]), "OUT holds one less")
        #expect(try !holds([inside[0], (inside[1].path, Fingerprint(of: "other")), inside[2]]), "another fingerprint")
        #expect(try !holds(inside.reversed()), "not in the order of their bytes")
        s.write(s.out + "/bagley/es/index.html", "edited by hand")
        #expect(try !holds(inside), "a file edited by hand")
    }

    @Test("a neighborhood's files are held exactly besides the static files in its folder, written or not yet")
    func holdExactlyBesidesStatics() throws {
        let s = Scratch()
        let pages = ["bagley/index.html": "home", "bagley/o/1/index.html": "one", "bagley-west/index.html": "west"]
        try s.commit(pages.merging(["bagley/leaflet.txt": "static", "bagley/o/map.pdf": "static"]) { a, _ in a })
        let inside = ["bagley/index.html", "bagley/o/1/index.html"].map { (path: Array($0.utf8)[...], hash: Fingerprint(of: Array(pages[$0]!.utf8))) }
        let folder = try s.open()
        defer { folder.abandon() }
        #expect(!folder.verified.holdExactly(inside: "bagley", inside), "two more files than the pages")
        #expect(folder.verified.holdExactly(inside: "bagley", inside, besides: ["bagley/o/map.pdf", "bagley/leaflet.txt"]))
        #expect(folder.verified.holdExactly(inside: "bagley", inside, besides: ["bagley/leaflet.txt", "bagley/new.txt", "bagley/o/map.pdf"]), "a static file not written yet")
        #expect(!folder.verified.holdExactly(inside: "bagley", inside, besides: ["bagley/leaflet.txt"]), "a static file no longer there is stale")
    }

    @Test("a commit deletes no file inside a neighborhood taken whole, and the others' stale files as before")
    func wholeNeighborhoodsKept() throws {
        let s = Scratch()
        try s.commit(["index.html": "home", "bagley/index.html": "b", "bagley/old.html": "old", "claytown/old.html": "old"])
        let folder = try s.open()
        try folder.commit(Scratch.files(["index.html": "home 2"]), whole: ["bagley"])
        #expect(s.site() == ["index.html": "home 2", "bagley/index.html": "b", "bagley/old.html": "old"])
    }
}
