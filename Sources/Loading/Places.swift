import Geo

extension Observation {
/// Where a report is, as a fact; the words for it are made where it is shown, in that page's language.
public enum Place: Sendable, Hashable {
    /// The resident's own words (`location`), as published: redacted, and without a house number on a privacy grid.
    case written(String)
    /// No words given: the nearest street at the privacy grid, and the nearest one crossing it.
    case near(street: String, crossing: String?)
    /// No words given and no named street in reach: somewhere in the neighborhood.
    case inNeighborhood

    /// The resident's words, when they gave some.
    public var written: String? {
        if case .written(let text) = self { return text }
        return nil
    }

    /// English words for the terminal and for a model's prompt, which are English; pages use the theme's words.
    public func english(in neighborhood: String) -> String {
        switch self {
        case .written(let text): return text
        case .near(let street, let crossing?): return "Near \(street) and \(crossing)"
        case .near(let street, nil): return "Near \(street)"
        case .inNeighborhood: return "In \(neighborhood)"
        }
    }
}
}

/// Finds the place of an observation whose content gives none: the streets at the privacy grid.
public struct Places: Sendable {
    public let streets: StreetIndex

    public func describe(_ point: Coordinate) -> Observation.Place {
        streets.corner(point).map { Observation.Place.near(street: $0.street, crossing: $0.crossing) } ?? .inNeighborhood
    }
}
