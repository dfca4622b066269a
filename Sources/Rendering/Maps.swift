import CivilTime
import Fingerprint
import Assembly
import Liquid
import Loading
import Maps
import Output

/// A map a page shows: which observations, its title, and where its groups link.
struct MapRequest: Sendable {
    var observations: [Observation]
    var title: String
    var groupLink: String

    init(_ observations: [Observation], title: String, groupLink: String) {
        self.observations = observations
        self.title = title
        self.groupLink = groupLink
    }

    /// What the drawing depends on, for the render cache.
    func hash(into h: inout FingerprintBuilder, fingerprint: Fingerprint) {
        h.add(fingerprint)
        h.add(title)
        h.add(groupLink)
        for o in observations {
            h.add(o.id)
            h.add(o.category)
            h.add(o.title)
            h.add(o.coordinate.latitude.bitPattern)
            h.add(o.coordinate.longitude.bitPattern)
            h.add(Int(o.observed.instant))
        }
    }
}

/// The neighborhood's maps, drawn from the view models' data with links relative to a page.
extension ViewModels {
    /// A map of some observations for the page at `pagePath`; groups link to `groupAnchor` on that page.
    func map(_ observations: [Observation], title: String, pagePath: String, groupLink: String, idPrefix: String = "map") -> String {
        let root = Routes.root(of: pagePath)
        let marks = hood.mappable(observations).sorted { ($0.observed.instant, $0.id) < ($1.observed.instant, $1.id) }.map { o in
            MapSpec.Mark(id: o.id, coordinate: o.coordinate, category: o.category,
                         label: "\(o.title) — \(Self.longDate(o.observed.day))", url: root + Routes.observation(o.id))
        }
        let basemap = hood.basemap.map { f in
            MapSpec.BasemapShape(kind: f.kind == .water ? .water : (f.kind == .street ? .street : .park), areas: f.areas, lines: f.lines)
        }
        let spec = MapSpec(title: title, place: hood.name, boundary: hood.boundary, basemap: basemap, marks: marks,
                           categories: site.categories.map { .init(key: $0.key, label: $0.label, color: $0.color) },
                           groupURL: groupLink.hasPrefix("#") ? groupLink : root + groupLink,
                           attribution: site.mapAttribution, idPrefix: idPrefix)
        return MapRenderer.svg(spec)
    }


    /// What every map of the neighborhood shares: boundary, basemap, categories, attribution.
    static func mapFingerprint(site: SiteSettings, hood: NeighborhoodSite) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(hood.name)
        h.add(site.mapAttribution)
        for c in site.categories { h.add(c.key); h.add(c.label); h.add(c.color) }
        for polygon in hood.boundary?.polygons ?? [] {
            for ring in [polygon.outer] + polygon.holes {
                h.add(UInt64(ring.count))
                for p in ring { h.add(p.latitude.bitPattern); h.add(p.longitude.bitPattern) }
            }
        }
        for f in hood.basemap {
            h.add(f.kind.rawValue)
            for polygon in f.areas { for p in polygon.outer { h.add(p.latitude.bitPattern); h.add(p.longitude.bitPattern) } }
            for line in f.lines { for p in line { h.add(p.latitude.bitPattern); h.add(p.longitude.bitPattern) } }
        }
        return h.value
    }

    /// `OUT/<slug>/map.svg`: every published observation, as a file of its own.
    func neighborhoodMapFile() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + map(hood.observations, title: "Map of \(hood.name)", pagePath: "map.svg", groupLink: Routes.observations)
    }

    /// "May 9, 2020".
    static func longDate(_ d: CivilDate) -> String { "\(d.monthName) \(d.day), \(d.year)" }
}
