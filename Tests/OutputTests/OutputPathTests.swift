import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

@Suite("Output paths and manifests")
struct OutputPathTests {
    @Test("only relative paths without dot parts are inside")
    func inside() {
        for good in ["a", "a/b.html", "...", "a/.b", ".well-known/x"] { #expect(OutputPath.isInside(good), "\(good)") }
        for bad in ["", "/a", "a/", "a//b", ".", "..", "a/./b", "a/../b", "a\u{0}b", "a\tb", "a\nb", "a\rb", "a\u{7F}"] { #expect(!OutputPath.isInside(bad), "\(bad)") }
    }

    @Test("a manifest reads back what it wrote, and anything else is not one")
    func manifestRoundTrip() {
        var m = OutputManifest()
        m.set("a/b.html", .init(hash: .init(of: Array("x".utf8)), status: .init(kind: .file, size: 1, inode: 7, modified: -3, changed: 9)))
        m.set("c.html", .init(hash: .init(of: Array("y".utf8)), status: nil))
        m.pending = true
        let back = OutputManifest.parse(m.serialized())
        #expect(back?.allEntries == m.allEntries)
        #expect(back?.pending == true)
        #expect(OutputManifest.parse(Array("not a manifest\n".utf8)) == nil)
        #expect(OutputManifest.parse(Array((OutputManifest.header + "\n../x\t00000000000000000000000000000000\n").utf8)) == nil)
    }

    @Test("a manifest read in parts on several threads is the manifest read in one, whatever its order and wherever a part ends")
    func manifestReadInParts() throws {
        var m = OutputManifest()
        for i in 0..<3_000 {
            let status: Posix.Status? = i % 11 == 0 ? nil : .init(kind: .file, size: Int64(i), inode: UInt64(i * 7), modified: -Int64(i), changed: Int64(i) << 40)
            m.set("hood-\(i % 5)/observations/\(i)-\(String(repeating: "x", count: i % 37))/index.html", .init(hash: .init(of: Array("\(i)".utf8)), status: status))
        }
        let bytes = m.serialized()
        #expect(bytes.count > 3 * 65_536, "large enough for four parts")
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        // The same lines out of order: the first and last swapped, and a run moved across the middle.
        var shuffled = lines
        shuffled.swapAt(1, shuffled.count - 2)
        let run = shuffled[1_400..<1_700]
        shuffled.removeSubrange(1_400..<1_700)
        shuffled.insert(contentsOf: run, at: 100)
        // Two spellings of one name, each its own line, sorted by their bytes: two names, as the
        // file system keeps them (bytes), each its own entry.
        lines.insert(Array("e\u{301}.html\t\(Fingerprint(of: [1]))".utf8), at: 1)
        lines.insert(Array("\u{e9}.html\t\(Fingerprint(of: [2]))".utf8), at: lines.count - 1)
        for variant in [bytes, Array(shuffled.joined(separator: [0x0A])), Array(lines.joined(separator: [0x0A])), Array(bytes.dropLast())] {
            let one = try #require(OutputManifest.Parsed.read(variant, workers: 1))
            for workers in 2...4 {
                let parts = try #require(OutputManifest.Parsed.read(variant, workers: workers))
                #expect(parts.paths == one.paths && parts.entries == one.entries && parts.starts == one.starts && parts.pathEnds == one.pathEnds
                        && parts.ends == one.ends && parts.sorted == one.sorted)
                let (a, b) = (OutputManifest(parts), OutputManifest(one))
                #expect(a.allEntries == b.allEntries && a.sortedPaths == b.sortedPaths && a.serialized() == b.serialized())
            }
        }
        #expect(OutputManifest.Parsed.read(bytes, workers: 3)?.sorted == true)
        #expect(OutputManifest.Parsed.read(Array(shuffled.joined(separator: [0x0A])), workers: 3)?.sorted == false)
        // Two neighbors swapped, near where two parts meet: one of them is where they meet.
        let sorted = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        for i in (sorted.count / 2 - 30)..<(sorted.count / 2 + 30) {
            var swapped = sorted
            swapped.swapAt(i, i + 1)
            #expect(OutputManifest.Parsed.read(Array(swapped.joined(separator: [0x0A])), workers: 2)?.sorted == false, "swapped at \(i)")
        }
        #expect(OutputManifest(try #require(OutputManifest.Parsed.read(Array(lines.joined(separator: [0x0A])), workers: 2))).sortedPaths.count == 3_002)
        // A bad line in the last part spoils the whole.
        var broken = lines
        broken[broken.count - 3] += Array("\tx".utf8)
        #expect(OutputManifest.Parsed.read(Array(broken.joined(separator: [0x0A])), workers: 4) == nil)
    }

    @Test("a manifest line with a field too many or too few, a bad fingerprint or a bad number is no manifest")
    func manifestLines() {
        let hash = "\(Fingerprint(of: Array("x".utf8)))"
        func parsed(_ lines: [String]) -> OutputManifest? { OutputManifest.parse(Array(([OutputManifest.header] + lines).joined(separator: "\n").utf8 + [0x0A])) }
        let good = ["a.html\t\(hash)\t10\t7\t-3\t9", "b/c.html\t\(hash)", "", "d.html\t\(hash)\t0\t0\t0\t9223372036854775807"]
        let read = parsed(good)
        #expect(read?.allEntries.count == 3)
        #expect(read?.entry("a.html")?.status == .init(kind: .file, size: 10, inode: 7, modified: -3, changed: 9))
        #expect(read?.entry("b/c.html") == .init(hash: Fingerprint(of: Array("x".utf8)), status: nil))
        #expect(OutputManifest.parse(Array("\n\(OutputManifest.pendingHeader)\n\(good[1])".utf8))?.pending == true, "blank lines first, no last line break")
        for bad in ["a.html", "a.html\t\(hash)\t1", "a.html\t\(hash)\t1\t2\t3", "a.html\t\(hash)\t1\t2\t3\t4\t5",
                    "a.html\t\(hash.uppercased())", "a.html\t\(hash.dropLast())", "a.html\t\(hash)0",
                    "a.html\t\(hash)\t1\t2\t3\tx", "a.html\t\(hash)\t1\t2\t3\t", "a.html\t\(hash)\t-\t2\t3\t4",
                    "a.html\t\(hash)\t9223372036854775808\t2\t3\t4", "a.html\t\(hash)\t12345678901234567890\t2\t3\t4",
                    "a.html\t\(hash)\t1\t2\t3\t4\r", "\t\(hash)", "a/../b\t\(hash)", "/a\t\(hash)"] {
            #expect(parsed([good[0], bad]) == nil, "\(bad.debugDescription)")
        }
        #expect(OutputManifest.parse(Array("\(OutputManifest.header)\textra\n".utf8)) == nil)
        #expect(OutputManifest.parse([]) == nil)
        #expect(OutputManifest.parse(Array("\n\n".utf8)) == nil)
    }

    @Test("a manifest saved again writes what a fresh one would: pending, with changed entries, with other paths")
    func manifestSavedAgain() throws {
        var fresh = OutputManifest()
        for (i, p) in ["b/index.html", "a.html", "é.html", "b/c.html"].enumerated() {
            fresh.set(p, .init(hash: .init(of: Array(p.utf8)), status: .init(kind: .file, size: Int64(i), inode: 9, modified: 1, changed: 2)))
        }
        var read = try #require(OutputManifest.parse(fresh.serialized()))
        #expect(read.serialized() == fresh.serialized(), "copied from the lines it was read from")
        read.pending = true
        fresh.pending = true
        #expect(read.serialized() == fresh.serialized(), "only the header changes")
        read.set("a.html", read.entry("a.html").map { .init(hash: $0.hash, status: nil) })
        fresh.set("a.html", fresh.entry("a.html").map { .init(hash: $0.hash, status: nil) })
        #expect(read.serialized() == fresh.serialized(), "the same paths in the order read")
        read.set("b/index.html", nil)
        read.set("0.html", .init(hash: .init(of: Array("0".utf8)), status: nil))
        fresh.set("b/index.html", nil)
        fresh.set("0.html", .init(hash: .init(of: Array("0".utf8)), status: nil))
        #expect(read.serialized() == fresh.serialized(), "other paths (as many as before) sorted again")
        // A path given in another Unicode spelling is another name (the file system keeps the bytes):
        // an entry of its own, beside the first.
        read.set("e\u{301}.html", .init(hash: .init(of: Array("nfd".utf8)), status: nil))
        fresh.set("e\u{301}.html", .init(hash: .init(of: Array("nfd".utf8)), status: nil))
        #expect(read.serialized() == fresh.serialized())
        // Many entries, a few changed: the lines spliced in at their places.
        var many = OutputManifest()
        for i in 0..<500 { many.set("h\(i % 7)/o\(i)/index.html", .init(hash: .init(of: Array("\(i)".utf8)), status: .init(kind: .file, size: Int64(i), inode: 1, modified: 2, changed: 3))) }
        var again = try #require(OutputManifest.parse(many.serialized()))
        for i in stride(from: 3, to: 500, by: 41) {
            let changed = OutputManifest.Entry(hash: .init(of: Array("new \(i)".utf8)), status: nil)
            many.set("h\(i % 7)/o\(i)/index.html", changed)
            again.set("h\(i % 7)/o\(i)/index.html", changed)
        }
        again.pending = true
        many.pending = true
        #expect(again.serialized() == many.serialized())
        let unsorted = Array((OutputManifest.header + "\nz.html\t\(Fingerprint(of: Array("z".utf8)))\na.html\t\(Fingerprint(of: Array("a".utf8)))\n").utf8)
        var hand = try #require(OutputManifest.parse(unsorted))
        hand.set("z.html", hand.entry("z.html").map { .init(hash: $0.hash, status: nil) })
        #expect(String(decoding: hand.serialized(), as: UTF8.self).hasSuffix("a.html\t\(Fingerprint(of: Array("a".utf8)))\nz.html\t\(Fingerprint(of: Array("z".utf8)))\n"), "a hand-sorted file is sorted again")
    }
}
