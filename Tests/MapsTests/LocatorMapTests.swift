import Foundation
import TestSupport
import Testing
@testable import Geo
@testable import Maps

@Suite("A report's locator map: a window of its neighborhood's ground, drawn once")
struct LocatorMapTests {
    let square = Area(polygons: [Polygon(outer: [
        .init(latitude: 42.0, longitude: -83.2), .init(latitude: 42.0, longitude: -83.1),
        .init(latitude: 42.1, longitude: -83.1), .init(latitude: 42.1, longitude: -83.2), .init(latitude: 42.0, longitude: -83.2),
    ])])

    /// A locator map's spec (as `ViewModels.map` sets one) of one report at `at`, over a grid of streets.
    func locator(at c: Coordinate = .init(latitude: 42.031, longitude: -83.172)) -> MapSpec {
        let streets: [MapSpec.BasemapShape] = (0..<40).map { i in
            let t = Double(i / 2) / 20 * 0.1
            let line: [Coordinate] = i % 2 == 0
                ? [.init(latitude: 42.0, longitude: -83.2 + t), .init(latitude: 42.1, longitude: -83.2 + t)]
                : [.init(latitude: 42.0 + t, longitude: -83.2), .init(latitude: 42.0 + t, longitude: -83.1)]
            return .init(kind: .street, name: "Street \(i)", streetClass: i % 10 == 0 ? .principal : .local, areas: [], lines: [line])
        }
        var spec = MapSpec(title: "Where: Street 4", place: "Test", boundary: square, basemap: streets,
                           marks: [.init(id: "r1", coordinate: c, category: "a", label: "Speeding, May 9", url: "../../observations/r1/index.html")],
                           categories: [.init(key: "a", label: "Speeding", color: "#d55e00")], groupLink: "#", attribution: "test")
        spec.zoomToMarks = true
        spec.width = 560
        spec.minHeight = 300
        spec.maxHeight = 360
        spec.minimumSpan = 650
        spec.narrowWidth = 320
        return spec
    }

    @Test("a locator map draws no ground of its own: it shows the shared picture under its mark, north arrow and scale bar")
    func referencesTheGround() throws {
        let spec = locator()
        let grounds = try #require(MapRenderer.locatorGrounds(spec))
        let drawing = try #require(MapRenderer.locator(spec, grounds: grounds, href: "../../assets/locator-ground.svg", narrowHref: "../../assets/locator-ground-phone.svg"))
        let narrow = try #require(drawing.narrow)
        #expect(drawing.svg.contains("<image class=\"ground\" href=\"../../assets/locator-ground.svg\""))
        #expect(narrow.svg.contains("<image class=\"ground\" href=\"../../assets/locator-ground-phone.svg\""))
        for svg in [drawing.svg, narrow.svg] {
            #expect(!svg.contains("class=\"basemap\"") && !svg.contains("class=\"boundary\"") && !svg.contains("Street 4</text>"), "no ground drawn per page")
            #expect(svg.contains("href=\"../../observations/r1/index.html\" tabindex=\"-1\" aria-label=\"Speeding, May 9\""), "the mark links to its report")
            #expect(svg.contains("class=\"north\"") && svg.contains("class=\"scale\""))
        }
        #expect(drawing.svg.contains("aria-labelledby=\"map-title map-desc\"") && drawing.svg.contains("<title id=\"map-title\">Where: Street 4</title>"))
        #expect(narrow.svg.contains("aria-labelledby=\"mapn-title mapn-desc\"") && narrow.svg.contains("<desc id=\"mapn-desc\">\(drawing.description)</desc>"))
        #expect(drawing.places.map(\.anchor) == ["map-g1"] && drawing.narrowPlaces.map(\.anchor) == ["mapn-g1"])
        #expect(drawing.narrowPlaces.map(\.name) == drawing.places.map(\.name))
    }

    @Test("the window is centered on the report, as big and at the scale of the locator map it replaces (no closer)")
    func sameFrameAsBefore() throws {
        let spec = locator()
        let grounds = try #require(MapRenderer.locatorGrounds(spec))
        let shared = try #require(MapRenderer.locator(spec, grounds: grounds, href: "g.svg", narrowHref: "p.svg"))
        let whole = MapRenderer.draw(spec)
        #expect(shared.width == whole.width && shared.height == whole.height)
        #expect(shared.narrow?.width == whole.narrow?.width && shared.narrow?.height == whole.narrow?.height)
        #expect(shared.scale.metric == whole.scale.metric && shared.scale.imperial == whole.scale.imperial)
        #expect(abs(shared.scale.metersPerPixel - whole.scale.metersPerPixel) / whole.scale.metersPerPixel < 0.002)
        for (rendition, ground) in [(shared.wide, grounds.wide), (try #require(shared.narrow), try #require(grounds.narrow))] {
            let mark = try #require(rendition.markBoxes.first)
            #expect(abs(mark.cx - rendition.width / 2) <= 0.5 && abs(mark.cy - rendition.height / 2) <= 0.5)
            // The picture lies where the window says: the report's pixel in it is the mark's, moved by the picture's corner.
            let p = ground.fit.point(spec.marks[0].coordinate)
            let corner = ground.window(around: spec.marks[0].coordinate).transfer((x: 0, y: 0), from: ground.fit)
            #expect(abs(p.x + corner.x - mark.cx) < 1e-6 && abs(p.y + corner.y - mark.cy) < 1e-6)
            #expect(rendition.svg.contains("x=\"\(SVGText.number(corner.x))\" y=\"\(SVGText.number(corner.y))\" width=\"\(SVGText.number(ground.fit.width))\""))
        }
    }

    @Test("a window near the neighborhood's edge still lies inside the picture")
    func edgesCovered() throws {
        for c in [Coordinate(latitude: 42.0, longitude: -83.2), .init(latitude: 42.1, longitude: -83.1), .init(latitude: 42.0, longitude: -83.1)] {
            let grounds = try #require(MapRenderer.locatorGrounds(locator(at: c)))
            for ground in [grounds.wide, try #require(grounds.narrow)] {
                let corner = ground.window(around: c).transfer((x: 0, y: 0), from: ground.fit)
                #expect(corner.x <= 0 && corner.y <= 0)
                #expect(corner.x + ground.fit.width >= ground.windowWidth && corner.y + ground.fit.height >= ground.windowHeight)
            }
        }
    }

    @Test("the ground picture is drawn from the neighborhood alone: the same bytes whichever report asks, with its streets named")
    func groundPicture() throws {
        let a = locator(), b = locator(at: .init(latitude: 42.09, longitude: -83.11))
        let grounds = try #require(MapRenderer.locatorGrounds(a))
        let picture = MapRenderer.groundPicture(a, grounds.wide)
        #expect(picture == MapRenderer.groundPicture(b, try #require(MapRenderer.locatorGrounds(b)).wide))
        #expect(picture.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(picture.contains("class=\"basemap\"") && picture.contains("class=\"boundary\"") && picture.contains(">TEST</text>"))
        // A long street is named as often as there is room: a window anywhere along it shows its name.
        let names = picture.components(separatedBy: ">Street 20</text>").count - 1
        #expect(names >= 2 * 3, "\(names) names (halo and letters) for a street \(Int(grounds.wide.fit.width)) px long")
        #expect(MapRenderer.groundPicture(a, try #require(grounds.narrow)) != picture, "the phone's picture is at its own scale")
    }

    @Test("the ground picture carries the default theme's dark ground itself, since the page's styles never reach into it")
    func darkGround() throws {
        let css = try String(contentsOfFile: PackageFolder.root + "/templates/assets/site.css", encoding: .utf8)
        let rules = LocatorGround.darkStyle.split(separator: "\n").filter { $0.hasPrefix("svg.map ") }
        #expect(rules.count >= 10)
        for rule in rules { #expect(css.contains("  " + rule + "\n"), "site.css has \(rule)") }
        let spec = locator()
        let picture = MapRenderer.groundPicture(spec, try #require(MapRenderer.locatorGrounds(spec)).wide)
        #expect(picture.contains("class=\"map\"") && picture.contains("<style>@media (prefers-color-scheme: dark) {"))
    }

    @Test("without a boundary there is no shared ground: each locator map is drawn whole")
    func noBoundary() {
        var spec = locator()
        spec.boundary = nil
        #expect(MapRenderer.locatorGrounds(spec) == nil)
    }
}
