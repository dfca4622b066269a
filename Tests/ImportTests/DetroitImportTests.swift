import CLITestSupport
import Foundation
import Loading
import Testing
@testable import CLI

/// The real Improve Detroit export imported into a site made of six of Detroit's 2019
/// neighborhoods: Belle Isle has a hole, Oak Grove is two polygons.
@Suite("Importing Improve Detroit's export", .serialized)
struct DetroitImportTests {
    static let names = ["Bagley", "Corktown", "Claytown", "Warrendale", "Belle Isle", "Oak Grove"]
    static let export = sharedData + "/detroit-improve-traffic-complaints/improve_detroit_traffic_complaints.csv"

    static func slug(_ name: String) -> String { name.lowercased().replacingOccurrences(of: " ", with: "-") }

    /// The site, each neighborhood's boundary the union of the polygons of its `new_nhood`.
    static func site() throws -> Site {
        let site = try Site()
        let data = try Data(contentsOf: URL(fileURLWithPath: sharedData + "/detroit-neighborhoods-2019/detroit_neighborhoods.geojson"))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var polygons: [String: [Any]] = [:]
        for feature in root["features"] as! [[String: Any]] {
            let name = (feature["properties"] as! [String: Any])["new_nhood"] as! String
            guard names.contains(name) else { continue }
            let geometry = feature["geometry"] as! [String: Any]
            polygons[name, default: []] += geometry["coordinates"] as! [Any]
        }
        for name in names {
            let slug = slug(name)
            let boundary = try JSONSerialization.data(withJSONObject: ["type": "MultiPolygon", "coordinates": polygons[name]!])
            try site.write("neighborhoods/\(slug)/neighborhood.md", "---\nname: \(name)\n---\nAbout.\n")
            try site.write("neighborhoods/\(slug)/boundary.geojson", String(decoding: boundary, as: UTF8.self))
        }
        return site
    }

    static func expectedCounts() throws -> [String: Int] {
        let text = try String(contentsOfFile: sharedData + "/detroit-improve-traffic-complaints/pip_counts_by_new_nhood.csv", encoding: .utf8)
        var out: [String: Int] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let cells = line.split(separator: ",")
            if names.contains(String(cells[0])) { out[slug(String(cells[0]))] = Int(cells[1]) }
        }
        return out
    }

    @Test("Each neighborhood gets exactly the reports its boundary holds; a second import adds nothing; a removed report stays removed")
    func countsAndIdempotence() throws {
        let site = try Self.site()
        defer { site.remove() }
        let expected = try Self.expectedCounts()
        #expect(expected.count == 6 && expected["belle-isle"] == 5 && expected["oak-grove"] == 14)

        let first = site.run([Self.export, "--default-category", "speeding"])
        #expect(first.status == 0, "\(first.err)")
        let (content, diagnostics) = ContentLoader.load(root: site.content)
        #expect(!diagnostics.hasErrors, "\(diagnostics.filter(\.isError).prefix(3))")
        var total = 0
        for n in content!.neighborhoods {
            #expect(n.observations.count == expected[n.slug], "\(n.slug)")
            #expect(n.observations.allSatisfy { $0.status == .pending && $0.id.hasPrefix("seeclickfix-") })
            total += n.observations.count
        }
        #expect(first.out.hasPrefix("imported 51 new reports into bagley, 5 into belle-isle, 103 into claytown, 107 into corktown, 14 into oak-grove, 103 into warrendale, 0 already known, \(4179 - total) outside every neighborhood (lines 2, 3, "))

        let csv = site.content + "/neighborhoods/bagley/observations.csv"
        let before = try Data(contentsOf: URL(fileURLWithPath: csv))
        let second = site.run([Self.export, "--default-category", "speeding"])
        #expect(second.status == 0)
        #expect(second.out.hasPrefix("imported 0 new reports, \(total) already known, \(4179 - total) outside every neighborhood"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: csv)) == before)

        // A lead removes one; a third import neither re-adds nor reopens it.
        let id = content!.neighborhoods.first { $0.slug == "bagley" }!.observations[0].id
        let t = Transcript()
        #expect(CommandLineTool.run(["review", "bagley", "--remove", id, "--content", site.content], console: t.console(in: site.dir)) == 0)
        let third = site.run([Self.export, "--default-category", "speeding"])
        #expect(third.out.hasPrefix("imported 0 new reports, \(total) already known"))
        let (after, _) = ContentLoader.load(root: site.content, only: ["bagley"])
        #expect(after!.neighborhoods[0].observation(id)?.status == .removed)

        // Even with its row deleted by hand, the moderation log keeps it out.
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        let start = text.range(of: "\n" + id + ",")!
        let end = text.range(of: "\nseeclickfix-", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.index(before: text.endIndex)
        let kept = String(text[..<start.lowerBound] + text[end...])
        try Data(kept.utf8).write(to: URL(fileURLWithPath: csv))
        let fourth = site.run([Self.export, "--default-category", "speeding"])
        #expect(fourth.status == 0, "\(fourth.err)")
        #expect(fourth.out.hasPrefix("imported 0 new reports, \(total) already known"))
        let (last, _) = ContentLoader.load(root: site.content, only: ["bagley"])
        #expect(last!.neighborhoods[0].observation(id) == nil)
    }

    @Test("--dry-run prints the same summary and writes nothing")
    func dryRun() throws {
        let site = try Self.site()
        defer { site.remove() }
        let dry = site.run([Self.export, "--default-category", "speeding", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.out.hasPrefix("imported 51 new reports into bagley, 5 into belle-isle"))
        #expect(dry.out.hasSuffix("dry run: nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: site.content + "/neighborhoods/bagley/observations.csv"))
    }

    @Test("Unmapped categories are one error naming the values seen and their counts, and nothing is written")
    func unmapped() throws {
        let site = try Self.site()
        defer { site.remove() }
        let run = site.run([Self.export])
        #expect(run.status == 1)
        #expect(run.err.contains("reports have categories the site does not know: 'None of the above (see below)' (1986), 'Disregarding traffic control device' (265)"))
        #expect(run.err.contains("--default-category KEY"))
        #expect(!FileManager.default.fileExists(atPath: site.content + "/neighborhoods/bagley/observations.csv"))
    }
}
