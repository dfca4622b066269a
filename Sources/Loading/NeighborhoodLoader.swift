import ContentFields
import Diagnostics
import Fingerprint
import Formats
import Foundation
import Geo
import Redaction

/// Reads one neighborhood folder.
struct NeighborhoodLoader {
    let site: SiteSettings
    let folder: ContentFolder
    /// The threads its reports may be read on.
    var workers = 1
    /// The rows of its `observations.csv` the last build read (see `ReportRows`).
    var lastRows: ReportRows?

    static let knownEntries: Set<String> = [
        "neighborhood.md", "boundary.geojson", "basemap.geojson", "observations", "observations.csv",
        "observations.geojson", "stories", "coalitions", "events", Neighborhood.moderationLog, ModerationFile.name,
    ]


    func load(slug: String, dir: String, fingerprint: Fingerprint, log: inout DiagnosticLog) -> Neighborhood? {
        let at = SourceLocation(path: dir)
        for name in folder.list(dir) {
            if folder.leadsNowhere(dir + "/" + name) {
                log.warning(SourceLocation(path: dir + "/" + name), "ignored: this is a symbolic link to nothing; link it to a file, or remove it")
            } else if !Self.knownEntries.contains(name) && !Self.isNeighborhoodTranslation(name) {
                log.warning(SourceLocation(path: dir + "/" + name),
                            "ignored: a neighborhood folder holds \(choices(Self.knownEntries.sorted()))")
            }
        }
        let mdPath = dir + "/neighborhood.md"
        var doc: FrontMatter?
        if folder.exists(mdPath) {
            doc = folder.readMarkdown(mdPath, log: &log)
        } else {
            log.error(at, "missing neighborhood.md; every neighborhood folder needs one with at least a 'name'")
        }
        FieldNames.neighborhood.check(doc?.fields.entries?.keys ?? [], privacy: site.privacy, log: &log)
        if let doc { MarkdownCheck.check(doc.body, at: SourceLocation(path: mdPath, line: doc.bodyLine, column: 1), budget: site.markdownBudget, log: &log) }
        let f = Record(entries: doc?.fields.entries ?? [], location: SourceLocation(path: mdPath, line: 1, column: 1), privacy: site.privacy)
        let name = doc == nil ? nil : f.text("name", required: true, log: &log)
        let description = f.text("description", log: &log)
        let languages = self.languages(f, log: &log)
        if let subscribers = f.node("subscribers") { _ = Subscribers.parse(subscribers, field: "subscribers", log: &log) }
        let others = languages.filter { $0 != site.language }
        var translations: [String: Translation] = [:]
        for name in folder.list(dir) where Self.isNeighborhoodTranslation(name) {
            let path = dir + "/" + name
            let tag = String(name.dropFirst("neighborhood.".count).dropLast(3))
            guard DocumentLoader.checkTranslationLanguage(tag, allowed: others, at: SourceLocation(path: path, line: 1, column: 1), log: &log),
                  let tdoc = folder.readMarkdown(path, log: &log) else { continue }
            let keys = tdoc.fields.entries?.keys ?? []
            FieldNames.neighborhood.check(keys, privacy: site.privacy, log: &log)
            MarkdownCheck.check(tdoc.body, at: SourceLocation(path: path, line: tdoc.bodyLine, column: 1), budget: site.markdownBudget, log: &log)
            let tf = Record(entries: tdoc.fields.entries ?? [], location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy)
            for key in ["languages", "subscribers"] where tf.has(key) {
                log.warning(tf.place(key), "ignored: a translation takes '\(key)' from neighborhood.md")
            }
            var t = Translation()
            t.name = tf.text("name", log: &log)
            t.description = tf.text("description", log: &log)
            t.about = TextCleaning.clean(tdoc.body)
            translations[tag] = t
        }

        let boundary = self.boundary(dir + "/boundary.geojson", log: &log)
        var basemap: [BasemapFeature] = []
        let basemapPath = dir + "/basemap.geojson"
        if folder.exists(basemapPath), let root = folder.readJSON(basemapPath, log: &log) {
            basemap = BasemapFeature.read(GeoJSON.features(root, log: &log), log: &log)
        }
        let streetIndex = StreetIndex(basemap.flatMap { f -> [(name: String, line: [Coordinate])] in
            guard f.kind == .street, let name = f.name, !name.isEmpty else { return [] }
            return f.lines.map { (name, $0) }
        })
        var observationLoader = ObservationLoader(site: site, folder: folder, streets: Self.streetNames(basemap), workers: workers)
        observationLoader.places = Places(streets: streetIndex)
        let decided = ModerationFile.read(dir + "/" + ModerationFile.name, folder: folder, log: &log)
        observationLoader.decided = decided.mapValues(\.status)
        observationLoader.rowsContext = Self.rowsContext(site: site, basemap: basemap)
        observationLoader.lastRows = lastRows
        var broken = Set<String>(), rows: ReportRows?
        let observations = observationLoader.load(neighborhood: dir, broken: &broken, rows: &rows, log: &log)
            .sorted { ($0.observed.instant, $0.id) < ($1.observed.instant, $1.id) }
        let ids = Set(observations.map(\.id)).union(broken)
        for (id, entry) in decided.sorted(by: { $0.value.at < $1.value.at }) where !ids.contains(id) {
            log.error(entry.at, "moderation.yml names report \(quoted(id)), which is in no observation file of this neighborhood"
                      + NearestName.hint(id, known: ids.sorted(), otherwise: "; remove the line"))
        }
        var documents = DocumentLoader(site: site, folder: folder)
        documents.languages = others
        var storyTranslations: [String: [String: Story]] = [:]
        var coalitionTranslations: [String: [String: Coalition]] = [:]
        var eventTranslations: [String: [String: Event]] = [:]
        let stories = documents.stories(dir, translations: &storyTranslations, log: &log)
        let coalitions = documents.coalitions(dir, translations: &coalitionTranslations, log: &log)
        let events = documents.events(dir, translations: &eventTranslations, log: &log).sorted { ($0.start.instant, $0.slug) < ($1.start.instant, $1.slug) }
        var brokenItems = Set(broken.map { "observation:" + $0 })
        for (kind, loaded) in [("stories", stories.map(\.slug)), ("coalitions", coalitions.map(\.slug)), ("events", events.map(\.slug))] {
            let singular = kind == "stories" ? "story" : String(kind.dropLast())
            for stem in documents.stems(dir + "/" + kind) where !loaded.contains(stem) { brokenItems.insert(singular + ":" + stem) }
        }
        for tag in others {
            var t = translations[tag] ?? Translation()
            t.stories = storyTranslations[tag] ?? [:]
            t.coalitions = coalitionTranslations[tag] ?? [:]
            t.events = eventTranslations[tag] ?? [:]
            translations[tag] = t
        }
        guard let name, let doc else { return nil }
        var n = Neighborhood(slug: slug, name: name, description: description, about: TextCleaning.clean(doc.body), boundary: boundary,
                             basemap: basemap, observations: observations, stories: stories,
                             coalitions: coalitions, events: events, location: at)
        n.fingerprint = fingerprint
        n.languages = others.isEmpty ? [] : languages
        n.languagesLocation = f.place("languages")
        n.translations = translations
        n.broken = brokenItems
        n.decided = Set(decided.keys)
        n.reportRows = rows
        return n
    }

    /// What reading a report's row depends on besides the row: `site.yml` (categories, time zone,
    /// privacy) and the basemap (the streets a house number is an address on, the names of places).
    static func rowsContext(site: SiteSettings, basemap: [BasemapFeature]) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(site.fingerprint)
        ShapeFingerprint.add(basemap, to: &h)
        return h.value
    }

    /// `neighborhood.<lang>.md`: the neighborhood page in another language.
    static func isNeighborhoodTranslation(_ name: String) -> Bool {
        name.hasPrefix("neighborhood.") && name.hasSuffix(".md") && name.count > "neighborhood..md".count
    }

    /// `languages:` of neighborhood.md: language tags, each once, the site's own among them (it is
    /// the edition at the neighborhood's root). The site's language comes first.
    func languages(_ f: Record, log: inout DiagnosticLog) -> [String] {
        guard let list = f.list("languages", log: &log) else { return [site.language] }
        var out: [String] = []
        for (tag, at) in list {
            if !Identifiers.isLanguageTag(tag) {
                log.error(at, "language \(quoted(tag)) is not a BCP 47 tag; expected something like 'en' or 'es'")
            } else if out.contains(tag) {
                log.error(at, "language \(quoted(tag)) is named twice")
            } else if tag.contains("-") {
                log.error(at, "language \(quoted(tag)) has a region; a neighborhood's languages are plain codes like 'es' (its folder is OUT/<hood>/<lang>/)")
            } else if tag != tag.lowercased() {
                log.error(at, "language \(quoted(tag)) must be written in lowercase, \(quoted(tag.lowercased())), as its folder and its translations' names are")
            } else {
                out.append(tag)
            }
        }
        if !out.contains(site.language) {
            log.error(f.place("languages"), "'languages' lacks the site's language \(quoted(site.language)) (site.yml), which is built at the neighborhood's root; add it")
            return [site.language]
        }
        return [site.language] + out.filter { $0 != site.language }
    }

    /// The basemap's street names, lowercased, with and without their suffix and direction
    /// ("w vernor hwy", "vernor hwy", "w vernor", "vernor"): what may follow a house number, and
    /// names that hold a number of their own ("w 7 mile rd").
    static func streetNames(_ basemap: [BasemapFeature]) -> Set<String> {
        var out = Set<String>()
        for f in basemap {
            guard f.kind == .street, let name = f.name?.lowercased(), !name.isEmpty else { continue }
            var words = name.split(separator: " ").map { String($0.filter { $0 != "." }) }
            out.insert(words.joined(separator: " "))
            if words.count > 1, Addresses.directions.contains(words[0]) { out.insert(words.dropFirst().joined(separator: " ")) }
            if words.count > 1, Addresses.suffixes.contains(words[words.count - 1]) { words.removeLast() }
            out.insert(words.joined(separator: " "))
            if words.count > 1, Addresses.directions.contains(words[0]) { out.insert(words.dropFirst().joined(separator: " ")) }
        }
        return out
    }

    func boundary(_ path: String, log: inout DiagnosticLog) -> Area? {
        guard folder.exists(path) else {
            log.warning(SourceLocation(path: path), "no boundary.geojson: maps are fitted to the points and points are not checked against the neighborhood")
            return nil
        }
        guard let root = folder.readJSON(path, log: &log) else { return nil }
        var polygons: [Polygon] = []
        for feature in GeoJSON.features(root, log: &log) {
            if case .area(let area) = feature.geometry {
                polygons += area.polygons
            } else {
                log.error(feature.location, "a boundary must be a Polygon or MultiPolygon")
            }
        }
        return polygons.isEmpty ? nil : Area(polygons: polygons)
    }
}
