import Diagnostics
import Geo

/// A resident's report. A class, because pages, digests, stories and coalitions all share the same
/// reports: each holds a reference, never a copy of every field.
public final class Observation: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case published, pending, flagged, removed
    }

    public let id: String
    public let category: String
    public let location: Place
    /// Already snapped to the privacy grid when `location_precision_m` > 0.
    public let coordinate: Coordinate
    public let observed: ContentDate
    public let status: Status
    /// The title the content gives; without one, pages make it from the category and the place.
    public let title: String?
    /// The author the content gives; without one, pages say "a neighbor" in their language.
    public let author: String?
    public let tags: [String]
    /// Markdown.
    public let description: String
    /// Where the original report is (an http(s) address), when the content gives it.
    public let sourceURL: String?
    public let source: SourceLocation

    public init(id: String, category: String, location: Place, coordinate: Coordinate, observed: ContentDate, status: Status,
                title: String?, author: String?, tags: [String], description: String, sourceURL: String? = nil, source: SourceLocation) {
        self.id = id
        self.category = category
        self.location = location
        self.coordinate = coordinate
        self.observed = observed
        self.status = status
        self.title = title
        self.author = author
        self.tags = tags
        self.description = description
        self.sourceURL = sourceURL
        self.source = source
    }
}
