import Fingerprint
import Geo
import Testing
@testable import Loading

@Suite("Shapes in a fingerprint")
struct ShapeFingerprintTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }
    static let square = [c(0, 0), c(0, 1), c(1, 1), c(1, 0), c(0, 0)]
    static let small = [c(0.4, 0.4), c(0.4, 0.6), c(0.6, 0.6), c(0.4, 0.4)]
    static let line = [c(0, 0), c(0, 1), c(0, 2), c(0, 3)]

    static func fingerprint(_ features: [BasemapFeature]) -> Fingerprint {
        var h = FingerprintBuilder()
        ShapeFingerprint.add(features, to: &h)
        return h.value
    }

    static func park(_ areas: [Polygon]) -> BasemapFeature { BasemapFeature(kind: .park, name: "P", areas: areas, lines: []) }
    static func street(_ lines: [[Coordinate]]) -> BasemapFeature { BasemapFeature(kind: .street, name: "S", areas: [], lines: lines) }

    @Test("a hole in a park, an island instead of the hole, and a line split at another point each give another fingerprint")
    func differentShapesDiffer() {
        let shapes: [[BasemapFeature]] = [
            [Self.park([Polygon(outer: Self.square)])],
            [Self.park([Polygon(outer: Self.square, holes: [Self.small])])],
            [Self.park([Polygon(outer: Self.square), Polygon(outer: Self.small)])],
            [Self.street([Self.line])],
            [Self.street([Array(Self.line[..<2]), Array(Self.line[2...])])],
            [Self.street([Array(Self.line[..<3]), Array(Self.line[3...])])],
            [Self.street([Self.line]), Self.street([])],
            [Self.street([]), Self.street([Self.line])],
        ]
        let prints = shapes.map(Self.fingerprint)
        #expect(Set(prints).count == shapes.count, "\(prints)")
        #expect(Self.fingerprint(shapes[1]) == Self.fingerprint([Self.park([Polygon(outer: Self.square, holes: [Self.small])])]), "the same shapes, the same fingerprint")
    }
}
