import Foundation
import Testing
@testable import CLI
import Loading
import Sharding

/// A content folder of `count` small neighborhoods (sizes differ), and a way to run the command line on it.
struct ShardFixture {
    let base = NSTemporaryDirectory() + "cs-shards-" + UUID().uuidString
    var content: String { base + "/content" }
    static let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/templates"

    init(neighborhoods count: Int) {
        write("site.yml", "title: Shard Digests\nbase_url: https://shards.example.org/\ntimezone: America/Detroit\nprivacy:\n  location_precision_m: 50\n"
              + "categories:\n  speeding: { label: Speeding, color: \"#d55e00\" }\n  illegal-parking: { label: Illegal parking, color: \"#009e73\" }\n")
        for h in 0..<count {
            let dir = "neighborhoods/hood-\(h)/"
            write(dir + "neighborhood.md", "---\nname: Hood \(h)\n---\nAbout hood \(h).\n")
            write(dir + "boundary.geojson", "{\"type\": \"Polygon\", \"coordinates\": [[[-83.2, 42.0], [-83.1, 42.0], [-83.1, 42.1], [-83.2, 42.1], [-83.2, 42.0]]]}")
            var csv = "id,category,location,lat,lon,observed,status,description\n"
            for i in 0..<(2 + h * 3) {
                csv += "o\(i),\(i % 2 == 0 ? "speeding" : "illegal-parking"),Place \(i),42.0\(i % 9)5,-83.1\(i % 7)5,2026-11-\(String(format: "%02d", 1 + i % 28)),published,Report \(i) of hood \(h).\n"
            }
            write(dir + "observations.csv", csv)
        }
    }

    func write(_ path: String, _ text: String) {
        let url = URL(fileURLWithPath: content + "/" + path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }

    /// Runs `commonsight build` into `out` with the environment given; status, stdout, stderr.
    func build(_ out: String, _ extra: [String] = [], environment: [String: String] = [:]) -> (Int32, String, String) {
        let lines = Lines()
        let console = Console(workingDirectory: base, today: "2026-11-29", environment: environment.merging(["TMPDIR": NSTemporaryDirectory()]) { given, _ in given },
                              out: { lines.add(out: $0) }, err: { lines.add(err: $0) })
        let status = CommandLineTool.run(["build", "--content", content, "--templates", Self.theme, "--out", base + "/" + out,
                                          "--cache-dir", base + "/cache-" + out, "--date", "2026-11-29", "--jobs", "2"] + extra, console: console)
        return (status, lines.out, lines.err)
    }

    /// Every file under `dir` but the tool's own manifest, by relative path, with its bytes.
    func tree(_ dir: String) -> [String: Data] {
        let root = base + "/" + dir
        var out: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(atPath: root) else { return out }
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue,
                  p != ".commonsight-manifest" else { continue }
            out[p] = FileManager.default.contents(atPath: root + "/" + p)
        }
        return out
    }
}

final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var o: [String] = [], e: [String] = []
    func add(out line: String) { lock.withLock { o.append(line) } }
    func add(err line: String) { lock.withLock { e.append(line) } }
    var out: String { lock.withLock { o.joined(separator: "\n") } }
    var err: String { lock.withLock { e.joined(separator: "\n") } }
}

@Suite("Sharded builds")
struct ShardBuildTests {
    @Test("merged shards are byte for byte the unsharded build, for 1 to 4 shards, with empty shards too")
    func mergedEqualsWhole() throws {
        let f = ShardFixture(neighborhoods: 3)
        let whole = f.build("whole")
        #expect(whole.0 == 0, "\(whole.2)")
        let expected = f.tree("whole")
        #expect(expected.keys.contains("index.html") && expected.keys.contains("hood-2/index.html"))
        for count in 1...4 {
            var merged: [String: Data] = [:]
            var seen: [String] = []
            for index in 0..<count {
                let name = "s\(count)-\(index)"
                let (status, out, err) = f.build(name, ["--shard-index", "\(index)", "--shard-count", "\(count)"])
                #expect(status == 0, "\(err)")
                #expect(out.contains("(shard \(index) of \(count))"), "\(out)")
                let tree = f.tree(name)
                let hoods = Set(tree.keys.compactMap { $0.contains("/") ? String($0.split(separator: "/")[0]) : nil })
                seen += hoods
                // Site-wide files are the same bytes in every shard.
                #expect(tree["index.html"] == expected["index.html"], "shard \(index) of \(count): index.html differs")
                for (path, bytes) in tree {
                    if let other = merged[path] { #expect(other == bytes, "\(path) differs between shards") }
                    merged[path] = bytes
                }
            }
            #expect(seen.sorted() == ["hood-0", "hood-1", "hood-2"], "count \(count): \(seen)")
            #expect(merged == expected, "count \(count): \(Set(merged.keys).symmetricDifference(expected.keys).sorted().prefix(5))")
        }
    }

    @Test("a shard with no neighborhood exits 0 and writes only the site-wide files")
    func emptyShard() throws {
        let f = ShardFixture(neighborhoods: 2)
        // Six shards for two neighborhoods: at least four are empty.
        let sizes = ContentLoader.neighborhoodSizes(root: f.content)
        let realEmpty = try #require((0..<6).first { ShardPlan.slugs(of: $0, sizes, count: 6).isEmpty })
        let (status, out, err) = f.build("empty", ["--shard-count", "6", "--shard-index", "\(realEmpty)"])
        #expect(status == 0, "\(err)")
        #expect(out.hasPrefix("built 0 neighborhoods (shard \(realEmpty) of 6)"), "\(out)")
        #expect(Set(f.tree("empty").keys) == ["index.html"])
        let index = String(decoding: f.tree("empty")["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("Hood 0") && index.contains("Hood 1"))
    }

    @Test("--shard-index defaults to JOB_COMPLETION_INDEX, which a Kubernetes Indexed Job sets")
    func jobCompletionIndex() {
        let f = ShardFixture(neighborhoods: 3)
        let sizes = ContentLoader.neighborhoodSizes(root: f.content)
        for index in 0..<2 {
            let (status, out, err) = f.build("k\(index)", ["--shard-count", "2"], environment: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(status == 0, "\(err)")
            #expect(out.contains("(shard \(index) of 2)"), "\(out)")
            let hoods = Set(f.tree("k\(index)").keys.compactMap { $0.contains("/") ? String($0.split(separator: "/")[0]) : nil })
            #expect(hoods == Set(ShardPlan.slugs(of: index, sizes, count: 2)))
        }
        // The option wins over the variable.
        let (status, out, _) = f.build("k-option", ["--shard-count", "2", "--shard-index", "1"], environment: ["JOB_COMPLETION_INDEX": "0"])
        #expect(status == 0 && out.contains("(shard 1 of 2)"), "\(out)")
        // Without --shard-count the variable means nothing: an unsharded build.
        let plain = f.build("k-plain", [], environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(plain.0 == 0 && plain.1.hasPrefix("built 3 neighborhoods:"), "\(plain.1)")
    }

    @Test("wrong shard options exit 2 naming what was expected")
    func usage() {
        let f = ShardFixture(neighborhoods: 1)
        let cases: [([String], [String: String], String)] = [
            (["--shard-index", "0"], [:], "--shard-index needs --shard-count"),
            (["--shard-count", "0", "--shard-index", "0"], [:], "--shard-count '0' is not a number from 1 to 10000"),
            (["--shard-count", "2", "--shard-index", "2"], [:], "--shard-index '2' is not a shard from 0 to 1"),
            (["--shard-count", "2"], [:], "--shard-count needs --shard-index (0 to 1), or JOB_COMPLETION_INDEX"),
            (["--shard-count", "2"], ["JOB_COMPLETION_INDEX": "x"], "JOB_COMPLETION_INDEX 'x' is not a shard from 0 to 1"),
            (["--shard-count", "2", "--shard-index", "0", "--only", "hood-0"], [:], "--only and --shard-count both choose"),
        ]
        for (args, env, message) in cases {
            let (status, _, err) = f.build("bad", args, environment: env)
            #expect(status == 2, "\(args)")
            #expect(err.contains(message), "\(args): \(err)")
        }
    }

    @Test("a shard's OUT drops the neighborhoods an earlier plan gave it")
    func staleNeighborhoodsLeave() {
        let f = ShardFixture(neighborhoods: 2)
        #expect(f.build("moving").0 == 0)  // an unsharded build: both neighborhoods
        let (status, _, err) = f.build("moving", ["--shard-count", "2", "--shard-index", "0"])
        #expect(status == 0, "\(err)")
        let hoods = Set(f.tree("moving").keys.compactMap { $0.contains("/") ? String($0.split(separator: "/")[0]) : nil })
        #expect(hoods == Set(ShardPlan.slugs(of: 0, ContentLoader.neighborhoodSizes(root: f.content), count: 2)))
    }
}
