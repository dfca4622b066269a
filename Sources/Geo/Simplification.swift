/// A point of a drawing: projected x and y (pixels, or any planar unit), as `MercatorFit.point`
/// gives them.
public struct PlanePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension PlanePoint {
    public init(_ p: (x: Double, y: Double)) {
        self.init(x: p.x, y: p.y)
    }
}

/// Simplification of lines, rings and polygons to a tolerance in projected units: no point of the
/// input is farther than `tolerance` from the simplified shape, so at a tolerance of half a pixel
/// the drawing looks the same with a fraction of the points.
///
/// Two passes that share the tolerance: a linear pre-pass drops every point closer than a quarter of
/// it to the last point kept, then Douglas–Peucker with the other three quarters, with an explicit stack (no recursion, whatever the number of points). Its
/// work is capped at `workPerPoint` distance computations per point: past the cap (only contrived
/// inputs get there; a boundary or a street takes O(n log n)) the stretches still open keep all their
/// points, so the result is always within the tolerance and never longer than the input.
///
/// Points with a NaN or infinite coordinate cannot be drawn and are left out. A tolerance that is not
/// a positive finite number leaves the (finite) points as they are.
public enum Simplification {
    static let workPerPoint = 64
    /// The share of the tolerance the close-points pre-pass uses; Douglas–Peucker has the rest.
    static let radialShare = 0.25
    static let workFloor = 1 << 20

    /// A polyline: the first and last points are always kept.
    public static func line(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        let finite = points.allSatisfy(\.isFinite) ? points : points.filter(\.isFinite)
        guard tolerance > 0, tolerance.isFinite, finite.count > 2 else { return finite }
        let near = radial(finite, tolerance: tolerance * radialShare)
        return lineIndices(near, tolerance: tolerance * (1 - radialShare)).map { near[$0] }
    }

    /// A closed ring (the last position may repeat the first, or not): the result is closed and has
    /// at least 4 positions, or is nil when the ring collapses within the tolerance (the caller can
    /// leave it out, or draw it as a point).
    public static func ring(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint]? {
        let valid = tolerance > 0 && tolerance.isFinite
        let close = valid ? tolerance * radialShare : 0
        var near = radial(points.filter(\.isFinite), tolerance: close)
        // The ring closes back onto its first point: drop the tail that ends on or near it.
        while near.count > 1, near[near.count - 1] == near[0] || distance(near[near.count - 1], near[0]) < close {
            near.removeLast()
        }
        guard near.count >= 3 else { return nil }
        guard valid else { return near + [near[0]] }
        // Within the tolerance of one point (the middle of its box), the ring is a dot.
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in near { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let middle = PlanePoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        guard near.contains(where: { distance($0, middle) > tolerance }) else { return nil }
        // Split at the point farthest from the first; simplify both halves as lines.
        var far = 0, farthest = -1.0
        for (k, p) in near.enumerated() {
            let d = distance(p, near[0])
            if d > farthest { farthest = d; far = k }
        }
        let rest = tolerance * (1 - radialShare)
        let first = Array(near[0...far])
        let second = Array(near[far...]) + [near[0]]
        let a = lineIndices(first, tolerance: rest).map { first[$0] }
        let b = lineIndices(second, tolerance: rest).map { second[$0] }
        let kept = a + b.dropFirst().dropLast()
        guard kept.count >= 3 else { return nil }
        return kept + [kept[0]]
    }

    /// A polygon: nil when its outer ring collapses; holes that collapse are left out.
    public static func polygon(outer: [PlanePoint], holes: [[PlanePoint]], tolerance: Double) -> (outer: [PlanePoint], holes: [[PlanePoint]])? {
        guard let o = ring(outer, tolerance: tolerance) else { return nil }
        return (o, holes.compactMap { ring($0, tolerance: tolerance) })
    }

    /// Drops every point closer than `tolerance` to the last point kept; the last point is kept.
    public static func radial(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard let first = points.first, points.count > 2 else { return points }
        var out = [first]
        out.reserveCapacity(min(points.count, 1024))
        let t2 = tolerance * tolerance
        var last = first
        for p in points.dropFirst().dropLast() {
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy >= t2, p != last {
                out.append(p)
                last = p
            }
        }
        if let end = points.last { out.append(end) }
        return out
    }

    /// Douglas–Peucker over `points`: the indices kept, ascending, first and last included.
    static func lineIndices(_ points: [PlanePoint], tolerance: Double, workCap: Int? = nil) -> [Int] {
        let n = points.count
        guard n > 2 else { return Array(0..<n) }
        // One point between the ends (a small ring's halves): kept when it is farther than the tolerance.
        if n == 3 { return segmentDistance(points[1], points[0], points[2]) > tolerance ? [0, 1, 2] : [0, 2] }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var work = 0
        let cap = workCap ?? workFloor + workPerPoint * n
        var stack = [(0, n - 1)]
        while let (i, j) = stack.popLast() {
            guard j > i + 1 else { continue }
            if work > cap {
                // Past the cap: keep the whole stretch.
                for k in (i + 1)..<j { keep[k] = true }
                continue
            }
            var farthest = -1.0, index = i
            for k in (i + 1)..<j {
                let d = segmentDistance(points[k], points[i], points[j])
                if d > farthest { farthest = d; index = k }
            }
            work += j - i - 1
            if farthest > tolerance {
                keep[index] = true
                stack.append((i, index))
                stack.append((index, j))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    static func distance(_ a: PlanePoint, _ b: PlanePoint) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func segmentDistance(_ p: PlanePoint, _ a: PlanePoint, _ b: PlanePoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return distance(p, a) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
        return distance(p, PlanePoint(x: a.x + t * dx, y: a.y + t * dy))
    }
}
