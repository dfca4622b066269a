import ContentFields
import Diagnostics

/// The words `new` and `init` write for the author to replace: an item that still holds one is not
/// ready to publish, and `review --publish` says which.
public enum Placeholders {
    public static let observationLocation = "Describe the place, not a home address"
    public static let observationDescription = "What you saw, in a few sentences."
    public static let storyTitle = "A new story"
    public static let storyCallToAction = "What readers can do"
    public static let storyBody = "The narrative: what residents saw, why it matters, what comes next."
    public static let coalitionName = "A new coalition"
    public static let coalitionMeets = "Where and when you meet"
    public static let coalitionAbout = "Who you are and what you organize around."
    public static let eventTitle = "A new event"
    public static let eventLocation = "Where to meet"
    public static let eventBody = "What will happen and who should come."

    /// Why a report is not ready: each field still as `new` wrote it, and a place at 0, 0.
    public static func reasons(_ o: Observation) -> [String] {
        var out: [String] = []
        if case .written(let words) = o.location, words == observationLocation { out.append("'location' is still the placeholder \(quoted(words))") }
        if o.description.trimmed == observationDescription { out.append("the description is still the placeholder \(quoted(observationDescription))") }
        if abs(o.coordinate.latitude) < 0.001, abs(o.coordinate.longitude) < 0.001 {
            out.append("'lat' and 'lon' are 0, 0 (in the sea off Africa); write where it was seen")
        }
        return out
    }

    public static func reasons(_ s: Story) -> [String] {
        check([("title", s.title, storyTitle), ("call_to_action", s.callToAction, storyCallToAction), ("text", s.body, storyBody)])
    }

    public static func reasons(_ c: Coalition) -> [String] {
        check([("name", c.name, coalitionName), ("meets", c.meets, coalitionMeets), ("text", c.about, coalitionAbout)])
    }

    public static func reasons(_ e: Event) -> [String] {
        check([("title", e.title, eventTitle), ("location", e.location, eventLocation), ("text", e.body, eventBody)])
    }

    static func check(_ fields: [(name: String, value: String?, placeholder: String)]) -> [String] {
        fields.compactMap { f in
            guard f.value?.trimmed == f.placeholder else { return nil }
            return f.name == "text" ? "the text is still the placeholder \(quoted(f.placeholder))" : "'\(f.name)' is still the placeholder \(quoted(f.placeholder))"
        }
    }
}
