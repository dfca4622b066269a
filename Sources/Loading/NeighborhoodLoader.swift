import Diagnostics
import Fingerprint
import Formats
import Foundation
import Geo
import Redaction

/// Reads one neighborhood folder (SPEC §2).
struct NeighborhoodLoader {
    let site: SiteSettings
    let folder: ContentFolder

    static let knownEntries: Set<String> = [
        "neighborhood.md", "boundary.geojson", "basemap.geojson", "observations", "observations.csv",
        "observations.geojson", "stories", "coalitions", "events", Neighborhood.moderationLog,
    ]


    func load(slug: String, dir: String, fingerprint: Fingerprint, log: inout DiagnosticLog) -> Neighborhood? {
        let at = SourceLocation(path: dir)
        for name in folder.list(dir) where !Self.knownEntries.contains(name) {
            log.warning(SourceLocation(path: dir + "/" + name),
                        "ignored: a neighborhood folder holds \(choices(Self.knownEntries.sorted()))")
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

        let boundary = self.boundary(dir + "/boundary.geojson", log: &log)
        var basemap: [GeoJSON.Feature] = []
        let basemapPath = dir + "/basemap.geojson"
        if folder.exists(basemapPath), let root = folder.readJSON(basemapPath, log: &log) {
            basemap = GeoJSON.features(root, log: &log)
        }
        let streetIndex = StreetIndex(basemap.flatMap { f -> [(name: String, line: [Coordinate])] in
            guard case .lines(let lines) = f.geometry, let name = f.properties?["name"]?.scalarText.map(TextCleaning.clean), !name.isEmpty else { return [] }
            return lines.map { (name, $0) }
        })
        var observationLoader = ObservationLoader(site: site, folder: folder, streets: Self.streetNames(basemap))
        observationLoader.places = Places(streets: streetIndex, neighborhood: name ?? slug)
        let observations = observationLoader.load(neighborhood: dir, log: &log)
            .sorted { ($0.observed.instant, $0.id) < ($1.observed.instant, $1.id) }
        let documents = DocumentLoader(site: site, folder: folder)
        let stories = documents.stories(dir, log: &log)
        let coalitions = documents.coalitions(dir, log: &log)
        let events = documents.events(dir, log: &log).sorted { ($0.start.instant, $0.slug) < ($1.start.instant, $1.slug) }
        guard let name, let doc else { return nil }
        var n = Neighborhood(slug: slug, name: name, description: description, about: TextCleaning.clean(doc.body), boundary: boundary,
                             basemap: basemap, observations: observations, stories: stories,
                             coalitions: coalitions, events: events, location: at)
        n.fingerprint = fingerprint
        return n
    }

    /// The basemap's street names, lowercased, with and without their suffix and direction
    /// ("w vernor hwy", "vernor hwy", "w vernor", "vernor"): what may follow a house number, and
    /// names that hold a number of their own ("w 7 mile rd").
    static func streetNames(_ basemap: [GeoJSON.Feature]) -> Set<String> {
        var out = Set<String>()
        for f in basemap {
            guard case .lines = f.geometry, let name = f.properties?["name"]?.scalarText?.lowercased(), !name.isEmpty else { continue }
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
