import Foundation
import Testing
@testable import Loading

@Suite("Private data is dropped while loading")
struct PrivacyTests {
    @Test("built-in, private_ and site-listed fields never reach the model")
    func privateFields() throws {
        let site = Fixture.site + "\nprivacy:\n  private_fields: [author, ward]\n"
        let f = Fixture([
            "site.yml": site,
            "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,email,phone,private_note,author,ward\n"
                + "a1,speeding,C,42.05,-83.15,2024-05-01,MARK-EMAIL,MARK-PHONE,MARK-NOTE,MARK-AUTHOR,MARK-WARD\n",
        ])
        let (content, diagnostics) = f.load()
        #expect(diagnostics.isEmpty)
        let o = try #require(content?.neighborhoods.first?.observations.first)
        #expect(o.author == nil)
        #expect(!String(describing: content as Any).contains("MARK-"))
    }

    @Test("a private field that holds garbage is never read, so it cannot fail the build")
    func privateNeverParsed() {
        let f = Fixture(["neighborhoods/n/observations/x.md": "---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\nemail: [not, text]\nprivate_home: {a: 1}\n---\n"])
        #expect(f.errors().isEmpty)
    }

    @Test("with location_precision_m, points are snapped while loading")
    func snapping() throws {
        let f = Fixture([
            "site.yml": Fixture.site + "\nprivacy:\n  location_precision_m: 100\n",
            "neighborhoods/n/observations.csv": Fixture.csv("a1,speeding,C,42.0512345,-83.1512345,2024-05-01"),
        ])
        let o = try #require(f.load().0?.neighborhoods.first?.observations.first)
        #expect(o.coordinate.latitude != 42.0512345)
        #expect(!String(describing: o).contains("42.05123"))
    }
}
