import CivilTime
import Escaping
import Loading

/// A group of published reports that no published story links yet, and that could become one.
public struct Suggestion: Sendable {
    /// 1 for the largest (then most recent); what `draft --suggestion N` takes.
    public var number: Int
    /// Sorted by date, then id.
    public var observations: [Observation]
    /// Category key → count, most reported first (ties by key).
    public var counts: [(key: String, count: Int)]
    public var place: Place
    public var first: CivilDate
    public var last: CivilDate

    public var ids: [String] { observations.map(\.id) }
    /// The most reported category.
    public var category: String { counts.first?.key ?? "" }

    /// One JSON object: number, ids, count, counts, category, place, first, last.
    public var json: String {
        let ids = observations.map { Escape.json($0.id) }.joined(separator: ", ")
        let counts = self.counts.sorted { $0.key < $1.key }.map { "\(Escape.json($0.key)): \($0.count)" }.joined(separator: ", ")
        return "{\"number\": \(number), \"ids\": [\(ids)], \"count\": \(observations.count), \"counts\": {\(counts)}, "
            + "\"category\": \(Escape.json(category)), \"place\": \(Escape.json(place.phrase)), "
            + "\"first\": \(Escape.json(first.description)), \"last\": \(Escape.json(last.description))}"
    }
}

/// Finds suggestions in one neighborhood: density clusters (`SpaceTimeClustering`) of its published
/// reports not yet linked by a published story, ranked by size, then by recency.
public enum Suggester {
    public static func suggestions(_ n: Neighborhood, site: SiteSettings, settings: SuggestSettings, since: CivilDate? = nil) -> [Suggestion] {
        var linked = Set<String>()
        for story in n.stories where story.status == .published { for ref in story.observations { linked.insert(ref.value) } }
        let eligible = n.observations.filter { o in
            o.status == .published && !linked.contains(o.id) && since.map { o.observed.day >= $0 } ?? true
        }
        let groups = categoryGroups(site.categories.map(\.key), related: settings.related)
        let points = eligible.map {
            SpaceTimeClustering.Point(coordinate: $0.coordinate, day: $0.observed.day.daysSinceEpoch, group: groups[$0.category] ?? -1)
        }
        let clusters = SpaceTimeClustering.clusters(points, radius: settings.radiusMeters, window: settings.windowDays,
                                                    minPoints: settings.minReports)
        let namer = PlaceNamer(n)
        var out: [Suggestion] = []
        for members in clusters where members.count >= settings.minReports {
            let reports = members.map { eligible[$0] }.sorted { ($0.observed.day, $0.id) < ($1.observed.day, $1.id) }
            guard let first = reports.first?.observed.day, let last = reports.last?.observed.day else { continue }
            out.append(Suggestion(number: 0, observations: reports, counts: counts(reports), place: namer.place(of: reports),
                                  first: first, last: last))
        }
        out.sort { a, b in
            if a.observations.count != b.observations.count { return a.observations.count > b.observations.count }
            if a.last != b.last { return a.last > b.last }
            if a.first != b.first { return a.first > b.first }
            return (a.ids.first ?? "") < (b.ids.first ?? "")
        }
        for i in out.indices { out[i].number = i + 1 }
        return out
    }

    /// Category key → counts, most first.
    public static func counts(_ reports: [Observation]) -> [(key: String, count: Int)] {
        var tally: [String: Int] = [:]
        for o in reports { tally[o.category, default: 0] += 1 }
        return tally.map { (key: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
    }

    /// Each category's group number: categories named together in `related` share one (transitively).
    static func categoryGroups(_ keys: [String], related: [[String]]) -> [String: Int] {
        var parent: [String: String] = [:]
        func root(_ k: String) -> String {
            var k = k
            while let p = parent[k], p != k { k = p }
            return k
        }
        for k in keys { parent[k] = k }
        for group in related {
            let known = group.filter { parent[$0] != nil }
            guard let head = known.first else { continue }
            for k in known.dropFirst() {
                let a = root(head), b = root(k)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var numbers: [String: Int] = [:]
        var out: [String: Int] = [:]
        for k in keys {
            let r = root(k)
            if numbers[r] == nil { numbers[r] = numbers.count }
            out[k] = numbers[r]
        }
        return out
    }
}
