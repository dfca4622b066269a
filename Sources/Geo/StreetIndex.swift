#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The named streets of a neighborhood, to say where a point is in words: "near Pickford St and
/// Wyoming St". Segments are kept in a grid of cells about 200 m wide, so a question costs the few
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
        guard p.latitude.isFinite, p.longitude.isFinite else { return [] }
        let mPerDegLat = 111_320.0, mPerDegLon = 111_320.0 * cos(p.latitude * .pi / 180)
        let reach = Int((meters / 111_320.0 / Self.cellDegrees).rounded(.up)) + 1
        let cx = Self.cell(p.longitude), cy = Self.cell(p.latitude)
        var best: [String: Double] = [:]
        var seen = Set<Int>()
        for x in (cx - reach)...(cx + reach) {
            for y in (cy - reach)...(cy + reach) {
                for i in cells[Cell(x: x, y: y)] ?? [] where seen.insert(i).inserted {
                    let s = segments[i]
                    let d = Area.distanceToSegment((s.a.longitude - p.longitude) * mPerDegLon, (s.a.latitude - p.latitude) * mPerDegLat,
                                                   (s.b.longitude - p.longitude) * mPerDegLon, (s.b.latitude - p.latitude) * mPerDegLat)
                    if d <= meters, d < best[s.name] ?? .infinity { best[s.name] = d }
                }
            }
        }
        return best.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
    }

    /// "near Pickford St and Wyoming St" (the two nearest streets), "near Pickford St" (one), or nil.
    public func describe(_ p: Coordinate, within meters: Double = 250) -> String? {
        let names = nearest(p, within: meters).prefix(2).map(\.name)
        switch names.count {
        case 0: return nil
        case 1: return "near \(names[0])"
        default: return "near \(names[0]) and \(names[1])"
        }
    }
}
