import CivilTime
import Fingerprint
import Diagnostics
import Formats
import Geo

/// One neighborhood's folder: its name and about text, boundary, basemap, and content.
public struct Neighborhood: Sendable {
    public var slug: String
    public var name: String
    public var description: String?
    /// Markdown.
    public var about: String
    public var boundary: Area?
    public var basemap: [BasemapFeature]
    /// Sorted by observation date, then id. Every status is kept; `published` is what the site shows.
    public var observations: [Observation]
    public var stories: [Story]
    public var coalitions: [Coalition]
    public var events: [Event]
    public var location: SourceLocation
    /// A hash of every file in the folder: equal fingerprints mean equal content.
    public var fingerprint = Fingerprint(high: 0, low: 0)
    /// `languages:` of `neighborhood.md`, the site's language first; empty when it names none (one edition).
    public var languages: [String] = []
    /// Where `languages:` is written.
    public var languagesLocation: SourceLocation?
    /// The translations beside the originals (`story.es.md`, `neighborhood.es.md`), by language.
    public var translations: [String: Translation] = [:]

    public var publishedObservations: [Observation] { observations.filter { $0.status == .published } }

    public func observation(_ id: String) -> Observation? { observations.first { $0.id == id } }

    /// Items that were read but left out for their errors, as `observation:ID`, `story:SLUG`,
    /// `coalition:SLUG` or `event:SLUG`: what points at one says so instead of "does not exist".
    public var broken: Set<String> = []
    /// Reports whose status `moderation.yml` gives.
    public var decided: Set<String> = []
    /// The rows of `observations.csv` as read now, for the next build (see `ReportRows`).
    public var reportRows: ReportRows?

    /// The file in a neighborhood's folder where `review` records its decisions: never read as
    /// content, never copied into the site.
    public static let moderationLog = "moderation.log"

    /// The basemap's street names as the redaction knows them (see `Redactor.streets`).
    public var streetNames: Set<String> { NeighborhoodLoader.streetNames(basemap) }
    public func coalition(_ slug: String) -> Coalition? { coalitions.first { $0.slug == slug } }
}

/// A coalition's story card: a narrative built on observations, with a call to action.
public struct Story: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case draft, published
    }

    public var slug: String
    public var title: String
    public var status: Status
    public var date: ContentDate?
    /// Ids of observations of the same neighborhood, in the order written.
    public var observations: [Reference]
    public var callToAction: String?
    public var tags: [String]
    /// A coalition slug.
    public var coalition: Reference?
    public var author: String?
    /// Markdown.
    public var body: String
    public var source: SourceLocation
    /// The day `draft` wrote it (`generated.date`), when it says: how long a draft has waited.
    public var drafted: CivilDate? = nil
}

/// A group that organizes around some categories or tags.
public struct Coalition: Sendable {
    public var slug: String
    public var name: String
    /// Category keys and tags.
    public var focus: [String]
    /// Public email address or URL.
    public var contact: String?
    public var meets: String?
    public var joinURL: String?
    public var members: Int?
    /// Markdown.
    public var about: String
    public var source: SourceLocation
    /// `draft` stays off the site; `published` (the default) shows from `date` on.
    public var status: Story.Status = .published
    /// The day it is published, when written: before it, it is scheduled (on no page).
    public var date: ContentDate? = nil
}

/// A meeting, walk or action.
public struct Event: Sendable {
    public var slug: String
    public var title: String
    public var start: ContentDate
    public var end: ContentDate?
    public var location: String?
    public var coordinate: Coordinate?
    /// A coalition slug.
    public var coalition: Reference?
    /// Markdown.
    public var body: String
    public var source: SourceLocation
    /// `draft` stays off the site; `published` (the default) shows from `date` on.
    public var status: Story.Status = .published
    /// The day it is announced, when written: before it, it is scheduled (on no page).
    public var date: ContentDate? = nil
}

/// A name that points at another item (an observation id, a coalition slug), with where it was written.
public struct Reference: Hashable, Sendable {
    public var value: String
    public var location: SourceLocation

    public init(_ value: String, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One language's translations of a neighborhood's texts: each a whole item whose words are the
/// translation's and whose other fields (dates, status, observations, coalition) are the original's.
public struct Translation: Sendable {
    public var name: String?
    public var description: String?
    /// `neighborhood.<lang>.md`'s body, when there is that file.
    public var about: String?
    public var stories: [String: Story] = [:]
    public var coalitions: [String: Coalition] = [:]
    public var events: [String: Event] = [:]

    public init() {}
}
