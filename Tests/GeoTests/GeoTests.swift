import Testing
@testable import Geo

@Suite("Geometry")
struct GeoTests {
    let square = Polygon(
        outer: [.init(latitude: 42.0, longitude: -83.2), .init(latitude: 42.0, longitude: -83.1),
                .init(latitude: 42.1, longitude: -83.1), .init(latitude: 42.1, longitude: -83.2)],
        holes: [[.init(latitude: 42.04, longitude: -83.16), .init(latitude: 42.04, longitude: -83.14),
                 .init(latitude: 42.06, longitude: -83.14), .init(latitude: 42.06, longitude: -83.16)]])

    @Test("a point inside a hole is outside the area")
    func holes() {
        let area = Area(polygons: [square])
        #expect(area.contains(.init(latitude: 42.02, longitude: -83.15)))
        #expect(!area.contains(.init(latitude: 42.05, longitude: -83.15)))
        #expect(!area.contains(.init(latitude: 42.2, longitude: -83.15)))
    }

    @Test("distance to the area is zero inside and about right outside")
    func distance() {
        let area = Area(polygons: [square])
        #expect(area.distance(to: .init(latitude: 42.02, longitude: -83.15)) == 0)
        let d = area.distance(to: .init(latitude: 42.11, longitude: -83.15))
        #expect(abs(d - 1113) < 5)
    }

    @Test("a swapped latitude and longitude lands inside")
    func swapped() {
        let area = Area(polygons: [square])
        let entered = Coordinate(latitude: -83.15, longitude: 42.02)
        #expect(!area.contains(entered))
        #expect(area.contains(entered.swapped))
    }

    @Test("haversine distance between two Detroit points")
    func haversine() {
        let a = Coordinate(latitude: 42.4300, longitude: -83.1500)
        let b = Coordinate(latitude: 42.4400, longitude: -83.1500)
        #expect(abs(a.distance(to: b) - 1112) < 2)
    }

    @Test("snapping puts nearby points on the same cell center, and is stable")
    func snapping() {
        let grid = LocationGrid(meters: 50)
        let a = grid.snap(.init(latitude: 42.430_01, longitude: -83.150_01))
        let b = grid.snap(.init(latitude: a.latitude + 0.000_1, longitude: a.longitude - 0.000_2))
        #expect(a == b)
        #expect(grid.snap(a) == a)
        #expect(a.distance(to: .init(latitude: 42.430_01, longitude: -83.150_01)) < 50)
        #expect(LocationGrid(meters: 0).snap(.init(latitude: 1.5, longitude: 2.5)) == .init(latitude: 1.5, longitude: 2.5))
    }
}

@Suite("Streets in words")
struct StreetIndexTests {
    // Two streets crossing at (42.0, -83.0): Main runs north-south, Oak east-west; Far is 2 km away.
    let index = StreetIndex([
        ("Main St", [Coordinate(latitude: 41.99, longitude: -83.0), Coordinate(latitude: 42.01, longitude: -83.0)]),
        ("Oak Ave", [Coordinate(latitude: 42.0, longitude: -83.01), Coordinate(latitude: 42.0, longitude: -82.99)]),
        ("Far Rd", [Coordinate(latitude: 42.02, longitude: -83.01), Coordinate(latitude: 42.02, longitude: -82.99)]),
        ("", [Coordinate(latitude: 42.0, longitude: -83.0), Coordinate(latitude: 42.0001, longitude: -83.0)]),
    ])

    @Test("a point near a corner is described by the two streets that meet there, the nearer first")
    func corner() {
        #expect(index.corner(Coordinate(latitude: 42.0002, longitude: -83.0001)).map { [$0.street, $0.crossing ?? "-"] } == ["Main St", "Oak Ave"])
        #expect(index.corner(Coordinate(latitude: 42.0004, longitude: -83.0001)).map { [$0.street, $0.crossing ?? "-"] } == ["Main St", "Oak Ave"])
        #expect(index.corner(Coordinate(latitude: 42.0001, longitude: -83.0008)).map { [$0.street, $0.crossing ?? "-"] } == ["Oak Ave", "Main St"])
    }

    @Test("a street keeps the spelling of its first piece, whichever piece is nearer")
    func spelling() {
        let composed = "Caf\u{E9} St", decomposed = "Cafe\u{301} St"  // equal as Swift strings, not as bytes
        let streets = StreetIndex([
            (composed, [Coordinate(latitude: 39.999, longitude: -75.0021), Coordinate(latitude: 40.001, longitude: -75.0021)]),
            (decomposed, [Coordinate(latitude: 39.999, longitude: -74.9998), Coordinate(latitude: 40.001, longitude: -74.9998)]),
        ])
        let found = streets.nearest(Coordinate(latitude: 40, longitude: -75), within: 250)
        #expect(found.count == 1 && Array(found[0].name.utf8) == Array(composed.utf8))
        #expect(found.first.map { $0.meters < 20 } == true, "the nearer piece's distance")
    }

    @Test("a parallel street nearer than the crossing one is passed over: two names make a corner")
    func parallel() {
        let grid = StreetIndex([
            ("Main St", [Coordinate(latitude: 41.99, longitude: -83.0), Coordinate(latitude: 42.01, longitude: -83.0)]),
            ("Elm St", [Coordinate(latitude: 41.99, longitude: -83.0008), Coordinate(latitude: 42.01, longitude: -83.0008)]),
            ("Oak Ave", [Coordinate(latitude: 42.0015, longitude: -83.01), Coordinate(latitude: 42.0015, longitude: -82.99)]),
        ])
        // Elm St is 33 m away and parallel to Main St; Oak Ave, 160 m away, crosses it.
        #expect(grid.corner(Coordinate(latitude: 42.0, longitude: -83.0001)).map { [$0.street, $0.crossing ?? "-"] } == ["Main St", "Oak Ave"])
        let alone = StreetIndex([
            ("Main St", [Coordinate(latitude: 41.99, longitude: -83.0), Coordinate(latitude: 42.01, longitude: -83.0)]),
            ("Elm St", [Coordinate(latitude: 41.99, longitude: -83.0008), Coordinate(latitude: 42.01, longitude: -83.0008)]),
        ])
        #expect(alone.corner(Coordinate(latitude: 42.0, longitude: -83.0001)).map { [$0.street, $0.crossing ?? "-"] } == ["Main St", "-"])
    }

    @Test("one street within reach names one; none within reach, or a broken point, names nothing")
    func reach() {
        #expect(index.corner(Coordinate(latitude: 42.008, longitude: -83.0005)).map { [$0.street, $0.crossing ?? "-"] } == ["Main St", "-"])
        #expect(index.corner(Coordinate(latitude: 42.05, longitude: -83.05)) == nil)
        #expect(index.corner(Coordinate(latitude: .nan, longitude: -83.0)) == nil)
        #expect(StreetIndex([]).isEmpty)
    }
}
