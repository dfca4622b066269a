import Foundation
import Testing
@testable import Geo

@Suite("Simplifying lines and rings to a tolerance")
struct SimplificationTests {
    /// The farthest any input point lies from the simplified shape. The simplified points are input
    /// points in the same order, so each input point is measured against the kept segment around it.
    func deviation(_ input: [PlanePoint], _ kept: [PlanePoint], closed: Bool) -> Double {
        var worst = 0.0
        var segment = 0
        let path = closed && kept.first != kept.last ? kept + [kept[0]] : kept
        for p in input {
            if segment + 1 < path.count - 1, p == path[segment + 1] { segment += 1 }
            worst = max(worst, Simplification.segmentDistance(p, path[segment], path[segment + 1]))
        }
        return worst
    }

    func circle(_ n: Int, radius: Double, center: PlanePoint = .init(x: 500, y: 500)) -> [PlanePoint] {
        (0..<n).map { k in
            let a = Double(k) / Double(n) * 2 * .pi
            return PlanePoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
    }

    @Test("a 1,000,000-vertex circle becomes a few hundred points, none of the million farther than the tolerance")
    func millionVertexCircle() throws {
        let ring = circle(1_000_000, radius: 400)
        let simplified = try #require(Simplification.ring(ring + [ring[0]], tolerance: 0.1))
        #expect(simplified.count >= 100 && simplified.count <= 600, "\(simplified.count) points")
        #expect(simplified.first == simplified.last)
        #expect(deviation(ring, simplified, closed: true) <= 0.1)
    }

    @Test("a ring stays closed, whether or not its input repeats the first position")
    func closedRings() throws {
        let square = [PlanePoint(x: 0, y: 0), .init(x: 0.01, y: 0), .init(x: 10, y: 0), .init(x: 10, y: 10), .init(x: 0, y: 10)]
        let open = try #require(Simplification.ring(square, tolerance: 0.5))
        let closed = try #require(Simplification.ring(square + [square[0]], tolerance: 0.5))
        #expect(open == [.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 10, y: 10), .init(x: 0, y: 10), .init(x: 0, y: 0)])
        #expect(closed == open)
    }

    @Test("a ring smaller than the tolerance collapses to nothing; the smallest kept ring is a triangle")
    func collapsingRings() {
        #expect(Simplification.ring(circle(50, radius: 0.2), tolerance: 1) == nil)
        #expect(Simplification.ring([.init(x: 0, y: 0), .init(x: 5, y: 0), .init(x: 10, y: 0.1), .init(x: 0, y: 0)], tolerance: 1) == nil)
        let triangle = Simplification.ring([.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 5, y: 8)], tolerance: 1)
        #expect(triangle?.count == 4)
    }

    @Test("a polygon keeps the holes that survive and drops the ones that collapse; a collapsed outer ring drops it")
    func holes() throws {
        let outer = circle(10_000, radius: 100)
        let big = circle(5_000, radius: 30)
        let tiny = circle(100, radius: 0.3, center: .init(x: 560, y: 500))
        let result = try #require(Simplification.polygon(outer: outer, holes: [big, tiny], tolerance: 0.5))
        #expect(result.holes.count == 1)
        #expect(result.holes.first.map { deviation(big, $0, closed: true) <= 0.5 } == true)
        #expect(deviation(outer, result.outer, closed: true) <= 0.5)
        #expect(Simplification.polygon(outer: tiny, holes: [], tolerance: 0.5) == nil)
    }

    @Test("a line keeps its ends and stays within the tolerance")
    func line() {
        let zigzag = (0..<10_001).map { PlanePoint(x: Double($0) * 0.1, y: $0 % 2 == 0 ? 0 : 0.3) }
        let simplified = Simplification.line(zigzag, tolerance: 0.5)
        #expect(simplified.first == zigzag.first)
        #expect(simplified.last == zigzag.last)
        #expect(simplified.count < 10)
        #expect(deviation(zigzag, simplified, closed: false) <= 0.5)
        let wave = (0..<20_000).map { PlanePoint(x: Double($0) * 0.05, y: 40 * sin(Double($0) / 300)) }
        let smooth = Simplification.line(wave, tolerance: 0.25)
        #expect(smooth.count < 400)
        #expect(deviation(wave, smooth, closed: false) <= 0.25)
    }

    @Test("the close-points pre-pass keeps the ends and drops points within the tolerance of the last kept")
    func radial() {
        let points = [PlanePoint(x: 0, y: 0), .init(x: 0.3, y: 0), .init(x: 1.2, y: 0), .init(x: 1.4, y: 0), .init(x: 1.5, y: 0)]
        #expect(Simplification.radial(points, tolerance: 1) == [.init(x: 0, y: 0), .init(x: 1.2, y: 0), .init(x: 1.5, y: 0)])
    }

    @Test("past its work cap Douglas–Peucker keeps the stretches still open whole, still within the tolerance")
    func workCap() {
        let wave = (0..<5_000).map { PlanePoint(x: Double($0), y: 30 * sin(Double($0) / 7)) }
        let capped = Simplification.lineIndices(wave, tolerance: 0.5, workCap: 10_000).map { wave[$0] }
        let full = Simplification.lineIndices(wave, tolerance: 0.5).map { wave[$0] }
        #expect(capped.count > full.count)
        #expect(capped.count <= wave.count)
        #expect(deviation(wave, capped, closed: false) <= 0.5)
    }

    @Test("degenerate input neither crashes nor invents points", arguments: [0.5, 0, -1, .nan, .infinity])
    func degenerate(_ tolerance: Double) {
        let same = [PlanePoint](repeating: .init(x: 3, y: 4), count: 1000)
        #expect(Simplification.ring(same, tolerance: tolerance) == nil)
        #expect(Simplification.line(same, tolerance: tolerance).allSatisfy { $0 == .init(x: 3, y: 4) })
        #expect(Simplification.line([], tolerance: tolerance).isEmpty)
        #expect(Simplification.line([.init(x: 1, y: 1)], tolerance: tolerance) == [.init(x: 1, y: 1)])
        let two = [PlanePoint(x: 0, y: 0), .init(x: 5, y: 5)]
        #expect(Simplification.line(two, tolerance: tolerance) == two)
        #expect(Simplification.ring(two, tolerance: tolerance) == nil)
        let broken = [PlanePoint(x: .nan, y: 0), .init(x: 0, y: 0), .init(x: .infinity, y: 1), .init(x: 10, y: 0),
                      .init(x: 10, y: -.infinity), .init(x: 10, y: 10), .init(x: 0, y: 10), .init(x: 0, y: .nan)]
        let ring = Simplification.ring(broken, tolerance: tolerance)
        #expect(ring?.allSatisfy { $0.x.isFinite && $0.y.isFinite } == true)
        #expect(ring?.first == ring?.last)
        #expect(Simplification.line(broken, tolerance: tolerance).allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test("points projected by a Mercator fit simplify in pixels")
    func projected() throws {
        let bounds = try #require(Bounds(enclosing: [.init(latitude: 42.33, longitude: -83.10), .init(latitude: 42.36, longitude: -83.05)]))
        let fit = MercatorFit(bounds: bounds, width: 800, minHeight: 360, maxHeight: 760)
        let coordinates = (0..<100_000).map { k -> Coordinate in
            let a = Double(k) / 100_000 * 2 * .pi
            return Coordinate(latitude: 42.345 + 0.01 * sin(a), longitude: -83.075 + 0.015 * cos(a))
        }
        let pixels = coordinates.map { PlanePoint(fit.point($0)) }
        let simplified = try #require(Simplification.ring(pixels, tolerance: 0.5))
        #expect(simplified.count < 300)
        #expect(deviation(pixels, simplified, closed: true) <= 0.5)
    }
}
