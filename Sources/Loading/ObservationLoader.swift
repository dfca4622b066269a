import ContentFields
import Diagnostics
import Fingerprint
import Formats
import Foundation
import Geo
import Parallelism
import Redaction

/// Reads a neighborhood's observations from `observations/*.md`, `observations.csv` and `observations.geojson`.
struct ObservationLoader {
    /// The fields a report may have: a new field is named here and read in `build(id:...)` below.
    static let fieldNames = FieldNames(kind: "an observation", names: [
        "id", "category", "location", "lat", "lon", "observed", "status", "title", "author", "tags", "description", "source_url",
    ])

    let site: SiteSettings
    let folder: ContentFolder
    /// Street names of the neighborhood's basemap, lowercased: a house number before one is an address.
    var streets: Set<String> = []
    /// Words for a place, for the observations that give no `location`.
    var places = Places(streets: StreetIndex([]))
    /// Statuses from `moderation.yml`, by id: they win over what a report's own file says.
    var decided: [String: Observation.Status] = [:]
    /// The threads the rows of a CSV file may be read on.
    var workers = 1
    /// What reading a CSV row depends on besides the row (the program, `site.yml`, the basemap), and
    /// the last build's rows: with both, a row read then is not read again (see `ReportRows`).
    var rowsContext: Fingerprint?
    var lastRows: ReportRows?

    /// Where a file's fields came from, to place what the redaction finds in them.
    struct Source {
        /// The file's lines, to tell whether a value was written in quotes.
        var lines: LineIndex?
        /// Values are always quoted in this format (JSON strings).
        var alwaysQuoted = false
        /// Where the description starts (a Markdown body), else the `description` field's place.
        var description: SourceLocation?
    }

    /// `broken` gets the id of each report left out for its errors; `rows`, the rows of
    /// `observations.csv` the next build may take (with a `rowsContext`).
    func load(neighborhood dir: String, broken: inout Set<String>, rows: inout ReportRows?, log: inout DiagnosticLog) -> [Observation] {
        var out: [Observation] = []
        for (stem, path) in folder.markdownFiles(dir + "/observations", holds: "observations/ holds one Markdown file (.md) per observation", log: &log) {
            if let (original, language) = Self.translationName(stem) {
                log.error(SourceLocation(path: path), "\(quoted(stem + ".md")) is named like a translation of observation \(quoted(original)) into \(quoted(language)), "
                    + "but residents' reports are never translated (their words are published as written); rename it, for example to "
                    + "\(quoted(original + "-" + language + ".md")), if it is a report of its own, or remove it")
                continue
            }
            if let o = markdown(path, stem: stem, log: &log) { out.append(o) } else { broken.insert(stem) }
        }
        let csvPath = dir + "/observations.csv"
        if folder.exists(csvPath) { out += csv(csvPath, broken: &broken, rows: &rows, log: &log) }
        let geoPath = dir + "/observations.geojson"
        if folder.exists(geoPath) { out += geojson(geoPath, broken: &broken, log: &log) }
        return out
    }

    /// `r1.es` → (`r1`, `es`): a stem that ends in a language tag after a dot, as translations of
    /// stories, coalitions and events are named; never read as a report of its own.
    static func translationName(_ stem: String) -> (String, String)? {
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return nil }
        let tag = String(stem[stem.index(after: dot)...])
        return Identifiers.isLanguageTag(tag) ? (String(stem[..<dot]), tag) : nil
    }

    func markdown(_ path: String, stem: String, log: inout DiagnosticLog) -> Observation? {
        guard let text = folder.readText(path, log: &log), let doc = FrontMatter.parse(text, path: path, log: &log),
              let entries = doc.fields.entries else { return nil }
        Self.fieldNames.check(entries.keys, privacy: site.privacy, log: &log)
        let fields = Record(entries: entries, location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy)
        guard Identifiers.isObservationID(stem) else {
            log.error(SourceLocation(path: path), "file name \(quoted(stem)) is not a valid observation id; expected letters, digits, '_', '.' or '-', starting with a letter or digit")
            return nil
        }
        if let problem = Identifiers.portabilityProblem(stem) {
            log.error(SourceLocation(path: path), "observation id " + problem)
            return nil
        }
        if let id = fields.text("id", log: &log), id != stem {
            log.error(fields.place("id"), "'id' is \(quoted(id)), but a Markdown observation's id is its file name \(quoted(stem)); remove 'id' or rename the file")
        }
        return build(id: stem, fields, description: TextCleaning.clean(doc.body), source: Source(lines: LineIndex(text), description: SourceLocation(path: path, line: doc.bodyLine, column: 1)), log: &log)
    }

    func csv(_ path: String, broken: inout Set<String>, rows kept: inout ReportRows?, log: inout DiagnosticLog) -> [Observation] {
        guard let text = folder.readText(path, log: &log),
              let table = CSVTable.parse(text, path: path, log: &log) else { return [] }
        var seen = Set<String>()
        for cell in table.header {
            let name = cell.text.trimmingCharacters(in: .whitespaces)
            if !seen.insert(name).inserted { log.error(cell.location, "the column \(quoted(name)) appears twice in the header") }
        }
        Self.fieldNames.check(table.header.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.location) }, privacy: site.privacy, log: &log)
        let missing = ["id", "category", "lat", "lon", "observed"].filter { !seen.contains($0) && !site.privacy.isPrivate($0) }
        if !missing.isEmpty {
            log.error(table.header.first?.location ?? SourceLocation(path: path, line: 1, column: 1),
                      "the header lacks the required column\(missing.count > 1 ? "s" : "") \(choices(missing).replacingOccurrences(of: " or ", with: " and "))")
            return []
        }
        let header = CSVHeader(table.header, privacy: site.privacy)
        let lines = LineIndex(text)
        let rows = table.records
        // The header's cells are part of every row's surroundings.
        let context = rowsContext.map { base in
            var h = FingerprintBuilder()
            h.add(base)
            for cell in table.header { h.add(cell.text) }
            return h.value
        }
        let last = context != nil && lastRows?.context == context ? lastRows?.rows ?? [:] : [:]
        // In runs, on the threads given, each with its own reports, ids, problems and rows kept, joined in the file's order.
        let run = workers > 1 && rows.count >= 64 ? (rows.count + 4 * workers - 1) / (4 * workers) : max(rows.count, 1)
        let runs = stride(from: 0, to: rows.count, by: run).map { $0..<min($0 + run, rows.count) }
        let read = Parallel.map(runs, workers: workers) { range -> ([Observation], Set<String>, [Diagnostic], [(Fingerprint, ReportRows.Row)]) in
            var out: [Observation] = [], broken = Set<String>(), log = DiagnosticLog(), made: [(Fingerprint, ReportRows.Row)] = []
            for row in rows[range] {
                let key = context.map { ReportRows.key(row, context: $0) }
                if let key, let known = last[key], decided[known.report.id] == known.decision {
                    out.append(known.report.at(row.location))
                    made.append((key, known))
                    continue
                }
                let (reports, said) = (out.count, log.items.count)
                add(Record(header: header, row: row), source: Source(lines: lines), to: &out, broken: &broken, log: &log)
                // Kept only when it made a published report and said nothing: the cache holds no
                // report the site does not show.
                if let key, out.count == reports + 1, log.items.count == said, let report = out.last, report.status == .published {
                    made.append((key, ReportRows.Row(report: report, decision: decided[report.id])))
                }
            }
            return (out, broken, log.items, made)
        }
        var out: [Observation] = []
        out.reserveCapacity(rows.count)
        var next = context.map { ReportRows(context: $0) }
        for (observations, ids, items, made) in read {
            out += observations
            broken.formUnion(ids)
            log.append(contentsOf: items)
            for (key, row) in made { next?.rows[key] = row }
        }
        kept = next
        return out
    }

    func geojson(_ path: String, broken: inout Set<String>, log: inout DiagnosticLog) -> [Observation] {
        guard let root = folder.readJSON(path, log: &log) else { return [] }
        var out: [Observation] = []
        var reported = Set<String>()
        for feature in GeoJSON.features(root, log: &log) {
            Self.fieldNames.check(feature.properties?.entries?.keys ?? [], privacy: site.privacy, reported: &reported, log: &log)
            guard case .point(let point) = feature.geometry else {
                log.error(feature.location, "an observation must be a Point feature")
                continue
            }
            var entries = feature.properties?.entries ?? []
            entries.removeAll { $0.key == "lat" || $0.key == "lon" }
            entries.append(.init(key: "lat", keyLocation: feature.coordinatesLocation,
                                 value: Node(.number(point.latitude, String(point.latitude)), at: feature.coordinatesLocation)))
            entries.append(.init(key: "lon", keyLocation: feature.coordinatesLocation,
                                 value: Node(.number(point.longitude, String(point.longitude)), at: feature.coordinatesLocation)))
            add(Record(entries: entries, location: feature.location, privacy: site.privacy), source: Source(alwaysQuoted: true),
                to: &out, broken: &broken, log: &log)
        }
        return out
    }

    /// One row or feature: its observation, or its id among the broken ones (so that a story
    /// linking it is not told the id does not exist).
    func add(_ fields: Record, source: Source, to out: inout [Observation], broken: inout Set<String>, log: inout DiagnosticLog) {
        guard let id = self.id(fields, log: &log) else { return }
        if let o = build(id: id, fields, description: fields.text("description", log: &log) ?? "", source: source, log: &log) {
            out.append(o)
        } else {
            broken.insert(id)
        }
    }

    func id(_ fields: Record, log: inout DiagnosticLog) -> String? {
        guard let id = fields.text("id", required: true, log: &log) else { return nil }
        guard Identifiers.isObservationID(id) else {
            log.error(fields.place("id"), "id \(quoted(id)) is not valid; expected letters, digits, '_', '.' or '-', starting with a letter or digit, at most 100 characters")
            return nil
        }
        if let problem = Identifiers.portabilityProblem(id) {
            log.error(fields.place("id"), "id " + problem)
            return nil
        }
        return id
    }

    /// The typed observation, or nil after reporting every problem of its fields.
    func build(id: String, _ f: Record, description: String, source: Source, log: inout DiagnosticLog) -> Observation? {
        let before = log.items.count
        let category = f.text("category", required: true, log: &log)
        var known: Category?
        if let category {
            known = site.category(category)
            if known == nil {
                let keys = site.categories.map(\.key)
                log.error(f.place("category"), "unknown category \(quoted(category))" + NearestName.hint(category, known: keys, otherwise: "; expected one of \(choices(keys))"))
            }
        }
        let written = f.text("location", log: &log)
        let coordinate = self.coordinate(f, log: &log)
        let observed = f.date("observed", required: true, zone: site.timeZone, log: &log)
        let writtenStatus = f.choice("status", default: Observation.Status.published, log: &log)
        let status = decided[id] ?? writtenStatus
        let tags = f.tags("tags", log: &log)
        let title = f.text("title", log: &log)
        let author = f.text("author", log: &log)
        let sourceURL = f.text("source_url", log: &log)
        if let sourceURL, !DocumentLoader.isWebURL(sourceURL) {
            log.error(f.place("source_url"), "source_url \(quoted(sourceURL)) is not an http(s) URL; expected the address of the original report, like 'https://seeclickfix.com/issues/4764238'")
        }
        // Only what will be published is searched and warned about: nothing of a report that stays hidden.
        let shown = status == .published
        if shown { refuseTags(tags, f, log: &log) }
        let publishedURL = shown ? sourceURL.flatMap { DocumentLoader.isWebURL($0) ? publicURL($0, f, log: &log) : $0 } : sourceURL
        guard log.items[before...].allSatisfy({ !$0.isError }),
              let category, known != nil, let coordinate, let observed, let status else { return nil }
        // Without a written place, the words come from the streets at the privacy grid: never more precise than the map.
        let published = site.privacy.publish(coordinate)
        let place = written.map { Observation.Place.written(shown ? coarsen($0, f, source, log: &log) : $0) } ?? places.describe(published)
        let shownTitle = title.map { shown ? redact("title", $0, f, source, log: &log) : $0 }
        let shownAuthor = author.map { shown ? redact("author", $0, f, source, log: &log) : $0 }
        if shown { checkMarkdown(description, f, source, log: &log) }
        let shownDescription = shown ? redact("description", description, f, source, log: &log) : description
        return Observation(
            id: id, category: category, location: place, coordinate: published,
            observed: observed, status: status, title: shownTitle,
            author: shownAuthor, tags: tags, description: shownDescription, sourceURL: publishedURL, source: f.location)
    }

    var redactor: Redactor { Redactor(kinds: site.privacy.redact, streets: streets) }

    /// The description against the site's Markdown budget, at its place in the file.
    func checkMarkdown(_ text: String, _ f: Record, _ source: Source, log: inout DiagnosticLog) {
        if let start = source.description {
            MarkdownCheck.check(text, at: start, budget: site.markdownBudget, log: &log)
        } else {
            let base = f.place("description")
            MarkdownCheck.check(text, at: base, quoted: source.alwaysQuoted || source.lines?.isQuoted(at: base) == true,
                                budget: site.markdownBudget, log: &log)
        }
    }

    /// A free-text field with phone numbers, e-mail and street addresses marked, each warned about where it was.
    func redact(_ field: String, _ written: String, _ f: Record, _ source: Source, log: inout DiagnosticLog) -> String {
        let (text, offset) = withoutPrivateLinkParts(field, written, f, source, log: &log)
        guard !site.privacy.redact.isEmpty else { return text }
        let (out, found) = redactor.redact(text)
        for finding in found {
            log.warning(place(of: offset(finding.start), in: written, field: field, f, source),
                        "\(finding.kind.noun) in '\(field)' is published as '\(finding.kind.mark)'; remove it from the content, or set privacy.redact in site.yml")
        }
        return out
    }

    /// The location label: phone numbers and e-mail marked; with a privacy grid, a street address
    /// loses its house number (a label is never more precise than the points).
    func coarsen(_ written: String, _ f: Record, _ source: Source, log: inout DiagnosticLog) -> String {
        let (label, offset) = withoutPrivateLinkParts("location", written, f, source, log: &log)
        var r = redactor
        r.kinds.remove(.address)
        if site.privacy.locationPrecisionMeters > 0 {
            let (out, found) = r.coarsenLocation(label)
            for finding in found {
                let what = finding.kind == .address ? "a street address in 'location' is published as the street alone, as the privacy grid asks"
                    : "\(finding.kind.noun) in 'location' is published as '\(finding.kind.mark)'"
                log.warning(place(of: offset(finding.start), in: written, field: "location", f, source), what + "; write the place without a house number")
            }
            return out
        }
        let (out, found) = r.redact(label)
        for finding in found {
            log.warning(place(of: offset(finding.start), in: written, field: "location", f, source),
                        "\(finding.kind.noun) in 'location' is published as '\(finding.kind.mark)'; remove it from the content")
        }
        return out
    }

    func place(of offset: Int, in text: String, field: String, _ f: Record, _ source: Source) -> SourceLocation {
        if field == "description", let start = source.description {
            return TextPosition.locate(offset, in: text, from: start, quoted: false)
        }
        let base = f.place(field)
        return TextPosition.locate(offset, in: text, from: base, quoted: source.alwaysQuoted || source.lines?.isQuoted(at: base) == true)
    }

    func coordinate(_ f: Record, log: inout DiagnosticLog) -> Coordinate? {
        let lat = f.number("lat", required: true, log: &log)
        let lon = f.number("lon", required: true, log: &log)
        guard let lat, let lon else { return nil }
        var ok = true
        if !(-90...90).contains(lat) {
            log.error(f.place("lat"), "latitude \(Self.format(lat)) is out of range; expected -90 to 90")
            ok = false
        }
        if !(-180...180).contains(lon) {
            log.error(f.place("lon"), "longitude \(Self.format(lon)) is out of range; expected -180 to 180")
            ok = false
        }
        return ok ? Coordinate(latitude: lat, longitude: lon) : nil
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
