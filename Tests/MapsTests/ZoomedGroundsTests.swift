import Foundation
import TestSupport
import Testing
@testable import Geo
@testable import Maps

@Suite("Maps of reports: windows of the neighborhood drawn once per zoom level")
struct ZoomedGroundsTests {
    /// A square neighborhood `side` degrees across (0.03: about 2.5 by 3.3 km, as a city's
    /// neighborhoods are), with a grid of named streets.
    func hood(side: Double) -> (Area, [MapSpec.BasemapShape]) {
        let (s, w) = (42.0, -83.2)
        let square = Area(polygons: [Polygon(outer: [
            .init(latitude: s, longitude: w), .init(latitude: s, longitude: w + side),
            .init(latitude: s + side, longitude: w + side), .init(latitude: s + side, longitude: w), .init(latitude: s, longitude: w),
        ])])
        let streets: [MapSpec.BasemapShape] = (0..<40).map { i in
            let t = Double(i / 2) / 20 * side
            let line: [Coordinate] = i % 2 == 0
                ? [.init(latitude: s, longitude: w + t), .init(latitude: s + side, longitude: w + t)]
                : [.init(latitude: s + t, longitude: w), .init(latitude: s + t, longitude: w + side)]
            return .init(kind: .street, name: "Street \(i)", streetClass: i % 10 == 0 ? .principal : .local, areas: [], lines: [line])
        }
        return (square, streets)
    }

    /// A map of reports at `points` (shares of the square's side, from its south-west corner), as
    /// `ViewModels.map` sets one.
    func reports(_ points: [(Double, Double)], side: Double = 0.03) -> MapSpec {
        let (square, streets) = hood(side: side)
        let marks = points.enumerated().map { i, p in
            MapSpec.Mark(id: "r\(i)", coordinate: .init(latitude: 42.0 + p.0 * side, longitude: -83.2 + p.1 * side), category: "a",
                         label: "Report \(i)", url: "../../observations/r\(i)/index.html")
        }
        var spec = MapSpec(title: "This week", place: "Test", boundary: square, basemap: streets, marks: marks,
                           categories: [.init(key: "a", label: "Speeding", color: "#d55e00")], groupLink: "#", attribution: "test")
        spec.zoomToMarks = true
        spec.width = 640
        spec.minHeight = 320
        spec.maxHeight = 600
        spec.narrowWidth = 320
        return spec
    }

    /// Close together; a quarter of the neighborhood; its corners and middle; one alone; at a corner.
    static let sets: [[(Double, Double)]] = [
        [(0.31, 0.28), (0.32, 0.29)],
        [(0.1, 0.1), (0.4, 0.5)],
        [(0.02, 0.02), (0.98, 0.98), (0.5, 0.5)],
        [(0.9, 0.9)],
        [(0.0, 0.0), (0.03, 0.03)],
        [(0.2, 0.6), (0.21, 0.9), (0.25, 0.75)],
    ]

    @Test("each map is a window of the closest level that holds all its reports: none outside it, never closer than the map drawn whole, at most √2 farther",
          arguments: sets)
    func closestLevelHoldingAll(_ points: [(Double, Double)]) throws {
        let spec = reports(points)
        let grounds = try #require(MapRenderer.zoomedGrounds(spec))
        let zoomed = try #require(MapRenderer.zoomed(spec, grounds: grounds) { "g\($0)\($1 ? "p" : "").svg" })
        let whole = MapRenderer.draw(spec)
        let pairs = [(zoomed.wide, whole.wide, grounds.wideHeights), (try #require(zoomed.narrow), try #require(whole.narrow), try #require(grounds.narrowHeights))]
        for (rendition, drawn, heights) in pairs {
            #expect(rendition.width == drawn.width)
            #expect(rendition.height >= heights.min && rendition.height <= heights.max)
            for mark in rendition.markBoxes.prefix(rendition.markBoxes.count - 2) {
                #expect(mark.cx - mark.hw >= 0 && mark.cx + mark.hw <= rendition.width && mark.cy - mark.hh >= 0 && mark.cy + mark.hh <= rendition.height,
                        "a report outside the window: \(mark) in \(rendition.width) × \(rendition.height)")
            }
        }
        let farther = zoomed.scale.metersPerPixel / whole.scale.metersPerPixel
        #expect(farther > 0.999 && farther < 2.0.squareRoot() * 1.01, "\(farther) times as many meters a pixel")
        for svg in [zoomed.svg, try #require(zoomed.narrow).svg] {
            #expect(!svg.contains("class=\"basemap\"") && !svg.contains("class=\"boundary\""), "no street, park or boundary drawn per page (their names are)")
            #expect(svg.contains("<image class=\"ground\" href=\"g"))
        }
        #expect(zoomed.places.flatMap(\.marks).map(\.id).sorted() == spec.marks.map(\.id).sorted())
        #expect(zoomed.narrowPlaces.flatMap(\.marks).map(\.id).sorted() == spec.marks.map(\.id).sorted())
    }

    @Test("a window lies inside its level's picture, even at the neighborhood's corners", arguments: sets)
    func windowInsidePicture(_ points: [(Double, Double)]) throws {
        let spec = reports(points)
        let grounds = try #require(MapRenderer.zoomedGrounds(spec))
        let frame = MapRenderer.frame(spec)
        let (wideFit, narrowFit) = MapRenderer.fits(frame, spec)
        for (fit, levels, heights) in [(wideFit, grounds.wide, grounds.wideHeights), (try #require(narrowFit), grounds.narrow, try #require(grounds.narrowHeights))] {
            let (level, window) = try #require(MapRenderer.zoomedWindow(frame, fit: fit, levels: levels, planned: grounds.planned, heights: heights))
            let picture = levels[level].fit
            let corner = window.transfer((x: 0, y: 0), from: picture)
            #expect(corner.x <= 0 && corner.y <= 0 && corner.x + picture.width >= window.width && corner.y + picture.height >= window.height,
                    "window \(window.width) × \(window.height) at \(corner) of a \(picture.width) × \(picture.height) picture")
        }
    }

    @Test("two maps at one level show the same picture; the whole neighborhood is level 0")
    func levelsShared() throws {
        let a = reports([(0.31, 0.28), (0.32, 0.29)]), b = reports([(0.71, 0.62), (0.72, 0.63)])
        let grounds = try #require(MapRenderer.zoomedGrounds(a))
        let levelA = try #require(MapRenderer.zoomedLevels(a, grounds: grounds)), levelB = try #require(MapRenderer.zoomedLevels(b, grounds: grounds))
        #expect(levelA.wide == levelB.wide && levelA.narrow == levelB.narrow)
        #expect(levelA.wide > 0)
        let corners = reports([(0.0, 0.0), (1.0, 1.0)])
        #expect(MapRenderer.zoomedLevels(corners, grounds: grounds)?.wide == 0)
        #expect(grounds.wide.count == grounds.planned && grounds.narrow.count == grounds.planned && grounds.planned <= ZoomedGrounds.mostLevels)
    }

    @Test("reports outside the neighborhood widen the map past level 0: it is drawn whole")
    func outsideDrawnWhole() throws {
        let spec = reports([(0.5, 0.5), (3.0, -4.0)])
        let grounds = try #require(MapRenderer.zoomedGrounds(spec))
        #expect(MapRenderer.zoomed(spec, grounds: grounds) { _, _ in "g.svg" } == nil)
        #expect(MapRenderer.zoomedLevels(spec, grounds: grounds) == nil)
    }

    @Test("a very large neighborhood keeps only the levels small enough to draw; a map that needs a closer one is drawn whole")
    func largeNeighborhoodBounded() throws {
        let close = reports([(0.5, 0.5), (0.501, 0.501)], side: 1.0)
        let grounds = try #require(MapRenderer.zoomedGrounds(close))
        #expect(grounds.wide.count < grounds.planned && grounds.planned <= ZoomedGrounds.mostLevels)
        for ground in grounds.wide + grounds.narrow {
            #expect(ground.fit.width <= ZoomedGrounds.largestSide && ground.fit.height <= ZoomedGrounds.largestSide)
        }
        #expect(MapRenderer.zoomed(close, grounds: grounds) { _, _ in "g.svg" } == nil)
        let wide = reports([(0.1, 0.1), (0.9, 0.9)], side: 1.0)
        #expect(MapRenderer.zoomed(wide, grounds: grounds) { _, _ in "g.svg" } != nil)
    }

    @Test("a window names the streets it shows around its marks, the north arrow and the scale bar, and its level's picture has no names",
          arguments: sets)
    func namesAroundTheMarks(_ points: [(Double, Double)]) throws {
        let spec = reports(points)
        let grounds = try #require(MapRenderer.zoomedGrounds(spec))
        let zoomed = try #require(MapRenderer.zoomed(spec, grounds: grounds) { "g\($0)\($1 ? "p" : "").svg" })
        for drawing in [zoomed.wide] + (zoomed.narrow.map { [$0] } ?? []) {
            #expect(!drawing.labelBoxes.isEmpty, "some street is named")
            #expect(drawing.svg.contains("<text"))
            for label in drawing.labelBoxes {
                #expect(!drawing.markBoxes.contains { $0.overlaps(label) }, "a name under a mark, the north arrow or the scale bar")
                let (minX, minY, maxX, maxY) = label.bounds
                #expect(minX >= -0.01 && minY >= -0.01 && maxX <= drawing.width + 0.01 && maxY <= drawing.height + 0.01, "a name cut at the edge")
            }
        }
        for level in grounds.wide + grounds.narrow {
            #expect(!MapRenderer.groundPicture(spec, level, names: false).contains("<text"))
        }
    }

    @Test("reports just outside the neighborhood, at a level whose picture does not reach them, are drawn whole")
    func pastThePicture() throws {
        let spec = reports([(1.3, 1.3), (1.31, 1.31)])
        let grounds = try #require(MapRenderer.zoomedGrounds(spec))
        #expect(MapRenderer.zoomed(spec, grounds: grounds) { _, _ in "g.svg" } == nil)
        #expect(MapRenderer.zoomedLevels(spec, grounds: grounds) == nil)
    }

    @Test("a map with no report on it shows no level")
    func noReports() throws {
        let spec = reports([])
        let grounds = try #require(MapRenderer.zoomedGrounds(reports([(0.5, 0.5)])))
        #expect(MapRenderer.zoomedLevels(spec, grounds: grounds) == nil)
        #expect(MapRenderer.zoomed(spec, grounds: grounds) { _, _ in "g.svg" } == nil)
    }
}
