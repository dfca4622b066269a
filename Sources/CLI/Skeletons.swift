import Escaping
import Geo
import Loading

/// The starting text of each kind of content file, valid as written: a draft (a pending report)
/// whose placeholders `review --publish` asks to have replaced first.
struct Skeletons {
    let site: SiteSettings
    let date: String

    func neighborhood(name: String) -> String {
        file([("name", Escape.yaml(name)), ("description", "One line about the neighborhood")], body: """
        What residents should know about \(name): where it is, who organizes here, how to take part.

        Add boundary.geojson (a Polygon or MultiPolygon) beside this file to draw maps.
        """)
    }

    func observation(category: String, at center: Coordinate?) -> String {
        let c = center ?? Coordinate(latitude: 0, longitude: 0)
        return file([("category", category), ("location", Placeholders.observationLocation), ("lat", fixed(c.latitude)),
                     ("lon", fixed(c.longitude)), ("observed", date), ("status", "pending")], body: Placeholders.observationDescription)
    }

    func story(title: String) -> String {
        file([("title", Escape.yaml(title)), ("status", "draft"), ("date", date), ("observations", "[]"),
              ("call_to_action", Placeholders.storyCallToAction)], body: Placeholders.storyBody)
    }

    func coalition(name: String) -> String {
        file([("name", Escape.yaml(name)), ("status", "draft"), ("date", date), ("focus", "[\(site.categories[0].key)]"),
              ("meets", Placeholders.coalitionMeets)], body: Placeholders.coalitionAbout)
    }

    func event(title: String) -> String {
        file([("title", Escape.yaml(title)), ("status", "draft"), ("start", date + " 18:00"), ("end", date + " 19:30"),
              ("location", Placeholders.eventLocation)], body: Placeholders.eventBody)
    }

    /// A content file: front matter of `fields`, each value as YAML already, then the Markdown body.
    func file(_ fields: [(String, String)], body: String) -> String {
        "---\n" + fields.map { "\($0.0): \($0.1)\n" }.joined() + "---\n" + body + "\n"
    }

    func fixed(_ v: Double) -> String {
        let scaled = (v * 100_000).rounded() / 100_000
        return String(scaled)
    }
}
