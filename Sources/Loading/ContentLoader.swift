import ContentFields
import Diagnostics
import Fingerprint
import Foundation
import Geo
import Output
import Parallelism

/// Stage ①: reads a content folder into typed values, reporting every problem it finds.
public enum ContentLoader {
    /// Loads `root` (a path as the user named it; diagnostics show paths starting with it).
    ///
    /// `unchanged` is asked, once `site.yml` and `static/` are read (it is given the static files'
    /// paths), for the neighborhoods the caller still has from an earlier build, by the fingerprint
    /// their folder had then: a folder that still has it is not read again (`LoadedContent.unchanged`). Returns the content when there is no error, and every
    /// diagnostic, sorted, in either case. `replacing` gives bytes to read in place of some files'
    /// (by path as diagnostics show it): the content as it would be after an edit.
    /// `workers`: the threads neighborhoods are read on (a build's `--jobs`).
    public static func load(root: String, only: Set<String>? = nil, replacing: [String: [UInt8]] = [:], workers: Int = 4,
                            unchanged: (SiteSettings, _ staticPaths: [String]) -> [String: Fingerprint] = { _, _ in [:] },
                            lastRows: @Sendable (_ slug: String) -> ReportRows? = { _ in nil }) -> (LoadedContent?, [Diagnostic]) {
        var log = DiagnosticLog()
        let folder = ContentFolder(root: root, replacing: replacing)
        guard folder.isDirectory(root) else {
            log.error(SourceLocation(path: root), "no content folder here; expected a folder with site.yml and neighborhoods/")
            return (nil, log.items)
        }
        let site = SiteLoader.load(folder, log: &log)
        var statics = ContainedFolder(folder.path("static"))
        statics.skipped.insert(".commonsight-manifest")
        var staticFiles: [StaticFile] = []
        for file in statics.files(log: &log) {
            guard !OutputPath.isReserved(file.path) else {
                log.error(SourceLocation(path: file.source), "\(quoted(file.path)) is a name commonsight keeps for itself in the output folder (beside its manifest, or a file being replaced); rename this file")
                continue
            }
            guard OutputPath.isInside(file.path) else {
                log.error(SourceLocation(path: file.source), "this name holds a control character (a tab or a line break), which a web address cannot carry; rename this file")
                continue
            }
            staticFiles.append(StaticFile(path: file.path, bytes: file.bytes, source: file.source))
        }
        let dir = folder.path("neighborhoods")
        var neighborhoods: [Neighborhood] = []
        var kept: [UnchangedNeighborhood] = []
        var slugs: [String] = []
        if !folder.isDirectory(dir) {
            log.error(SourceLocation(path: dir), "missing neighborhoods/ folder; expected one folder per neighborhood")
        } else if let site {
            slugs = folder.list(dir).filter { folder.isDirectory(dir + "/" + $0) }
            let known = unchanged(site, staticFiles.map(\.path))
            if slugs.isEmpty { log.error(SourceLocation(path: dir), "no neighborhoods yet; add one with 'commonsight new neighborhood SLUG'") }
            // Neighborhoods are independent: each is read on a thread of its own, in folder order.
            let wanted = slugs.filter { only?.contains($0) ?? true }
            // First what each folder holds, then the folders that changed are read, each with the cores
            // the others leave (one neighborhood changed: its reports are read on all of them).
            var results = Parallel.map(wanted, workers: workers) { slug -> HoodResult in
                let path = dir + "/" + slug
                var own = DiagnosticLog()
                guard Identifiers.isSlug(slug) else {
                    own.error(SourceLocation(path: path), "folder name \(quoted(slug)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(slug)))")
                    return .read(nil, own.items)
                }
                if let problem = Identifiers.portabilityProblem(slug) {
                    own.error(SourceLocation(path: path), "folder name " + problem)
                    return .read(nil, own.items)
                }
                // Before reading anything: a file changed while it is read makes the next build read it again.
                // The moderation log is a record of decisions, not content: appending to it changes no page.
                let snapshot = FolderFingerprint.snapshot(path, within: folder.root, skipping: [Neighborhood.moderationLog])
                if known[slug] == snapshot.value { return .unchanged(UnchangedNeighborhood(slug: slug, fingerprint: snapshot.value)) }
                return .toRead(slug, path, snapshot)
            }
            let toRead = results.indices.filter { if case .toRead = results[$0] { true } else { false } }
            let spare = max(1, workers / max(toRead.count, 1))
            let read = Parallel.map(toRead.map { results[$0] }, workers: workers) { result -> HoodResult in
                guard case .toRead(let slug, let path, let snapshot) = result else { return result }
                var own = DiagnosticLog()
                let n = neighborhood(slug, at: path, site: site, folder: folder, snapshot: snapshot, workers: spare, lastRows: lastRows(slug), log: &own)
                return .read(n, own.items)
            }
            for (i, r) in zip(toRead, read) { results[i] = r }
            for result in results {
                switch result {
                case .unchanged(let u): kept.append(u)
                case .read(let n, let items):
                    log.append(contentsOf: items)
                    if let n { neighborhoods.append(n) }
                case .toRead: break
                }
            }
            if let only {
                for slug in only.sorted() where !slugs.contains(slug) {
                    log.error(SourceLocation(path: dir), "no neighborhood \(quoted(slug))" + NearestName.hint(slug, known: slugs, otherwise: "; expected one of \(choices(slugs))"))
                }
            }
        }
        let diagnostics = log.items.sortedForDisplay()
        guard let site, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (LoadedContent(site: site, neighborhoods: neighborhoods, unchanged: kept, slugs: slugs, staticFiles: staticFiles), diagnostics)
    }
}

extension ContentLoader {
    /// The neighborhood in `path`, whose folder was fingerprinted (`snapshot`) before it is read.
    /// When what is read is not what was fingerprinted (an edit landed in between, even one undone
    /// since), what was read is published, with a fingerprint no folder has: the next build reads
    /// it again instead of trusting pages made from other bytes.
    static func neighborhood(_ slug: String, at path: String, site: SiteSettings, folder: ContentFolder, snapshot: FolderSnapshot,
                             workers: Int = 1, lastRows: ReportRows? = nil, log: inout DiagnosticLog) -> Neighborhood? {
        var watched = folder
        let ledger = ReadLedger(folder: path)
        watched.ledger = ledger
        guard var n = NeighborhoodLoader(site: site, folder: watched, workers: workers, lastRows: lastRows).load(slug: slug, dir: path, fingerprint: snapshot.value, log: &log) else { return nil }
        CrossReferences.check(&n, log: &log)
        if !ledger.agrees(with: snapshot) { n.fingerprint = FolderFingerprint.unsettled(snapshot.value) }
        return n
    }
}

/// One neighborhood's outcome on a loading thread.
private enum HoodResult: Sendable {
    case read(Neighborhood?, [Diagnostic])
    case unchanged(UnchangedNeighborhood)
    /// Changed since the last build (or never built): its folder, as it was before it is read.
    case toRead(String, String, FolderSnapshot)
}

extension ContentLoader {
    /// Only `site.yml`, for commands that need the categories or the time zone.
    public static func siteSettings(root: String) -> (SiteSettings?, [Diagnostic]) {
        var log = DiagnosticLog()
        let site = SiteLoader.load(ContentFolder(root: root), log: &log)
        return (site, log.items.sortedForDisplay())
    }

    /// A neighborhood's boundary, when its `boundary.geojson` reads cleanly.
    public static func boundary(root: String, neighborhood slug: String) -> Area? {
        let folder = ContentFolder(root: root)
        var log = DiagnosticLog()
        let site = SiteSettings(title: "", description: nil, baseURL: nil, language: "en",
                                timeZone: .gmt, privacy: PrivacyPolicy(),
                                categories: [], mapAttribution: "", location: SourceLocation(path: root))
        return NeighborhoodLoader(site: site, folder: folder).boundary(folder.path("neighborhoods", slug, "boundary.geojson"), log: &log)
    }
}

extension ContentLoader {
    /// The `name` and `languages` of each neighborhood in `slugs` (its `neighborhood.md`), for the
    /// list of all of them; a folder whose name cannot be read is left out.
    public static func names(root: String, slugs: [String], site: SiteSettings) -> [String: (name: String, languages: [String])] {
        let folder = ContentFolder(root: root)
        var out: [String: (name: String, languages: [String])] = [:]
        for slug in slugs {
            var log = DiagnosticLog()
            let path = folder.path("neighborhoods", slug, "neighborhood.md")
            guard let doc = folder.readMarkdown(path, log: &log) else { continue }
            let fields = Record(entries: doc.fields.entries ?? [], location: SourceLocation(path: path, line: 1, column: 1), privacy: site.privacy)
            let languages = fields.has("languages") ? NeighborhoodLoader(site: site, folder: folder).languages(fields, log: &log) : []
            if let name = fields.text("name", log: &log) { out[slug] = (name, languages) }
        }
        return out
    }
}
