import Assembly
import CivilTime
import Fingerprint
import Foundation
import Liquid
import Loading
import Themes
import Words

/// What every page of the site in one language shares, made once: the `site` and `build`
/// variables and their fingerprint, the language's words, and the build's moment.
package struct SiteValues: Sendable {
    package let settings: SiteSettings
    package let options: BuildOptions
    package let now: Int64
    package let fingerprint: Fingerprint
    package let site: Value, build: Value
    /// The site's language, from the theme's language files, with the site's digits.
    package let language: Language

    package init(theme: Theme, site s: SiteSettings, options: BuildOptions, now: Int64) {
        (settings, self.options, self.now) = (s, options, now)
        language = theme.language(for: s.language).numbering(s.numbering)
        var h = FingerprintBuilder()
        for field in [s.title, s.description ?? "", s.language, s.numbering, options.baseURL ?? "", options.today.description] { h.add(field) }
        fingerprint = h.value
        site = .object(Object([
            ("title", .string(s.title)), ("description", s.description.map { .string($0) } ?? .nil),
            ("language", .string(s.language)), ("direction", .string(language.direction)),
            ("numbering", .string(s.numbering)), ("base_url", options.baseURL.map { .string($0) } ?? .nil),
            ("how_to_report", s.howToReport.map { .string($0) } ?? .nil),
        ]))
        build = .object(Object([("date", .string(options.today.description)), ("week", .string(WeekID(containing: options.today).description))]))
    }

    /// The language's code (`en`).
    package var code: String { settings.language }
    package var timeZone: TimeZone { settings.timeZone }

    /// The same site in another language (its words, title and direction; the rest as it is).
    package func inLanguage(_ code: String, theme: Theme) -> SiteValues {
        SiteValues(theme: theme, site: settings.inLanguage(code), options: options, now: now)
    }
}
