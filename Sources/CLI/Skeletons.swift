import Escaping
import Geo
import Loading

/// The starting text of each kind of content file, valid as written.
struct Skeletons {
    let site: SiteSettings
    let date: String

    func neighborhood(name: String) -> String {
        """
        ---
        name: \(Escape.yaml(name))
        description: One line about the neighborhood
        ---
        What residents should know about \(name): where it is, who organizes here, how to take part.

        Add boundary.geojson (a Polygon or MultiPolygon) beside this file to draw maps.

        """
    }

    func observation(category: String, at center: Coordinate?) -> String {
        let c = center ?? Coordinate(latitude: 0, longitude: 0)
        return """
        ---
        category: \(category)
        location: Describe the place, not a home address
        lat: \(fixed(c.latitude))
        lon: \(fixed(c.longitude))
        observed: \(date)
        status: pending
        ---
        What you saw, in a few sentences.

        """
    }

    func story(title: String) -> String {
        """
        ---
        title: \(Escape.yaml(title))
        status: draft
        observations: []
        call_to_action: What readers can do
        ---
        The narrative: what residents saw, why it matters, what comes next.

        """
    }

    func coalition(name: String) -> String {
        """
        ---
        name: \(Escape.yaml(name))
        focus: [\(site.categories[0].key)]
        meets: Where and when you meet
        ---
        Who you are and what you organize around.

        """
    }

    func event(title: String) -> String {
        """
        ---
        title: \(Escape.yaml(title))
        start: \(date) 18:00
        end: \(date) 19:30
        location: Where to meet
        ---
        What will happen and who should come.

        """
    }

    func fixed(_ v: Double) -> String {
        let scaled = (v * 100_000).rounded() / 100_000
        return String(scaled)
    }
}
