import Glibc

/// The named streets of a neighborhood, to find where a point is: the nearest street and the one
/// crossing it (a page says it in its own words). Segments are kept in a grid of cells about 200 m wide, so a question costs the few
/// segments nearby, not the whole basemap.
public struct StreetIndex: Sendable {
    struct Segment: Sendable {
        var name: String
        var a: Coordinate
        var b: Coordinate
    }

    struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    static let cellDegrees = 0.002
    let segments: [Segment]
    let cells: [Cell: [Int]]

    /// `streets`: each named line (a street's centerline, as many pieces as it has).
    public init(_ streets: [(name: String, line: [Coordinate])]) {
        var segments: [Segment] = []
        var cells: [Cell: [Int]] = [:]
        for street in streets where !street.name.isEmpty {
            for (a, b) in zip(street.line, street.line.dropFirst()) where a.latitude.isFinite && b.latitude.isFinite {
                let index = segments.count
                segments.append(Segment(name: street.name, a: a, b: b))
                let x0 = Self.cell(min(a.longitude, b.longitude)), x1 = Self.cell(max(a.longitude, b.longitude))
                let y0 = Self.cell(min(a.latitude, b.latitude)), y1 = Self.cell(max(a.latitude, b.latitude))
                guard x1 - x0 < 64, y1 - y0 < 64 else { continue }  // a segment kilometers long is not a neighborhood street
                for x in x0...x1 { for y in y0...y1 { cells[Cell(x: x, y: y), default: []].append(index) } }
            }
        }
        self.segments = segments
        self.cells = cells
    }

    public var isEmpty: Bool { segments.isEmpty }

    static func cell(_ degrees: Double) -> Int {
        let v = (degrees / cellDegrees).rounded(.down)
        return v.isFinite && abs(v) < 1e9 ? Int(v) : 0
    }

    /// Distinct street names within `meters` of the point, nearest first (ties by name).
    public func nearest(_ p: Coordinate, within meters: Double = 250) -> [(name: String, meters: Double)] {
        nearestWithDirection(p, within: meters).map { ($0.name, $0.meters) }
    }

    /// The same, with the direction of each street's nearest piece (radians, 0 to π: a line has no way).
    func nearestWithDirection(_ p: Coordinate, within meters: Double) -> [(name: String, meters: Double, direction: Double)] {
        guard p.latitude.isFinite, p.longitude.isFinite else { return [] }
        let mPerDegLat = Coordinate.metersPerDegree, mPerDegLon = p.metersPerDegreeLongitude
        let reach = Int((meters / mPerDegLat / Self.cellDegrees).rounded(.up)) + 1
        let cx = Self.cell(p.longitude), cy = Self.cell(p.latitude)
        // The few streets in reach, each with its nearest piece so far: a list, searched by name (a
        // street's pieces usually share their name's bytes, so comparing is quicker than hashing). A
        // street keeps the spelling of its first piece, as a dictionary keyed by name would.
        var best: [(name: String, meters: Double, direction: Double)] = []
        // A segment in several cells is measured again and changes nothing (only a nearer piece replaces one).
        for x in (cx - reach)...(cx + reach) {
            for y in (cy - reach)...(cy + reach) {
                for i in cells[Cell(x: x, y: y)] ?? [] {
                    let s = segments[i]
                    let ax = (s.a.longitude - p.longitude) * mPerDegLon, ay = (s.a.latitude - p.latitude) * mPerDegLat
                    let bx = (s.b.longitude - p.longitude) * mPerDegLon, by = (s.b.latitude - p.latitude) * mPerDegLat
                    let d = Area.distanceToSegment(ax, ay, bx, by)
                    guard d <= meters else { continue }
                    let known = best.firstIndex { $0.name == s.name }
                    if let k = known, best[k].meters <= d { continue }
                    var direction = atan2(by - ay, bx - ax)
                    if direction < 0 { direction += .pi }
                    if let k = known { (best[k].meters, best[k].direction) = (d, direction) } else { best.append((s.name, d, direction)) }
                }
            }
        }
        return best.sorted { $0.meters != $1.meters ? $0.meters < $1.meters : $0.name < $1.name }
    }

    /// The nearest street and the nearest one crossing it at least 30° apart, so the two make a
    /// corner (nil when none crosses in reach); nil when no street is in reach.
    public func corner(_ p: Coordinate, within meters: Double = 250) -> (street: String, crossing: String?)? {
        let found = nearestWithDirection(p, within: meters)
        guard let first = found.first else { return nil }
        let crossing = found.dropFirst().first { other in
            let turn = abs(other.direction - first.direction)
            return min(turn, .pi - turn) >= .pi / 6
        }
        return (first.name, crossing?.name)
    }
}
