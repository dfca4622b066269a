import Escaping
import Diagnostics
import Foundation
import Words

/// Which keys of the language files are used, by the templates and by the program, and which are
/// missing or unused (reported by `check` and `build` at their `path:line`).
enum TranslationKeys {
    /// The strings the program writes itself (page titles, navigation, maps, share cards, feeds).
    static let program: [String] = [
        "language_name", "week_title", "week_title_inline", "place_title", "title_and_date", "list_separator",
        "title_observations", "title_observations_page", "title_stories", "title_stories_page", "title_coalitions", "title_events",
        "title_digests", "title_search", "title_not_found", "title_about_data",
        "nav_home", "nav_digests", "nav_stories", "nav_observations", "nav_coalitions", "nav_events", "nav_search",
        "home_summary", "email_footer_default", "anonymous_author", "place_near_corner", "place_near_street", "place_in", "report_title", "default_map_attribution", "qr_label",
        "map_home", "map_file", "map_observation", "map_story", "map_coalition", "map_week", "map_recent",
        "map_reports", "map_showing", "map_empty", "map_busiest", "map_grouped", "map_somewhere", "map_group_key",
        "map_no_reports", "map_north", "map_near_corner", "map_near_street", "map_category_count", "map_place_summary", "map_group_heading",
        "card_story_description", "card_digest_kicker", "card_digest_description", "card_home_description",
        "card_reports", "card_new_stories", "card_events_coming", "card_stories", "card_coalitions",
        "count_reports", "count_new_stories", "count_events_coming", "count_stories", "count_coalitions",
        "count_observations", "count_upcoming_events", "feed_digest_summary",
        "dates.long", "dates.month_year", "list_and",
        "data_file_geojson", "data_file_geojson_about", "data_file_csv", "data_file_csv_about", "data_file_stories",
        "data_file_stories_about", "data_file_events", "data_file_events_about", "data_grid", "data_grid_exact",
        "data_kind_phone", "data_kind_email", "data_kind_address",
        "data_field_service_request_id", "data_field_status", "data_field_service_code", "data_field_service_name",
        "data_field_description", "data_field_requested_datetime", "data_field_address", "data_field_address_exact",
        "data_field_lat", "data_field_lat_exact", "data_field_long", "data_field_long_exact", "data_field_media_url",
        "title_report", "report_subject", "report_field_category", "report_field_where", "report_field_when", "report_field_what",
    ]

    /// Strings the program writes when a language file has them, and in a form of its own when not
    /// (a file made before they were added still builds): a scale bar's units.
    static let optional: [String] = ["map_scale_meters", "map_scale_kilometers", "map_scale_feet", "map_scale_miles"]

    /// `'key' | t` and `ldate: 'name'` (as `dates.name`) in a template's text, with their lines.
    static func uses(in source: String, path: String) -> [(key: String, at: SourceLocation)] {
        var out: [(String, SourceLocation)] = []
        // Split by bytes: a line break is one byte, and comparing characters costs far more.
        for (i, bytes) in source.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            // Both forms need a `|` (a filter): most lines have none.
            guard bytes.contains(UInt8(ascii: "|")) else { continue }
            let line = Substring(bytes)
            for m in KeyScan.uses(in: line) {
                out.append((m.date ? "dates." + m.key : m.key, SourceLocation(path: path, line: i + 1, column: m.column)))
            }
        }
        return out
    }

    /// Every key a template or the program uses that a language file lacks (an error at the use), and
    /// every key of a language file that nothing uses (a warning at its line).
    static func check(_ languages: [Language], uses: [(key: String, at: SourceLocation)]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let used = Set(uses.map(\.key) + program + optional)
        for l in languages {
            var reported = Set<String>()
            for use in uses where !has(l, use.key) && !reported.contains(use.key) {
                reported.insert(use.key)
                if use.at.path.hasPrefix(Theme.builtIn + "/") {
                    // A built-in template the theme has none of its own for: perhaps never rendered.
                    out.append(.warning(use.at, "missing key '\(use.key)' in \(l.path), which this built-in template uses where the theme has none of its own; a page made from it shows '\(use.key)'"))
                } else {
                    out.append(.error(use.at, "missing key '\(use.key)' in \(l.path)"))
                }
            }
            for key in program where !has(l, key) && !reported.contains(key) {
                out.append(.error(SourceLocation(path: l.path, line: 1, column: 1), "missing key '\(key)': the program writes it"))
            }
            for key in optional {
                guard let message = l.messages[key], let at = l.lines[key] else { continue }
                let patterns: [MessagePattern] = switch message {
                case .text(let t): [t]
                case .plural(let forms): forms.keys.sorted().compactMap { forms[$0] }
                }
                let names = Set(patterns.flatMap(\.parameters))
                if let stray = names.subtracting(["length", "count"]).sorted().first {
                    out.append(.error(at, "'\(key)' has no parameter {\(stray)}; it takes {length} (the number, written in the language's digits) and {count}"))
                } else if patterns.contains(where: { !$0.parameters.contains("length") }) {
                    out.append(.error(at, "'\(key)' must write {length} where the scale bar's number goes"))
                }
            }
            for (key, at) in l.lines.sorted(by: { $0.value.line < $1.value.line }) where !used.contains(key) {
                out.append(.warning(at, "unused key '\(key)': no template or page uses it"))
            }
        }
        return out
    }

    static func has(_ l: Language, _ key: String) -> Bool {
        key.hasPrefix("dates.") ? l.dates[String(key.dropFirst(6))] != nil : l.messages[key] != nil
    }
}
