import Diagnostics
import Dispatch
import Foundation
import Geo

/// Stage ①: reads a content folder into typed values, reporting every problem it finds.
public enum ContentLoader {
    /// Loads `root` (a path as the user named it; diagnostics show paths starting with it).
    ///
    /// Returns the content when there is no error, and every diagnostic, sorted, in either case.
    public static func load(root: String, only: Set<String>? = nil) -> (LoadedContent?, [Diagnostic]) {
        var log = DiagnosticLog()
        let folder = ContentFolder(root: root)
        guard folder.isDirectory(root) else {
            log.error(SourceLocation(path: root), "no content folder here; expected a folder with site.yml and neighborhoods/")
            return (nil, log.items)
        }
        let site = SiteLoader.load(folder, log: &log)
        let dir = folder.path("neighborhoods")
        var neighborhoods: [Neighborhood] = []
        if !folder.isDirectory(dir) {
            log.error(SourceLocation(path: dir), "missing neighborhoods/ folder; expected one folder per neighborhood")
        } else if let site {
            let slugs = folder.list(dir).filter { folder.isDirectory(dir + "/" + $0) }
            if slugs.isEmpty { log.error(SourceLocation(path: dir), "no neighborhoods yet; add one with 'commonsight new neighborhood SLUG'") }
            // Neighborhoods are independent: each is read on a thread of its own, in folder order.
            let wanted = slugs.filter { only?.contains($0) ?? true }
            let results = Loaded(count: wanted.count)
            DispatchQueue.concurrentPerform(iterations: wanted.count) { i in
                let slug = wanted[i], path = dir + "/" + slug
                var own = DiagnosticLog()
                guard Identifiers.isSlug(slug) else {
                    own.error(SourceLocation(path: path), "folder name \(quoted(slug)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(slug)))")
                    results.set(i, nil, own.items)
                    return
                }
                var n = NeighborhoodLoader(site: site, folder: folder).load(slug: slug, dir: path, log: &own)
                if var loaded = n {
                    CrossReferences.check(&loaded, log: &own)
                    n = loaded
                }
                results.set(i, n, own.items)
            }
            for (n, items) in results.all {
                log.append(contentsOf: items)
                if let n { neighborhoods.append(n) }
            }
            if let only {
                for slug in only.sorted() where !slugs.contains(slug) {
                    log.error(SourceLocation(path: dir), "no neighborhood \(quoted(slug)); expected one of \(choices(slugs))")
                }
            }
        }
        let diagnostics = log.items.sortedForDisplay()
        guard let site, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (LoadedContent(site: site, neighborhoods: neighborhoods), diagnostics)
    }
}

/// Neighborhoods read on several threads, kept in folder order.
final class Loaded: @unchecked Sendable {
    private var slots: [(Neighborhood?, [Diagnostic])]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: (nil, []), count: count) }

    func set(_ i: Int, _ n: Neighborhood?, _ d: [Diagnostic]) { lock.withLock { slots[i] = (n, d) } }

    var all: [(Neighborhood?, [Diagnostic])] { lock.withLock { slots } }
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
