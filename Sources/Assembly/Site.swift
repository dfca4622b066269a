import CivilTime
import Fingerprint
import Geo
import Loading

/// Stage ②: what every page of every neighborhood shows, decided once, before any rendering.
public struct Site: Sendable {
    public var settings: SiteSettings
    public var neighborhoods: [NeighborhoodSite]
    public var options: BuildOptions
    /// The start of `--date` in the site's zone, in seconds since 1970.
    public var now: Int64
}

/// The choices of one build: "now", drafts, and where the site lives.
public struct BuildOptions: Sendable {
    /// `--date`: the day that counts as today.
    public var today: CivilDate
    public var includeDrafts: Bool
    /// `--future`: stories, coalitions and events dated after `today` are shown too.
    public var includeFuture = false
    /// `--base-url`, else `site.yml`'s; ends in `/`.
    public var baseURL: String?
    /// Share cards (PNG pictures for Open Graph); `--no-share-cards` leaves them out, and the pages name no image.
    public var shareCards: Bool
    /// Stories read aloud: `narration` in site.yml, espeak-ng and opusenc installed, and no `--no-narration`.
    public var narration: Bool
    /// What `--skip` leaves out of every neighborhood.
    public var skipped: Set<SiteSection>

    public init(today: CivilDate, includeDrafts: Bool = false, baseURL: String? = nil, shareCards: Bool = true, narration: Bool = false,
                skipped: Set<SiteSection> = []) {
        self.today = today
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.shareCards = shareCards
        self.narration = narration
        self.skipped = skipped
    }

    /// True unless `--skip` leaves the section out.
    public func builds(_ section: SiteSection) -> Bool { !skipped.contains(section) }
}

/// One neighborhood's site: only what is published, cross-referenced and sorted.
public struct NeighborhoodSite: Sendable {
    public var slug: String
    public var name: String
    public var description: String?
    public var about: String
    public var boundary: Area?
    public var basemap: [BasemapFeature]
    /// Published observations, oldest first.
    public var observations: [Observation]
    /// Published stories (and drafts when asked for), newest first.
    public var stories: [StoryPage]
    public var coalitions: [CoalitionPage]
    /// Every event, by start.
    public var events: [Event]
    /// Newest first; the first is the week of `--date`.
    public var digests: [Digest]
    /// The start of `--date` in the site's zone: events ending after it are upcoming.
    public var now: Int64
    /// `base_url` + slug + `/`, when the site has a URL.
    public var absoluteRoot: String?
    /// The neighborhood folder's fingerprint (see `Neighborhood.fingerprint`).
    public var fingerprint: Fingerprint

    /// The language of its pages: the site's, or its edition's.
    public var language = ""
    /// Every language the neighborhood is built in, the site's first (its edition is at the root);
    /// empty when it has only the site's.
    public var languages: [String] = []
    /// For an edition in another language, that language: its pages are in `OUT/<slug>/<lang>/`.
    public var edition: String?
    /// The editions in the other languages (only on the site's-language one).
    public var editions: [NeighborhoodSite] = []
    /// What an edition shows in the original for want of a translation: `neighborhood`,
    /// `story:<slug>`, `coalition:<slug>`, `event:<slug>`.
    public var untranslated: Set<String> = []

    /// Where its pages go inside OUT: the slug, or `<slug>/<lang>` for an edition.
    public var folder: String { edition.map { slug + "/" + $0 } ?? slug }
    /// Whether an item of an edition is shown in its own language (always on the site's-language one).
    public func isTranslated(_ key: String) -> Bool { !untranslated.contains(key) }

    /// Ids of the observations far outside the boundary, measured once (the loader warned about them).
    public var farOutside: Set<String> = []
    /// Published reports per week lately, new stories, upcoming events (see `Activity`).
    public var activity = Activity.none

    /// Observations a map may show: those not far outside the boundary.
    public func mappable(_ observations: [Observation]) -> [Observation] {
        farOutside.isEmpty ? observations : observations.filter { !farOutside.contains($0.id) }
    }

    public var upcomingEvents: [Event] { events.filter { ($0.end ?? $0.start).instant >= now } }
    public var pastEvents: [Event] { events.filter { ($0.end ?? $0.start).instant < now }.reversed() }
}

/// A story with its observations (published only, in the order written) and coalition resolved.
///
/// A class: each story is listed on many pages (every coalition page whose focus it shares), and a
/// large neighborhood's coalition pages held hundreds of MB of copies of it.
public final class StoryPage: Sendable {
    public let story: Story
    public let observations: [Observation]
    public let coalition: Coalition?
    public var isDraft: Bool { story.status == .draft }

    public init(story: Story, observations: [Observation], coalition: Coalition?) {
        self.story = story
        self.observations = observations
        self.coalition = coalition
    }
}

/// A coalition with what matches its focus.
public struct CoalitionPage: Sendable {
    /// A coalition page lists (and maps) at most this many of the newest observations in its focus.
    public static let observationLimit = 500

    public var coalition: Coalition
    /// The newest observations in its focus, newest first, at most `observationLimit`.
    public var observations: [Observation]
    /// How many observations are in its focus in all.
    public var observationTotal: Int
    public var stories: [StoryPage]
    public var events: [Event]
}

/// One week's digest.
public struct Digest: Sendable {
    public var week: WeekID
    /// Oldest first.
    public var observations: [Observation]
    /// Every category seen this week or the week before, in `site.yml` order.
    public var counts: [CategoryCount]
    public var stories: [StoryPage]
    /// Events starting in the 14 days after the week's Sunday.
    public var events: [Event]
    public var spotlight: CoalitionPage?
    /// The latest content moment in the week (for feeds), else the week's Monday.
    public var updated: Int64
    public var isCurrentWeek: Bool
}

public struct CategoryCount: Sendable {
    public var category: Category
    public var thisWeek: Int
    public var previousWeek: Int
}
