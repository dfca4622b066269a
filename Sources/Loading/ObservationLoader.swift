import Diagnostics
import Formats
import Foundation
import Geo

/// Reads a neighborhood's observations from `observations/*.md`, `observations.csv` and `observations.geojson`.
struct ObservationLoader {
    let site: SiteSettings
    let folder: ContentFolder

    func load(neighborhood dir: String, log: inout DiagnosticLog) -> [Observation] {
        var out: [Observation] = []
        let mdDir = dir + "/observations"
        if folder.isDirectory(mdDir) {
            for name in folder.list(mdDir) {
                let path = mdDir + "/" + name
                guard name.hasSuffix(".md") else {
                    log.warning(SourceLocation(path: path), "ignored: observations/ holds one Markdown file (.md) per observation")
                    continue
                }
                if let o = markdown(path, stem: String(name.dropLast(3)), log: &log) { out.append(o) }
            }
        }
        let csvPath = dir + "/observations.csv"
        if folder.exists(csvPath) { out += csv(csvPath, log: &log) }
        let geoPath = dir + "/observations.geojson"
        if folder.exists(geoPath) { out += geojson(geoPath, log: &log) }
        return out
    }

    func markdown(_ path: String, stem: String, log: inout DiagnosticLog) -> Observation? {
        guard let doc = folder.readMarkdown(path, log: &log), let entries = doc.fields.entries else { return nil }
        FieldNames.observation.check(entries.keys, privacy: site.privacy, log: &log)
        let fields = Record(entries: entries, location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy)
        guard Identifiers.isObservationID(stem) else {
            log.error(SourceLocation(path: path), "file name \(quoted(stem)) is not a valid observation id; expected letters, digits, '_', '.' or '-', starting with a letter or digit")
            return nil
        }
        if let id = fields.text("id", log: &log), id != stem {
            log.error(fields.place("id"), "'id' is \(quoted(id)), but a Markdown observation's id is its file name \(quoted(stem)); remove 'id' or rename the file")
        }
        return build(id: stem, fields, description: doc.body, log: &log)
    }

    func csv(_ path: String, log: inout DiagnosticLog) -> [Observation] {
        guard let text = folder.readText(path, log: &log),
              let table = CSVTable.parse(text, path: path, log: &log) else { return [] }
        var seen = Set<String>()
        for cell in table.header {
            let name = cell.text.trimmingCharacters(in: .whitespaces)
            if !seen.insert(name).inserted { log.error(cell.location, "the column \(quoted(name)) appears twice in the header") }
        }
        FieldNames.observation.check(table.header.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.location) }, privacy: site.privacy, log: &log)
        let missing = ["id", "category", "location", "lat", "lon", "observed"].filter { !seen.contains($0) && !site.privacy.isPrivate($0) }
        if !missing.isEmpty {
            log.error(table.header.first?.location ?? SourceLocation(path: path, line: 1, column: 1),
                      "the header lacks the required column\(missing.count > 1 ? "s" : "") \(choices(missing).replacingOccurrences(of: " or ", with: " and "))")
            return []
        }
        let header = table.header.map { CSVTable.Cell(text: $0.text.trimmingCharacters(in: .whitespaces), location: $0.location) }
        return table.records.compactMap { row in
            let fields = Record(header: header, row: row, privacy: site.privacy)
            guard let id = self.id(fields, log: &log) else { return nil }
            return build(id: id, fields, description: fields.text("description", log: &log) ?? "", log: &log)
        }
    }

    func geojson(_ path: String, log: inout DiagnosticLog) -> [Observation] {
        guard let root = folder.readJSON(path, log: &log) else { return [] }
        var out: [Observation] = []
        var reported = Set<String>()
        for feature in GeoJSON.features(root, log: &log) {
            FieldNames.observation.check(feature.properties?.entries?.keys ?? [], privacy: site.privacy, reported: &reported, log: &log)
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
            let fields = Record(entries: entries, location: feature.location, privacy: site.privacy)
            guard let id = self.id(fields, log: &log) else { continue }
            if let o = build(id: id, fields, description: fields.text("description", log: &log) ?? "", log: &log) { out.append(o) }
        }
        return out
    }

    func id(_ fields: Record, log: inout DiagnosticLog) -> String? {
        guard let id = fields.text("id", required: true, log: &log) else { return nil }
        guard Identifiers.isObservationID(id) else {
            log.error(fields.place("id"), "id \(quoted(id)) is not valid; expected letters, digits, '_', '.' or '-', starting with a letter or digit, at most 100 characters")
            return nil
        }
        return id
    }

    /// The typed observation, or nil after reporting every problem of its fields.
    func build(id: String, _ f: Record, description: String, log: inout DiagnosticLog) -> Observation? {
        let before = log.items.count
        let category = f.text("category", required: true, log: &log)
        var known: Category?
        if let category {
            known = site.category(category)
            if known == nil {
                log.error(f.place("category"), "unknown category \(quoted(category)); expected one of \(choices(site.categories.map(\.key)))")
            }
        }
        let location = f.text("location", required: true, log: &log)
        let coordinate = self.coordinate(f, log: &log)
        let observed = f.date("observed", required: true, zone: site.timeZone, log: &log)
        let status = f.choice("status", default: Observation.Status.published, log: &log)
        let tags = f.tags("tags", log: &log)
        let title = f.text("title", log: &log)
        let author = f.text("author", log: &log)
        guard log.items[before...].allSatisfy({ !$0.isError }),
              let category, let known, let location, let coordinate, let observed, let status else { return nil }
        return Observation(
            id: id, category: category, location: location, coordinate: site.privacy.publish(coordinate),
            observed: observed, status: status, title: title ?? "\(known.label) — \(location)",
            author: author ?? "A neighbor", tags: tags, description: description, source: f.location)
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
