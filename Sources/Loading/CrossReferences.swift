import Diagnostics
import Geo

/// Checks what points across files: ids that collide, stories' observations and coalitions,
/// events' coalitions, and points far from their neighborhood.
public enum CrossReferences {
    /// Points farther than this outside the boundary are left off maps with a warning.
    public static let farOutsideMeters = 1_000.0

    static func check(_ n: inout Neighborhood, log: inout DiagnosticLog) {
        uniqueIDs(n, log: &log)
        let coalitionSlugs = n.coalitions.map(\.slug)
        func coalition(_ ref: Reference?) {
            guard let ref else { return }
            if let named = n.coalitions.first(where: { $0.slug == ref.value }) {
                if named.status == .draft { log.warning(ref.location, "names coalition \(quoted(ref.value)), which is a draft; it is left out until published") }
                return
            }
            if n.broken.contains("coalition:" + ref.value) {
                log.error(ref.location, "names coalition \(quoted(ref.value)), which has errors above (coalitions/\(ref.value).md)")
                return
            }
            let all = coalitionSlugs + n.broken.filter { $0.hasPrefix("coalition:") }.map { String($0.dropFirst("coalition:".count)) }.sorted()
            let otherwise = coalitionSlugs.isEmpty ? "; this neighborhood has no coalitions" : "; expected one of \(choices(coalitionSlugs))"
            let known = NearestName.hint(ref.value, known: all, otherwise: otherwise)
            log.error(ref.location, "unknown coalition \(quoted(ref.value))\(known)")
        }
        var byID: [String: Observation] = [:]
        for o in n.observations { byID[o.id] = o }
        for story in n.stories {
            coalition(story.coalition)
            for ref in story.observations {
                guard let o = byID[ref.value] else {
                    if n.broken.contains("observation:" + ref.value) {
                        log.error(ref.location, "story links observation \(quoted(ref.value)), which has errors above")
                    } else {
                        log.error(ref.location, "story links observation \(quoted(ref.value)), which does not exist in \(n.slug)"
                                  + NearestName.hint(ref.value, known: byID.keys.sorted()))
                    }
                    continue
                }
                if o.status != .published {
                    log.warning(ref.location, "story links observation \(quoted(ref.value)), which is \(o.status.rawValue); it will be left out")
                }
            }
        }
        for event in n.events { coalition(event.coalition) }
        if let boundary = n.boundary {
            for o in n.observations where o.status == .published { placement(o, n, boundary, log: &log) }
        }
    }

    static func uniqueIDs(_ n: Neighborhood, log: inout DiagnosticLog) {
        var exact: [String: Observation] = [:]
        var folded: [String: Observation] = [:]
        for o in n.observations.sorted(by: { $0.source < $1.source }) {
            if let first = exact[o.id] {
                log.error(o.source, "duplicate observation id \(quoted(o.id)); first used at \(first.source)")
                continue
            }
            exact[o.id] = o
            let key = o.id.lowercased()
            if let first = folded[key] {
                log.error(o.source, "observation id \(quoted(o.id)) differs only in letter case from \(quoted(first.id)) at \(first.source); they would collide on a case-insensitive disk")
                continue
            }
            folded[key] = o
        }
    }

    static func placement(_ o: Observation, _ n: Neighborhood, _ boundary: Area, log: inout DiagnosticLog) {
        let d = boundary.distance(to: o.coordinate)
        guard d > farOutsideMeters else { return }
        let km = (d / 100).rounded() / 10
        let lat = o.coordinate.latitude, lon = o.coordinate.longitude
        if boundary.contains(o.coordinate.swapped) {
            log.warning(o.source, "observation \(quoted(o.id)): latitude and longitude look swapped: lat \(lat), lon \(lon) lies \(km) km outside \(n.name), but swapped it lies inside; it will be left off the map")
        } else {
            log.warning(o.source, "observation \(quoted(o.id)) at lat \(lat), lon \(lon) lies \(km) km outside \(n.name); it will be left off the map")
        }
    }
}
