import Geo
import Loading

/// Which neighborhood holds a point: the first (by slug) whose boundary holds it, holes and every
/// polygon of a multipolygon honoured; a box around each boundary keeps the test cheap.
struct Routing: Sendable {
    struct Boundary: Sendable {
        var slug: String
        var area: Area
        var bounds: Bounds
    }

    let boundaries: [Boundary]

    init(_ neighborhoods: [Neighborhood]) {
        boundaries = neighborhoods.sorted { $0.slug < $1.slug }.compactMap { n in
            guard let area = n.boundary, let bounds = Bounds(enclosing: area.polygons.flatMap(\.outer)) else { return nil }
            return Boundary(slug: n.slug, area: area, bounds: bounds)
        }
    }

    func neighborhood(of p: Coordinate) -> String? {
        boundaries.first { b in
            p.latitude >= b.bounds.minLatitude && p.latitude <= b.bounds.maxLatitude
                && p.longitude >= b.bounds.minLongitude && p.longitude <= b.bounds.maxLongitude && b.area.contains(p)
        }?.slug
    }

    /// True when `slug` has no boundary (then every report given to it is its own) or its boundary holds `p`.
    func holds(_ slug: String, _ p: Coordinate) -> Bool {
        guard let b = boundaries.first(where: { $0.slug == slug }) else { return true }
        return b.area.contains(p)
    }
}

/// Places in words made points from the streets of the neighborhoods that may hold them: the one
/// named on the command line, else the one the report names, else each in turn.
struct Geocoder: Sendable {
    let maps: [StreetMap]

    init(_ neighborhoods: [Neighborhood]) {
        maps = neighborhoods.sorted { $0.slug < $1.slug }.map(StreetMap.init).filter { !$0.streets.isEmpty || !$0.parks.isEmpty }
    }

    struct Placed {
        var point: Coordinate
        var how: StreetMap.How
        var neighborhood: String
    }

    /// The point for `words`, or the problem (with "did you mean" from every searched neighborhood's names).
    func place(_ words: String, in only: String?, hint: String?) -> Result<Placed, PlaceProblem> {
        guard let query = PlaceWords.parse(words) else { return .failure(PlaceProblem(message: "no place in \(quotedWords(words))")) }
        var searched = maps
        if let only { searched = maps.filter { $0.slug == only } }
        else if let hint, let first = maps.first(where: { $0.slug == hint || $0.slug == hint.lowercased() }) {
            searched = [first] + maps.filter { $0.slug != first.slug }
        }
        guard !searched.isEmpty else {
            return .failure(PlaceProblem(message: "\(only.map { "\($0) has" } ?? "no neighborhood has") no street data (basemap.geojson) to place \(quotedWords(words))"))
        }
        var problems: [String] = []
        for map in searched {
            switch map.locate(query) {
            case .point(let p, let how): return .success(Placed(point: p, how: how, neighborhood: map.slug))
            case .problem(let text): problems.append(text)
            }
        }
        // The names searched for, and the nearest spellings across neighborhoods.
        var names: [String] = []
        switch query {
        case .corner(let a, let b): names = [a, b]
        case .street(let a, _), .name(let a): names = [a]
        }
        let unknown = names.filter { n in searched.allSatisfy { $0.streets(named: n).isEmpty && $0.park(named: n) == nil } }
        if let missing = unknown.first {
            var near: [String: Int] = [:]
            for m in searched { for (name, d) in m.suggestions(missing) { near[name] = min(near[name] ?? .max, d) } }
            let best = near.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(3).map { "'\($0.key)'" }
            let where_ = only ?? (searched.count == 1 ? searched[0].slug : "any neighborhood")
            let hint = best.isEmpty ? "" : "; did you mean \(best.count == 1 ? best[0] : best.dropLast().joined(separator: ", ") + " or " + best.last!)?"
            return .failure(PlaceProblem(message: "unknown street \(quotedWords(missing)) in \(where_)\(hint)"))
        }
        return .failure(PlaceProblem(message: problems.first ?? "cannot place \(quotedWords(words))"))
    }

    func quotedWords(_ s: String) -> String { "'" + String(s.prefix(80)) + "'" }
}

struct PlaceProblem: Error {
    var message: String
}
