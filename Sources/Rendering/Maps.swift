import Assembly
import Liquid
import Loading
import Maps

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

    func mapValue(_ observations: [Observation], title: String, pagePath: String, groupLink: String) -> Value {
        .safe(map(observations, title: title, pagePath: pagePath, groupLink: groupLink))
    }

    /// `OUT/<slug>/map.svg`: every published observation, as a file of its own.
    func neighborhoodMapFile() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + map(hood.observations, title: "Map of \(hood.name)", pagePath: "map.svg", groupLink: Routes.observations)
    }

    /// "May 9, 2020".
    static func longDate(_ d: CivilDate) -> String { "\(months[d.month - 1]) \(d.day), \(d.year)" }
}
