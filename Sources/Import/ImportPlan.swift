import Diagnostics
import Formats
import Foundation
import Geo
import Loading
import Moderation

/// An import worked out in full before anything is written: which reports are new, where each
/// goes, and every file's new bytes. Reports whose id the content or a moderation log already
/// holds are never added again, whatever their status now: a lead's decision wins.
public struct ImportPlan: Sendable {
    enum Write: Sendable {
        case append(path: String, expected: [UInt8], added: [UInt8])
        case create(path: String, bytes: [UInt8])
    }

    public private(set) var added: [NewReport] = []
    /// Reports the content already has (or had: removed from it, as its moderation log says), and repeats within the input.
    public private(set) var known = 0
    /// Reports no neighborhood's boundary holds (or not the one named), where they are in the input.
    public private(set) var outside: [SourceLocation] = []
    public private(set) var warnings: [Diagnostic] = []
    let request: ImportRequest
    var writes: [Write] = []

    /// The plan, or every problem that stops it (nothing is written either way).
    public static func make(_ request: ImportRequest) -> (ImportPlan?, [Diagnostic]) {
        var plan = ImportPlan(request: request)
        let (content, before) = ContentLoader.load(root: request.root)
        guard let content, !before.hasErrors else { return (nil, before.filter(\.isError)) }
        var log = DiagnosticLog()
        let site = content.site
        let hoods = content.neighborhoods
        if let slug = request.neighborhood, !hoods.contains(where: { $0.slug == slug }) {
            let near = hoods.map(\.slug).filter { StreetNames.distance($0, slug) <= 2 }
            return (nil, [.error(SourceLocation(path: request.root + "/neighborhoods"),
                                 "no neighborhood \(quoted(slug))\(near.isEmpty ? "; the neighborhoods are \(choices(hoods.map(\.slug).sorted()))" : "; did you mean \(choices(near))?")")])
        }
        let settings = ImportSettings.read(siteFile: request.root + "/site.yml", categoryKeys: Set(site.categories.map(\.key)), log: &log)
        if let key = request.defaultCategory, site.category(key) == nil {
            log.error(SourceLocation(path: request.root + "/site.yml"), "--default-category \(quoted(key)) is not a category of this site; expected one of \(choices(site.categories.map(\.key)))")
        }
        let mapping = CategoryMapping(settings: settings, site: site, fallback: request.defaultCategory)
        var knownIDs = Set<String>()
        var knownURLs = Set<String>()
        for n in hoods {
            for o in n.observations {
                knownIDs.insert(o.id.lowercased())
                if let u = o.sourceURL { knownURLs.insert(u) }
            }
            for id in ModerationLogIDs.read(request.root + "/neighborhoods/" + n.slug + "/" + Neighborhood.moderationLog) { knownIDs.insert(id.lowercased()) }
        }
        var reports: [IncomingReport] = []
        for file in request.files { reports += SourceFiles.read(file, settings: settings, log: &log) }

        let routing = Routing(hoods)
        let geocoder = Geocoder(hoods)
        let streetsBySlug = Dictionary(hoods.map { ($0.slug, $0.streetNames) }, uniquingKeysWith: { a, _ in a })
        var unmapped: [String: Int] = [:]
        var firstUnmapped: SourceLocation?
        for r in reports {
            if knownIDs.contains(r.id.lowercased()) || r.sourceURL.map(knownURLs.contains) == true {
                plan.known += 1
                continue
            }
            knownIDs.insert(r.id.lowercased())
            let category = mapping.category(r.categoryValues)
            if category == nil {
                unmapped[CategoryMapping.shown(r.categoryValues), default: 0] += 1
                if firstUnmapped == nil { firstUnmapped = r.location }
            }
            guard let observed = r.observed else {
                log.error(r.location, "this report has no date; expected when it was seen")
                continue
            }
            var point = r.coordinate
            var placedBy: String?
            if point == nil {
                guard let words = r.place else {
                    log.error(r.location, "this report has neither a point (latitude and longitude) nor a place in words; it cannot be placed")
                    continue
                }
                switch geocoder.place(words, in: request.neighborhood, hint: r.neighborhoodHint) {
                case .success(let placed):
                    point = placed.point
                    placedBy = placed.how.rawValue
                case .failure(let problem):
                    log.error(r.location, "cannot place \(quoted(words)): \(problem.message)")
                    continue
                }
            }
            guard let point, let category else { continue }
            let slug: String?
            if let named = request.neighborhood {
                slug = routing.holds(named, point) ? named : nil
            } else {
                slug = routing.neighborhood(of: point)
            }
            guard let slug else {
                plan.outside.append(r.location)
                continue
            }
            let privacy = ReportPrivacy(site: site, streets: streetsBySlug[slug] ?? [])
            let (text, textChanged) = privacy.text(r.text, field: "description", at: r.location, log: &log)
            let place = r.place.map { privacy.text($0, field: "location", at: r.location, log: &log) }
            var original: [String] = []
            if textChanged { original.append(r.text) }
            if let place, place.changed, let written = r.place { original.append("Where: " + written) }
            plan.added.append(NewReport(id: r.id, neighborhood: slug, category: category, observed: observed, coordinate: point,
                                        location: place?.0, description: text, sourceURL: r.sourceURL, reporter: r.reporter,
                                        original: original.isEmpty ? nil : original.joined(separator: "\n\n"), placedBy: placedBy, source: r.location))
        }
        if !unmapped.isEmpty, let at = firstUnmapped {
            let seen = unmapped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let list = seen.prefix(20).map { "\(quoted($0.key)) (\($0.value))" }.joined(separator: ", ") + (seen.count > 20 ? " and \(seen.count - 20) more" : "")
            let total = unmapped.values.reduce(0, +)
            log.error(at, "\(total) report\(total == 1 ? " has a category" : "s have categories") the site does not know: \(list); map \(seen.count == 1 ? "it" : "them") under import: categories: in site.yml (\"value\": category-key), or import them under one category with --default-category KEY")
        }
        let problems = log.items.filter(\.isError)
        guard problems.isEmpty else { return (nil, problems) }
        plan.warnings = log.items.filter { !$0.isError }
        plan.writes = plan.plannedWrites(hoods)
        return (plan, [])
    }

    /// The files each neighborhood's new reports go to: appended to its `observations.csv` when
    /// that has a `status` column, else one Markdown file each when it has a CSV without one
    /// (a row there would be published), else a new `observations.csv`.
    func plannedWrites(_ hoods: [Neighborhood]) -> [Write] {
        var out: [Write] = []
        for n in hoods.sorted(by: { $0.slug < $1.slug }) {
            let mine = added.filter { $0.neighborhood == n.slug }
            guard !mine.isEmpty else { continue }
            let folder = request.root + "/neighborhoods/" + n.slug
            let csv = folder + "/observations.csv"
            if let data = FileManager.default.contents(atPath: csv) {
                let bytes = Array(data)
                let header = Self.header(bytes, path: csv)
                if header.contains("status"), header.contains("id") {
                    out.append(.append(path: csv, expected: bytes, added: ReportWriter.appended(to: bytes, columns: header, mine)))
                } else {
                    for r in mine { out.append(.create(path: folder + "/observations/" + r.id + ".md", bytes: Array(ReportWriter.markdown(r).utf8))) }
                }
            } else {
                out.append(.create(path: csv, bytes: Array(ReportWriter.newCSV(mine).utf8)))
            }
        }
        return out
    }

    /// The column names of a CSV file's header.
    static func header(_ bytes: [UInt8], path: String) -> [String] {
        var log = DiagnosticLog()
        guard case .success(let text) = TextFile.decode(bytes, path: path), let table = CSVTable.parse(text, path: path, log: &log) else { return [] }
        return table.header.map { $0.text.trimmedText }
    }

    /// Writes every planned file: what is already written stays when a later one fails, and the
    /// next import adds only what is missing. Returns what went wrong (nothing on success).
    public func commit() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for w in writes {
            switch w {
            case .append(let path, let expected, let added):
                do throws(Diagnostic) {
                    try ContentAppend.append(path, root: request.root, expected: expected, added: added)
                } catch {
                    problems.append(error)
                }
            case .create(let path, let bytes):
                do throws(NewContentFile.Problem) {
                    try NewContentFile.create(path, bytes, root: request.root)
                } catch {
                    let at = SourceLocation(path: path)
                    switch error {
                    case .exists: problems.append(.error(at, "already exists; import never overwrites a file"))
                    case .outside(let real): problems.append(.error(at, "a folder on the way is a link to \(quoted(real, limit: 4096)), outside the content folder"))
                    case .failed(let reason): problems.append(.error(at, "cannot write this file: \(reason)"))
                    }
                }
            }
        }
        return problems
    }
}
