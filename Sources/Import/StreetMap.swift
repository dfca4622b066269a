import Foundation
import Geo
import Loading

/// A neighborhood's streets and parks, to turn a place in words into a point: where two
/// centerlines meet, the middle of a street's stretch inside the boundary, or a park's middle.
/// Distances are measured in a local plane around the neighborhood (meters), exact enough at
/// this scale.
struct StreetMap: Sendable {
    struct Street: Sendable {
        var name: String
        var key: String
        var core: String
        var direction: String?
        var lines: [[Coordinate]]
    }

    struct Park: Sendable {
        var name: String
        var key: String
        var areas: [Polygon]
    }

    enum Found: Equatable {
        case point(Coordinate, how: How)
        case problem(String)
    }

    enum How: String, Sendable { case corner, street, park }

    let slug: String
    let streets: [Street]
    let parks: [Park]
    let boundary: Area?
    let origin: Coordinate

    init(_ n: Neighborhood) {
        slug = n.slug
        boundary = n.boundary
        var byName: [String: [[Coordinate]]] = [:]
        var order: [String] = []
        var parks: [Park] = []
        for f in n.basemap {
            guard let name = f.name, !name.isEmpty else { continue }
            switch f.kind {
            case .street:
                if byName[name] == nil { order.append(name) }
                byName[name, default: []] += f.lines
            case .park, .water:
                parks.append(Park(name: name, key: ReportForm.fold(name), areas: f.areas))
            }
        }
        streets = order.map { Street(name: $0, key: StreetNames.key($0), core: StreetNames.core($0), direction: StreetNames.direction($0), lines: byName[$0] ?? []) }
        self.parks = parks
        origin = n.boundary?.bounds?.center ?? streets.first?.lines.first?.first ?? Coordinate(latitude: 0, longitude: 0)
    }

    // MARK: local plane

    func xy(_ p: Coordinate) -> (Double, Double) {
        ((p.longitude - origin.longitude) * origin.metersPerDegreeLongitude, (p.latitude - origin.latitude) * Coordinate.metersPerDegree)
    }

    func coordinate(_ x: Double, _ y: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + y / Coordinate.metersPerDegree, longitude: origin.longitude + x / origin.metersPerDegreeLongitude)
    }

    // MARK: names

    /// The streets a name can mean: the whole name first, else the same name without suffix or direction.
    func streets(named written: String) -> [Street] {
        let key = StreetNames.key(written)
        let exact = streets.filter { $0.key == key }
        if !exact.isEmpty { return exact }
        let core = StreetNames.core(written)
        guard !core.isEmpty else { return [] }
        let same = streets.filter { $0.core == core }
        if let d = StreetNames.direction(written) {
            let withDirection = same.filter { $0.direction == d || $0.direction == nil }
            if !withDirection.isEmpty { return withDirection }
        }
        return same
    }

    /// Street names near `written` in spelling, for "did you mean".
    func suggestions(_ written: String) -> [(name: String, distance: Int)] {
        let core = StreetNames.core(written)
        guard !core.isEmpty else { return [] }
        var best: [String: Int] = [:]
        for s in streets {
            var d = StreetNames.distance(core, s.core)
            if s.core.hasPrefix(core) || core.hasPrefix(s.core) { d = min(d, 1) }
            if d <= max(2, core.count / 3) { best[s.name] = min(best[s.name] ?? .max, d) }
        }
        return best.map { ($0.key, $0.value) }
    }

    func park(named written: String) -> Park? {
        let key = ReportForm.fold(written)
        let bare = key.hasPrefix("the ") ? String(key.dropFirst(4)) : key
        for candidate in [bare, bare + " park", bare.hasSuffix(" park") ? String(bare.dropLast(5)) : bare] {
            if let p = parks.first(where: { $0.key == candidate }) { return p }
        }
        return nil
    }

    // MARK: places

    func locate(_ query: PlaceQuery) -> Found {
        switch query {
        case .corner(let a, let b):
            let sa = streets(named: a), sb = streets(named: b)
            if sa.isEmpty || sb.isEmpty {
                if sa.isEmpty, let p = park(named: a) { return .point(middle(of: p), how: .park) }
                return .problem(unknown(sa.isEmpty ? a : b))
            }
            return corner(sa, sb, a, b)
        case .street(let name, _):
            let s = streets(named: name)
            guard !s.isEmpty else { return park(named: name).map { .point(middle(of: $0), how: .park) } ?? .problem(unknown(name)) }
            return stretch(s).map { .point($0, how: .street) } ?? .problem("\(s[0].name) has no stretch inside \(slug)")
        case .name(let name):
            if let p = park(named: name) { return .point(middle(of: p), how: .park) }
            let s = streets(named: name)
            guard !s.isEmpty else { return .problem(unknown(name)) }
            return stretch(s).map { .point($0, how: .street) } ?? .problem("\(s[0].name) has no stretch inside \(slug)")
        }
    }

    func unknown(_ name: String) -> String {
        "no street or park \(quotedName(name)) in \(slug)"
    }

    func quotedName(_ s: String) -> String { "'" + String(s.prefix(60)) + "'" }

    /// Where streets `a` and `b` meet: their centerlines' crossings (a divided road's two lines
    /// give two, averaged), or the ends that come within 20 m; the one inside the boundary, nearest
    /// its middle. A problem when they do not meet.
    func corner(_ a: [Street], _ b: [Street], _ writtenA: String, _ writtenB: String) -> Found {
        var points: [(Double, Double)] = []
        var nearest = Double.infinity
        var nearPair: ((Double, Double), (Double, Double))?
        for sa in a {
            for sb in b where sa.name != sb.name {
                for la in sa.lines {
                    let pa = la.map(xy)
                    for lb in sb.lines {
                        let pb = lb.map(xy)
                        for (p1, p2) in zip(pa, pa.dropFirst()) {
                            for (q1, q2) in zip(pb, pb.dropFirst()) {
                                if let c = Self.crossing(p1, p2, q1, q2) { points.append(c); continue }
                                for (p, s1, s2, other) in [(p1, q1, q2, true), (p2, q1, q2, true), (q1, p1, p2, false), (q2, p1, p2, false)] {
                                    let (d, foot) = Self.distance(p, s1, s2)
                                    if d < nearest {
                                        nearest = d
                                        nearPair = other ? (p, foot) : (foot, p)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if points.isEmpty, nearest <= 20, let (p, q) = nearPair {
            points.append(((p.0 + q.0) / 2, (p.1 + q.1) / 2))
        }
        guard !points.isEmpty else {
            let names = "\(a[0].name) and \(b[0].name)"
            if a.map(\.name) == b.map(\.name) { return .problem("\(quotedName(writtenA)) and \(quotedName(writtenB)) are the same street, \(a[0].name)") }
            let gap = nearest.isFinite ? "; they come no nearer than \(Int(nearest.rounded())) m" : ""
            return .problem("\(names) do not meet in \(slug)\(gap); name two streets that cross")
        }
        let inside = points.filter { boundary?.contains(coordinate($0.0, $0.1)) ?? true }
        let pool = inside.isEmpty ? points : inside
        let chosen = pool.min { ($0.0 * $0.0 + $0.1 * $0.1, $0.0, $0.1) < ($1.0 * $1.0 + $1.1 * $1.1, $1.0, $1.1) }!
        let cluster = pool.filter { hypot($0.0 - chosen.0, $0.1 - chosen.1) <= 40 }
        let x = cluster.map(\.0).reduce(0, +) / Double(cluster.count), y = cluster.map(\.1).reduce(0, +) / Double(cluster.count)
        return .point(coordinate(x, y), how: .corner)
    }

    /// Where segments p1–p2 and q1–q2 cross, if they do.
    static func crossing(_ p1: (Double, Double), _ p2: (Double, Double), _ q1: (Double, Double), _ q2: (Double, Double)) -> (Double, Double)? {
        let rx = p2.0 - p1.0, ry = p2.1 - p1.1, sx = q2.0 - q1.0, sy = q2.1 - q1.1
        let denom = rx * sy - ry * sx
        guard abs(denom) > 1e-9 else { return nil }
        let t = ((q1.0 - p1.0) * sy - (q1.1 - p1.1) * sx) / denom
        let u = ((q1.0 - p1.0) * ry - (q1.1 - p1.1) * rx) / denom
        guard (-1e-9...(1 + 1e-9)).contains(t), (-1e-9...(1 + 1e-9)).contains(u) else { return nil }
        return (p1.0 + t * rx, p1.1 + t * ry)
    }

    /// Distance from p to segment a–b, and the nearest point on it.
    static func distance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> (Double, (Double, Double)) {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let len2 = dx * dx + dy * dy
        let t = len2 > 0 ? max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2)) : 0
        let foot = (a.0 + t * dx, a.1 + t * dy)
        return (hypot(p.0 - foot.0, p.1 - foot.1), foot)
    }

    /// The middle of a street's stretch inside the boundary: points every 10 m along it, the
    /// middle one of those inside (of all, without a boundary).
    func stretch(_ streets: [Street]) -> Coordinate? {
        var inside: [Coordinate] = []
        var all: [Coordinate] = []
        for s in streets {
            for line in s.lines {
                for (a, b) in zip(line, line.dropFirst()) {
                    let (ax, ay) = xy(a), (bx, by) = xy(b)
                    let steps = max(1, min(1_000, Int((hypot(bx - ax, by - ay) / 10).rounded(.up))))
                    for k in 0..<steps {
                        let t = Double(k) / Double(steps)
                        let p = coordinate(ax + t * (bx - ax), ay + t * (by - ay))
                        all.append(p)
                        if boundary?.contains(p) ?? true { inside.append(p) }
                    }
                }
            }
        }
        let pool = inside.isEmpty ? all : inside
        return pool.isEmpty ? nil : pool[pool.count / 2]
    }

    /// A park's middle: the centroid of its largest outer ring.
    func middle(of park: Park) -> Coordinate {
        var best: (area: Double, point: Coordinate)?
        for polygon in park.areas {
            let ring = polygon.outer.map(xy)
            guard ring.count >= 3 else { continue }
            var a = 0.0, cx = 0.0, cy = 0.0
            for (p, q) in zip(ring, ring.dropFirst() + [ring[0]]) {
                let c = p.0 * q.1 - q.0 * p.1
                a += c
                cx += (p.0 + q.0) * c
                cy += (p.1 + q.1) * c
            }
            guard abs(a) > 1e-9 else { continue }
            let point = coordinate(cx / (3 * a), cy / (3 * a))
            if best == nil || abs(a) > best!.area { best = (abs(a), point) }
        }
        return best?.point ?? park.areas.first?.outer.first ?? origin
    }
}
