import Glibc

/// A closed ring of positions; the last point may repeat the first.
public typealias Ring = [Coordinate]

/// A polygon: one outer ring and any number of holes.
public struct Polygon: Hashable, Sendable {
    public var outer: Ring
    public var holes: [Ring]

    public init(outer: Ring, holes: [Ring] = []) {
        self.outer = outer
        self.holes = holes
    }
}

/// A neighborhood's area: one or more polygons (GeoJSON Polygon or MultiPolygon).
public struct Area: Hashable, Sendable {
    public var polygons: [Polygon]

    public init(polygons: [Polygon]) {
        self.polygons = polygons
    }

    /// True when the point lies inside a polygon and outside its holes (even-odd rule).
    public func contains(_ p: Coordinate) -> Bool {
        polygons.contains { polygon in
            Self.ringContains(polygon.outer, p) && !polygon.holes.contains { Self.ringContains($0, p) }
        }
    }

    static func ringContains(_ ring: Ring, _ p: Coordinate) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.latitude > p.latitude) != (b.latitude > p.latitude) {
                let x = (b.longitude - a.longitude) * (p.latitude - a.latitude) / (b.latitude - a.latitude) + a.longitude
                if p.longitude < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Distance in meters from the point to the area: 0 inside, else to the nearest edge.
    public func distance(to p: Coordinate) -> Double {
        if contains(p) { return 0 }
        // Local equirectangular projection around p: accurate to well under 1% at neighborhood scale.
        let mPerDegLat = Coordinate.metersPerDegree, mPerDegLon = p.metersPerDegreeLongitude
        var best = Double.infinity
        for polygon in polygons {
            for ring in [polygon.outer] + polygon.holes where ring.count >= 2 {
                var j = ring.count - 1
                for i in 0..<ring.count {
                    let ax = (ring[j].longitude - p.longitude) * mPerDegLon, ay = (ring[j].latitude - p.latitude) * mPerDegLat
                    let bx = (ring[i].longitude - p.longitude) * mPerDegLon, by = (ring[i].latitude - p.latitude) * mPerDegLat
                    best = min(best, Self.distanceToSegment(ax, ay, bx, by))
                    j = i
                }
            }
        }
        return best
    }

    /// Distance from the origin to the segment a–b.
    public static func distanceToSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
        t = max(0, min(1, t))
        let x = ax + t * dx, y = ay + t * dy
        return (x * x + y * y).squareRoot()
    }

    /// The bounding box of every outer ring.
    public var bounds: Bounds? {
        Bounds(enclosing: polygons.flatMap(\.outer))
    }
}

/// A latitude/longitude box.
public struct Bounds: Hashable, Sendable {
    public var minLatitude, minLongitude, maxLatitude, maxLongitude: Double

    public init?(enclosing points: [Coordinate]) {
        guard let first = points.first else { return nil }
        minLatitude = first.latitude; maxLatitude = first.latitude
        minLongitude = first.longitude; maxLongitude = first.longitude
        for p in points.dropFirst() {
            minLatitude = min(minLatitude, p.latitude); maxLatitude = max(maxLatitude, p.latitude)
            minLongitude = min(minLongitude, p.longitude); maxLongitude = max(maxLongitude, p.longitude)
        }
    }

    public var center: Coordinate {
        Coordinate(latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2)
    }
}
