import Diagnostics
import Fingerprint
import Foundation
@testable import Loading
import Testing

/// A neighborhood is fingerprinted before it is read. An edit that lands in between, even one undone
/// before the next build, must not leave that fingerprint on pages made from the edited bytes.
@Suite("A neighborhood edited while it is read")
struct EditedWhileReadTests {
    static let first = Fixture.csv("a1,speeding,Corner,42.05,-83.15,2024-05-01", "a2,speeding,Bend,42.06,-83.16,2024-05-02")
    static let second = Fixture.csv("a1,speeding,Corner,42.05,-83.15,2024-05-01")
    static let story = "---\ntitle: Slow down\nobservations: [a1]\ncall_to_action: Come\n---\nBody.\n"

    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case fileChanged = "a file changed"
        case fileRemoved = "a file removed"
        case fileAdded = "a file added"
        var testDescription: String { rawValue }
    }

    /// The fixture's neighborhood `n`, its folder, and the site's settings.
    func fixture() throws -> (Fixture, String, SiteSettings) {
        let f = Fixture(["neighborhoods/n/observations.csv": Self.first, "neighborhoods/n/stories/slow.md": Self.story])
        let (site, _) = ContentLoader.siteSettings(root: f.root)
        return (f, f.root + "/neighborhoods/n", try #require(site))
    }

    func apply(_ edit: Edit, _ f: Fixture) throws {
        switch edit {
        case .fileChanged: f.write("neighborhoods/n/observations.csv", Data(Self.second.utf8))
        case .fileRemoved: try FileManager.default.removeItem(atPath: f.root + "/neighborhoods/n/stories/slow.md")
        case .fileAdded: f.write("neighborhoods/n/stories/later.md", Data(Self.story.utf8))
        }
    }

    func undo(_ edit: Edit, _ f: Fixture) throws {
        switch edit {
        case .fileChanged: f.write("neighborhoods/n/observations.csv", Data(Self.first.utf8))
        case .fileRemoved: f.write("neighborhoods/n/stories/slow.md", Data(Self.story.utf8))
        case .fileAdded: try FileManager.default.removeItem(atPath: f.root + "/neighborhoods/n/stories/later.md")
        }
    }

    @Test("and undone before the next build is read again by that build", arguments: Edit.allCases)
    func readAgain(_ edit: Edit) throws {
        let (f, hood, site) = try fixture()
        let snapshot = FolderFingerprint.snapshot(hood, within: f.root, skipping: [Neighborhood.moderationLog])
        try apply(edit, f)
        var log = DiagnosticLog()
        let read = try #require(ContentLoader.neighborhood("n", at: hood, site: site, folder: ContentFolder(root: f.root), snapshot: snapshot, log: &log))
        #expect(!log.items.hasErrors, "\(log.items)")
        try undo(edit, f)
        #expect(FolderFingerprint.of(hood, within: f.root, skipping: [Neighborhood.moderationLog]) == snapshot.value, "the folder is as it was fingerprinted")
        #expect(read.fingerprint != snapshot.value, "yet what was read is not what the fingerprint says")
        #expect(read.fingerprint == FolderFingerprint.unsettled(snapshot.value))
        switch edit {
        case .fileChanged: #expect(read.observations.map(\.id) == ["a1"], "what was read is what is published")
        case .fileRemoved: #expect(read.stories.isEmpty)
        case .fileAdded: #expect(read.stories.count == 2)
        }
    }

    @Test("a symbolic link to nothing where a file is looked for is passed over with a warning, and read as it is (not again and again)")
    func linkToNothing() throws {
        let (f, hood, site) = try fixture()
        try FileManager.default.createSymbolicLink(atPath: hood + "/basemap.geojson", withDestinationPath: "nowhere.geojson")
        let snapshot = FolderFingerprint.snapshot(hood, within: f.root, skipping: [Neighborhood.moderationLog])
        var log = DiagnosticLog()
        let read = try #require(ContentLoader.neighborhood("n", at: hood, site: site, folder: ContentFolder(root: f.root), snapshot: snapshot, log: &log))
        #expect(read.fingerprint == snapshot.value)
        #expect(log.items.map(\.message) == ["ignored: this is a symbolic link to nothing; link it to a file, or remove it"])
        #expect(log.items.first?.location.path == hood + "/basemap.geojson")
    }

    @Test("left alone, it keeps its folder's fingerprint (the next build takes it as it is)")
    func settled() throws {
        let (f, hood, site) = try fixture()
        f.write("neighborhoods/n/observations/b1.md", Data("---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\nstatus: published\n---\n".utf8))
        f.write("neighborhoods/n/\(Neighborhood.moderationLog)", Data("decided\n".utf8))
        f.write("neighborhoods/n/.hidden", Data("x".utf8))
        let snapshot = FolderFingerprint.snapshot(hood, within: f.root, skipping: [Neighborhood.moderationLog])
        // The moderation log is a record of decisions: appending to it while the folder is read changes no page.
        f.write("neighborhoods/n/\(Neighborhood.moderationLog)", Data("decided\ndecided again\n".utf8))
        var log = DiagnosticLog()
        let read = try #require(ContentLoader.neighborhood("n", at: hood, site: site, folder: ContentFolder(root: f.root), snapshot: snapshot, log: &log))
        #expect(!log.items.hasErrors, "\(log.items)")
        #expect(read.observations.count == 3)
        #expect(read.fingerprint == snapshot.value)
        #expect(snapshot.value == FolderFingerprint.of(hood, within: f.root, skipping: [Neighborhood.moderationLog]))
    }
}
