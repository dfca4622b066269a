import Foundation
import Testing

@Suite("The ground under reports' locator maps, written once per neighborhood")
struct LocatorGroundBuildTests {
    static let grounds = ["assets/locator-ground.svg", "assets/locator-ground-phone.svg"]

    @Test("a report's locator map references its neighborhood's ground picture, and draws no street, park or boundary itself")
    func pageReferencesGround() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let page = try #require(f.file("north/observations/o1/index.html"))
        #expect(page.contains("<image class=\"ground\" href=\"../../assets/locator-ground.svg\""))
        #expect(page.contains("<image class=\"ground\" href=\"../../assets/locator-ground-phone.svg\""))
        #expect(!page.contains("class=\"basemap\"") && !page.contains("class=\"boundary\""))
        #expect(page.contains("aria-labelledby=\"map-title map-desc\"") && page.contains("href=\"../../observations/o1/index.html\" tabindex=\"-1\""))
    }

    @Test("the ground pictures are in OUT and in the manifest, once per neighborhood, the same bytes build after build")
    func groundInOutAndManifest() throws {
        let f = SiteFixture(SiteFixture.northAndSouth)
        #expect(f.build().succeeded)
        let manifest = try #require(f.file(".commonsight-manifest"))
        for hood in ["north", "south"] {
            for ground in Self.grounds {
                let svg = try #require(f.file("\(hood)/\(ground)"), "\(hood)/\(ground)")
                #expect(svg.hasPrefix("<?xml") && svg.contains("class=\"boundary\""))
                #expect(manifest.components(separatedBy: "\n").filter { $0.hasPrefix("\(hood)/\(ground)\t") }.count == 1, "\(hood)/\(ground) in the manifest")
            }
        }
        #expect(SiteFixture.files(under: f.out).filter { $0.contains("locator-ground") }.count == 4, "two pictures for each of two neighborhoods")
        let again = f.base + "/again"
        #expect(f.build(out: again).succeeded)
        for ground in Self.grounds {
            #expect(FileManager.default.contents(atPath: again + "/north/" + ground) == FileManager.default.contents(atPath: f.out + "/north/" + ground))
        }
    }
}
