import TestSupport
import Testing
@testable import ContentFields
@testable import Loading

@Suite("Names work on every file system the site may be copied to")
struct PortableNameTests {
    @Test("reserved Windows names, a trailing dot and the site's own file names are errors with their place", arguments: [
        ("CON", "id 'CON' is a reserved device name on Windows (CON), so the site could not be copied there; choose another name"),
        ("aux.1", "id 'aux.1' is a reserved device name on Windows (AUX), so the site could not be copied there; choose another name"),
        ("lpt9", "id 'lpt9' is a reserved device name on Windows (LPT9), so the site could not be copied there; choose another name"),
        ("a.", "id 'a.' ends with a dot, which Windows drops (so it would collide with 'a'); remove it"),
        ("index.html", "id 'index.html' is the name of a file the site writes itself; choose another name"),
    ])
    func observationIDs(_ id: String, _ message: String) {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv("\(id),speeding,Corner,42.05,-83.15,2026-11-02")])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:2:1: error: " + message])
    }

    @Test("a story, coalition or event file and a neighborhood folder are checked the same way")
    func slugs() {
        let f = Fixture(["neighborhoods/n/stories/con.md": "---\ntitle: x\n---\n", "neighborhoods/nul/neighborhood.md": "---\nname: Nul\n---\n"])
        #expect(f.errors() == [
            "content/neighborhoods/n/stories/con.md: error: file name 'con' is a reserved device name on Windows (CON), so the site could not be copied there; choose another name",
            "content/neighborhoods/nul: error: folder name 'nul' is a reserved device name on Windows (NUL), so the site could not be copied there; choose another name",
        ])
    }

    @Test("dates before 1900 or after 2200 are errors, not broken calendars and feeds", arguments: ["0001-01-01", "1899-12-31", "2201-01-01", "9999-12-31T10:00:00Z"])
    func dateRange(_ date: String) {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv("o1,speeding,Corner,42.05,-83.15,\(date)")])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:2:33: error: 'observed' is '\(date)', outside the years 1900 to 2200; check the year"])
    }

    @Test("a long name is not looked up among reserved ones, and every name gets the answer the full lookup gives")
    func reservedNamesAsBefore() {
        func reserved(_ s: String) -> Bool {
            Identifiers.reservedOnWindows.contains(s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.uppercased() } ?? "")
        }
        let pieces = ["c", "o", "n", "C", "O", "N", "a", "u", "x", "l", "p", "t", "1", "9", ".", "ı", "ſ", "ﬀ", "-", "é", "nul", "com"]
        var random = SeededRandom(seed: 9)
        func next(_ n: Int) -> Int { random.next(n) }
        for _ in 0..<20_000 {
            let name = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
            let problem = Identifiers.portabilityProblem(name)
            #expect((problem?.contains("reserved device name") ?? false) == reserved(name), "\(name)")
        }
    }
}
