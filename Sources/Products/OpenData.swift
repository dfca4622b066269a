import Assembly
import CivilTime
import Escaping
import Foundation
import Geo
import Liquid
import Loading
import Pages
import Rendering
import Markdown
import Parallelism
import Redaction

/// A neighborhood's open data (`data/` and `data.json`), made from the same view of the content the
/// pages show: only published observations and stories (never drafts, even with `--drafts`), after
/// private fields were dropped and free text redacted while loading, with each text taken from the
/// same rendered Markdown as its page. Each file is escaped for its format: RFC 4180 CSV with
/// spreadsheet formulas defused, JSON, GeoJSON, iCalendar.
package struct OpenData {
    package let models: ViewModels

    package init(models: ViewModels) { self.models = models }
    package var hood: NeighborhoodSite { models.hood }
    package var site: SiteSettings { models.site }

    /// One file of the data, as the catalog and the About page describe it.
    package struct Download {
        package var path: String
        package var title: String
        package var format: String
        package var mediaType: String
        package var description: String
        package var count: Int
        /// The file's bytes (made from its text at once, so the text is not held twice).
        package var bytes: [UInt8]
    }

    /// The published stories of the data: drafts never, whatever the build shows.
    package var stories: [StoryPage] { hood.stories.filter { !$0.isDraft } }

    package func downloads() -> [Download] {
        let n = hood.observations.count, s = stories.count, e = hood.events.count
        // The two report files on two cores (a rebuild after one report changed makes both of one
        // neighborhood), each reading the descriptions' text as it goes: 200,000 of them held at
        // once would add to the build's peak memory.
        let data = self
        let (geoJSON, csv) = Parallel.both(parallel: models.jobs > 1, { data.geoJSON() }) { data.csv() }
        let place = hood.name, grid = gridWords
        return [
            Download(path: Routes.dataGeoJSON, title: models.t("data_file_geojson"), format: "GeoJSON", mediaType: "application/geo+json",
                     description: models.t("data_file_geojson_about", ["place": place, "grid": grid]), count: n, bytes: geoJSON),
            Download(path: Routes.dataCSV, title: models.t("data_file_csv"), format: "CSV", mediaType: "text/csv",
                     description: models.t("data_file_csv_about", ["place": place]), count: n, bytes: csv),
            Download(path: Routes.dataStories, title: models.t("data_file_stories"), format: "JSON", mediaType: "application/json",
                     description: models.t("data_file_stories_about", ["place": place]), count: s, bytes: Array(storiesJSON().utf8)),
            Download(path: Routes.dataEvents, title: models.t("data_file_events"), format: "iCalendar", mediaType: "text/calendar",
                     description: models.t("data_file_events_about", ["place": place]), count: e, bytes: Array(Feeds(models: models).calendar().utf8)),
        ]
    }

    /// "50 m privacy", in the page's words.
    package var gridWords: String {
        let m = site.privacy.locationPrecisionMeters
        return m > 0 ? models.t("data_grid", ["meters": m == m.rounded() ? String(Int(m)) : String(m)]) : models.t("data_grid_exact")
    }

    // MARK: Fields

    /// The CSV columns, in order.
    package static let fieldNames = ["service_request_id", "status", "service_code", "service_name", "description", "requested_datetime",
                             "address", "lat", "long", "media_url"]

    /// The CSV columns, in order, with what each holds in the page's words (the About page lists them).
    package var fields: [(name: String, description: String)] {
        let exact = site.privacy.locationPrecisionMeters <= 0
        return Self.fieldNames.map { name in
            (name, models.t("data_field_" + name + (exact && ["address", "lat", "long"].contains(name) ? "_exact" : "")))
        }
    }

    /// The plain text a report's page shows as its description (the same rendered Markdown).
    package func descriptionText(_ o: Observation) -> String {
        guard case .object(let value) = models.observation(o), case .safe(let html)? = value["description_html"] else { return "" }
        return Self.plain(html)
    }

    /// Rendered HTML as the plain text a reader sees: tags dropped, entities decoded, each paragraph,
    /// list item, heading or table row on a line of its own, spaces within a line collapsed.
    package static func plain(_ html: String) -> String { HTMLText.lines(html) }

    /// `String(format: "%.5f", round5(v))`, without Foundation's formatter: the rounded value is a
    /// whole number of hundred-thousandths, written as such (the sign of -0.0 kept, as `%f` keeps it).
    package static func coordinate(_ v: Double) -> String {
        let r = ViewModels.round5(v)
        guard r.isFinite, abs(r) < 1e9 else { return String(format: "%.5f", r) }
        let k = Int64((abs(r) * 100_000).rounded())
        let fraction = String(k % 100_000)
        return (r.sign == .minus ? "-" : "") + String(k / 100_000) + "." + String(repeating: "0", count: 5 - fraction.utf8.count) + fraction
    }

    package func instant(_ d: ContentDate) -> String { models.instant(d.instant) }

    package func categoryName(_ key: String) -> String { site.category(key)?.label ?? key }

    /// The page of a report or story: absolute with a base URL, else relative to the neighborhood's folder.
    package func page(_ path: String) -> String { (hood.absoluteRoot ?? "") + Routes.folder(path) }

    // MARK: CSV (RFC 4180)

    /// Written straight into bytes, a row at a time (200,000 rows held as strings and joined took three copies).
    package func csv() -> [UInt8] {
        var out = Array(Self.fieldNames.joined(separator: ",").utf8)
        out.reserveCapacity(hood.observations.count * 320)
        out += "\r\n".utf8
        for o in hood.observations {
            for (k, cell) in [
                Self.csvText(o.id), "open", Self.csvText(o.category), Self.csvText(categoryName(o.category)), Self.csvText(descriptionText(o)),
                instant(o.observed), Self.csvText(models.place(o.location)), Self.coordinate(o.coordinate.latitude), Self.coordinate(o.coordinate.longitude), "",
            ].enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out += cell.utf8
            }
            out += "\r\n".utf8
        }
        return out
    }

    /// A text cell: quoted when it holds a comma, quote or line break (quotes doubled), and, when it
    /// starts with `=`, `+`, `-`, `@`, a tab or a carriage return, led by `'` so that a spreadsheet
    /// shows it as text instead of running it as a formula (OWASP's CSV injection advice).
    /// Read as bytes: a comma, quote or line break is one wherever it stands (a combining mark after
    /// it, or a CR LF pair, is no reason to leave the cell unquoted, as a character-wise look did).
    package static func csvText(_ s: String) -> String {
        var bytes = s
        return bytes.withUTF8 { u -> String in
            let led = u.first.map { "=+-@\t\r".utf8.contains($0) } ?? false
            let t = led ? "'" + s : s
            let special = u.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard special || (!led && u.first == 0x20) || u.last == 0x20 else { return t }
            return "\"" + ByteSearch.replacingAll("\"", with: "\"\"", in: t) + "\""
        }
    }

    // MARK: GeoJSON (RFC 7946)

    /// Written straight into bytes, a feature at a time.
    package func geoJSON() -> [UInt8] {
        var out = Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        out.reserveCapacity(hood.observations.count * 700)
        func property(_ key: StaticString, _ value: String, first: Bool = false) {
            out += (first ? "\"" : ",\"").utf8
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            out += "\":".utf8
            Escape.json(value, to: &out)
        }
        for (i, o) in hood.observations.enumerated() {
            if i > 0 { out += ",\n".utf8 }
            out += "{\"type\":\"Feature\",\"id\":".utf8
            Escape.json(o.id, to: &out)
            out += ",\"geometry\":{\"type\":\"Point\",\"coordinates\":[".utf8
            out += Self.coordinate(o.coordinate.longitude).utf8
            out.append(UInt8(ascii: ","))
            out += Self.coordinate(o.coordinate.latitude).utf8
            out += "]},\"properties\":{".utf8
            property("service_request_id", o.id, first: true)
            property("status", "open")
            property("service_code", o.category)
            property("service_name", categoryName(o.category))
            property("description", descriptionText(o))
            property("requested_datetime", instant(o.observed))
            property("address", models.place(o.location))
            property("title", models.title(o))
            out += ",\"tags\":[".utf8
            for (k, tag) in o.tags.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                Escape.json(tag, to: &out)
            }
            out.append(UInt8(ascii: "]"))
            property("url", page(Routes.observation(o.id)))
            out += "}}".utf8
        }
        out += "\n]}\n".utf8
        return out
    }

    package func json(_ s: String) -> String { Escape.json(s) }

    // MARK: Stories (JSON)

    package func storiesJSON() -> String {
        var items: [String] = []
        for s in stories {
            let story = s.story
            let fields: [(String, String)] = [
                ("slug", json(story.slug)), ("title", json(story.title)), ("date", story.date.map { json($0.hasTime ? instant($0) : $0.day.description) } ?? "null"),
                ("url", json(page(Routes.story(story.slug)))),
                ("call_to_action", story.callToAction.map(json) ?? "null"),
                ("tags", "[" + story.tags.map(json).joined(separator: ",") + "]"),
                ("coalition", s.coalition.map { json($0.name) } ?? "null"),
                ("author", story.author.map(json) ?? "null"),
                ("categories", "[" + models.orderedCategories(s.observations).map(json).joined(separator: ",") + "]"),
                ("observations", "[" + s.observations.map { json($0.id) }.joined(separator: ",") + "]"),
                ("text", json(Self.plain(MarkdownRenderer.html(story.body)))),
            ]
            items.append("    {" + fields.map { json($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}")
        }
        return "{\n  \"neighborhood\": \(json(hood.name)),\n  \"publisher\": \(json(publisher)),\n  \"stories\": [\n"
            + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    package var publisher: String { site.openData.publisher ?? site.title }

    // MARK: The catalog (DCAT-US, Project Open Data v1.1)

    /// The day the data last changed: its newest report or story, never after `--date`.
    package var modified: CivilDate {
        let days = hood.observations.map(\.observed.day) + stories.compactMap(\.story.date?.day)
        guard let newest = days.max() else { return models.options.today }
        return min(newest, models.options.today)
    }

    /// `start/end` of the reports' days (ISO 8601 interval), nil without reports.
    package var temporal: String? {
        guard let first = hood.observations.map(\.observed.day).min(), let last = hood.observations.map(\.observed.day).max() else { return nil }
        return "\(first)/\(last)"
    }

    /// `west,south,east,north` of the boundary (else of the reports), as DCAT-US writes a bounding box.
    package var spatial: String? {
        let points = hood.boundary?.polygons.flatMap(\.outer) ?? hood.observations.map(\.coordinate)
        guard let b = Bounds(enclosing: points) else { return nil }
        return [b.minLongitude, b.minLatitude, b.maxLongitude, b.maxLatitude].map(Self.coordinate).joined(separator: ",")
    }

    package func keywords(_ extra: [String]) -> [String] {
        var seen = Set<String>()
        return (["neighborhood", hood.name] + extra).filter { seen.insert($0.lowercased()).inserted }
    }

    /// `data.json`: one dataset each for the reports (GeoJSON and CSV), the stories and the events.
    package func catalog(_ downloads: [Download]) -> String {
        let root = hood.absoluteRoot ?? ""
        let about = root + Routes.folder(Routes.dataAbout)
        let contact: String = {
            var c = [("@type", json("vcard:Contact")), ("fn", json(site.openData.contact.map { $0.name.isEmpty ? publisher : $0.name } ?? publisher))]
            if let address = site.openData.contact?.address { c.append(("hasEmail", json("mailto:" + address))) }
            return "{" + c.map { json($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
        }()
        let reportKeywords = site.categories.filter { c in hood.observations.contains { $0.category == c.key } }.map(\.label)
        let sets: [(id: String, title: String, description: String, keywords: [String], files: [Download])] = [
            ("observations", "Residents' reports in \(hood.name)",
             "Published reports by residents of \(hood.name) (\(site.title)): category, place in words, time, and the resident's words, "
                + "located on a \(gridWords) grid. Private fields and unpublished reports are never included; see the About page.",
             ["reports", "Open311"] + reportKeywords, downloads.filter { $0.path == Routes.dataGeoJSON || $0.path == Routes.dataCSV }),
            ("stories", "Stories from \(hood.name)", "Published stories of \(hood.name) (\(site.title)) that organizers wrote from residents' reports.",
             ["stories"], downloads.filter { $0.path == Routes.dataStories }),
            ("events", "Events in \(hood.name)", "Meetings, walks and actions of \(hood.name)'s coalitions (\(site.title)).",
             ["events"], downloads.filter { $0.path == Routes.dataEvents }),
        ]
        let datasets = sets.map { set in
            var f: [(String, String)] = [
                ("@type", json("dcat:Dataset")), ("title", json(set.title)), ("description", json(set.description)),
                ("keyword", "[" + keywords(set.keywords).map(json).joined(separator: ", ") + "]"),
                ("modified", json(modified.description)),
                ("publisher", "{\"@type\": \"org:Organization\", \"name\": \(json(publisher))}"),
                ("contactPoint", contact),
                ("identifier", json(hood.absoluteRoot.map { $0 + Routes.dataCatalog + "#" + set.id } ?? "urn:commonsight:\(hood.slug):data:\(set.id)")),
                ("accessLevel", json("public")),
            ]
            if let l = site.openData.licenseURL { f.append(("license", json(l))) }
            if let a = site.openData.attribution { f.append(("rights", json(a))) }
            if let s = spatial { f.append(("spatial", json(s))) }
            if set.id == "observations", let t = temporal { f.append(("temporal", json(t))) }
            f.append(("landingPage", json(about)))
            f.append(("language", "[" + json(site.language) + "]"))
            f.append(("distribution", "[\n" + set.files.map { d in
                "        {" + [
                    ("@type", json("dcat:Distribution")), ("title", json(d.title)), ("description", json(d.description)),
                    ("downloadURL", json(root + d.path)), ("mediaType", json(d.mediaType)), ("format", json(d.format)),
                    ("describedBy", json(about)),
                ].map { json($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
            }.joined(separator: ",\n") + "\n      ]"))
            return "    {\n" + f.map { "      " + json($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n    }"
        }.joined(separator: ",\n")
        return """
            {
              "@context": "https://project-open-data.cio.gov/v1.1/schema/catalog.jsonld",
              "@id": \(json(root + Routes.dataCatalog)),
              "@type": "dcat:Catalog",
              "conformsTo": "https://project-open-data.cio.gov/v1.1/schema",
              "describedBy": "https://project-open-data.cio.gov/v1.1/schema/catalog.json",
              "dataset": [
            \(datasets)
              ]
            }

            """
    }

    // MARK: The About page

    /// What the "About this data" page shows (`open_data`).
    package func aboutValue(_ downloads: [Download], prefix: String = "") -> Value {
        let privacy = site.privacy
        let kinds: [(Redactor.Kind, String)] = [(.phone, "phone"), (.email, "email"), (.address, "address")]
        let redacted = kinds.filter { privacy.redact.contains($0.0) }.map { models.t("data_kind_" + $0.1) }
        return .object(Object([
            ("observation_count", .int(hood.observations.count)), ("story_count", .int(stories.count)), ("event_count", .int(hood.events.count)),
            ("last_update", .string(modified.description)),
            ("first_observed", hood.observations.first.map { .string($0.observed.day.description) } ?? .nil),
            ("last_observed", hood.observations.last.map { .string($0.observed.day.description) } ?? .nil),
            ("location_precision_m", .int(Int(privacy.locationPrecisionMeters.rounded()))),
            ("withheld_fields", .array(privacy.privateFields.sorted().map { .string($0) })),
            ("redacted", .array(redacted.map { .string($0) })),
            ("redacted_kinds", .string(models.list(redacted))),
            ("published_statuses", .array([.string(Observation.Status.published.rawValue)])),
            ("withheld_statuses", .array(Observation.Status.allCases.filter { $0 != .published }.map { .string($0.rawValue) })),
            ("downloads", .array(downloads.map { d in
                .object(Object([("title", .string(d.title)), ("url", .string(prefix + d.path)), ("format", .string(d.format)),
                                ("media_type", .string(d.mediaType)), ("description", .string(d.description)), ("count", .int(d.count)),
                                ("bytes", .int(d.bytes.count)), ("size", .string(Self.size(d.bytes.count)))]))
            })),
            ("catalog_url", .string(prefix + Routes.dataCatalog)),
            ("fields", .array(fields.map { .object(Object([("name", .string($0.name)), ("description", .string($0.description))])) })),
            ("license_name", site.openData.licenseName.map { .string($0) } ?? .nil),
            ("license_url", site.openData.licenseURL.map { .string($0) } ?? .nil),
            ("attribution", site.openData.attribution.map { .string($0) } ?? .nil),
            ("publisher", .string(publisher)),
            ("contact_name", site.openData.contact.map { .string($0.name.isEmpty ? publisher : $0.name) } ?? .nil),
            ("contact_email", site.openData.contact.map { .string($0.address) } ?? .nil),
            ("source", site.openData.dataSource.map { .string($0) } ?? .nil),
            ("map_attribution", .string(site.mapAttribution)),
        ]))
    }

    /// "812 bytes", "14 KB", "2.3 MB".
    package static func size(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1_000) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
