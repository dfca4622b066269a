import ContentFields
import Diagnostics
import Foundation
import Fingerprint
import Geo
import Markdown
import Redaction

/// Everything `load` read from a content folder: the site settings and its neighborhoods.
public struct LoadedContent: Sendable {
    public var site: SiteSettings
    /// The neighborhoods that were read, in folder order.
    public var neighborhoods: [Neighborhood]
    /// Neighborhoods not read again because their folder's fingerprint is the one the caller knew.
    public var unchanged: [UnchangedNeighborhood] = []
    /// Every neighborhood folder's name, in order, whether or not it was read.
    public var slugs: [String] = []
    /// The files of `static/`, copied into OUT as they are.
    public var staticFiles: [StaticFile] = []

    public init(site: SiteSettings, neighborhoods: [Neighborhood], unchanged: [UnchangedNeighborhood] = [], slugs: [String] = [],
                staticFiles: [StaticFile] = []) {
        (self.site, self.neighborhoods, self.unchanged, self.slugs, self.staticFiles) = (site, neighborhoods, unchanged, slugs, staticFiles)
    }
}

/// A neighborhood folder whose fingerprint is still the one an earlier build saw.
public struct UnchangedNeighborhood: Sendable, Equatable {
    public var slug: String
    public var fingerprint: Fingerprint
}

/// A file of the content folder's `static/`: its path inside it (the same inside OUT) and its bytes.
public struct StaticFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    /// Where it came from, for messages.
    public var source: String
}

/// `site.yml`: the title, where the site lives, its language and time zone, privacy and categories.
public struct SiteSettings: Sendable {
    public var title: String
    /// `title` in every language `site.yml` gives, when it gives one per language.
    public var titleWords: Wording?
    public var description: String?
    /// Absolute http(s) URL of the folder that holds the neighborhood sites, ending in `/`.
    public var baseURL: String?
    public var language: String
    /// The digits pages write numbers and dates with: `latn` (0-9, the default) or `arab` (٠-٩).
    public var numbering = "latn"
    public var timeZone: TimeZone
    public var privacy: PrivacyPolicy
    /// In the order `site.yml` lists them.
    public var categories: [Category]
    /// The small line under every map: where its data came from.
    public var mapAttribution: String
    /// `map_attribution` in every language `site.yml` gives, when it gives one.
    public var mapAttributionWords: Wording?
    /// The line when `site.yml` gives none (pages write the language's words for it).
    public static let defaultMapAttribution = "Drawn from this site's data"
    /// How a resident files a report (`how_to_report`): printed on flyers, shown on the home page.
    public var howToReport: String? { howToReportWords?.text(in: language) }
    public var howToReportWords: Wording?
    public var location: SourceLocation
    /// Who the digest e-mail is from and to, and its footer (`email` in `site.yml`).
    public var email = EmailSettings()
    /// License, attribution, publisher, contact and source of the open data (`data/`, `data.json`).
    public var openData = OpenDataSettings()
    /// Which voice reads the stories of each language aloud (`narration` in `site.yml`).
    public var narration = NarrationSettings()
    /// What the tool's cache keeps for every output folder (`keep_in_cache` in `site.yml`).
    public var keptInCache: Set<KeptKind> = []
    /// Where residents e-mail their reports (`import: address:`): each neighborhood then has a "report a problem" page.
    public var reportAddress: String?
    /// How much Markdown one text may hold (`limits` in `site.yml`).
    public var markdownBudget = MarkdownBudget.default
    /// A hash of `site.yml`'s bytes.
    public var fingerprint = Fingerprint(high: 0, low: 0)

    public func category(_ key: String) -> Category? {
        categories.first { $0.key == key }
    }

    /// These settings as an edition in `language` shows them: its language, and the title, the
    /// categories' labels and calls to action in that language where `site.yml` gives them.
    public func inLanguage(_ language: String) -> SiteSettings {
        var copy = self
        copy.language = language
        if let words = titleWords { copy.title = words.text(in: language) }
        if let words = mapAttributionWords { copy.mapAttribution = words.text(in: language) }
        copy.email.footer = email.footer(in: language)
        copy.openData = openData.inLanguage(language)
        copy.categories = categories.map { c in
            var t = c
            t.label = c.labelWords.text(in: language)
            t.callToAction = c.callToActionWords?.text(in: language)
            return t
        }
        return copy
    }

    /// The reader-facing settings that have no words in `language`: what and where.
    public func missingWords(in language: String) -> [(what: String, at: SourceLocation)] {
        var out: [(String, SourceLocation)] = []
        // A title in one text is a name, the same in every language; one given per language names each.
        if let words = titleWords, !words.byLanguage.isEmpty, !words.has(language) { out.append(("the title", words.location)) }
        for c in categories {
            if !c.labelWords.has(language) { out.append(("the label of category \(quoted(c.key))", c.labelWords.location)) }
            if let words = c.callToActionWords, !words.has(language) { out.append(("the call to action of category \(quoted(c.key))", words.location)) }
        }
        if let words = howToReportWords, !words.has(language) { out.append(("how_to_report", words.location)) }
        if let words = mapAttributionWords, !words.has(language) { out.append(("map_attribution", words.location)) }
        if let words = email.footerWords, !words.has(language) { out.append(("email.footer", words.location)) }
        if let words = openData.attributionWords, !words.has(language) { out.append(("attribution", words.location)) }
        if let words = openData.dataSourceWords, !words.has(language) { out.append(("data_source", words.location)) }
        return out
    }
}

/// One category of observation, with its label and map color.
public struct Category: Hashable, Sendable {
    public var key: String
    /// In the language of the pages that show it (see `SiteSettings.inLanguage`).
    public var label: String
    /// `#rrggbb`.
    public var color: String
    /// What readers can do about it (`call_to_action`): what `draft` writes into a story of this category.
    public var callToAction: String? = nil
    /// The label and call to action in every language `site.yml` gives.
    public var labelWords: Wording
    public var callToActionWords: Wording?

    public init(key: String, label: Wording, color: String, callToAction: Wording? = nil) {
        (self.key, self.label, self.color, self.callToAction) = (key, label.text, color, callToAction?.text)
        (labelWords, callToActionWords) = (label, callToAction)
    }

    public init(key: String, label: String, color: String, callToAction: String? = nil) {
        self.init(key: key, label: Wording(label), color: color, callToAction: callToAction.map { Wording($0) })
    }
}
