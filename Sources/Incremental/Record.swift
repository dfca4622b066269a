import Fingerprint
import Output

/// Step 4 of rendering: what the next build may reuse, by page and by neighborhood.
package enum Record {
    package static func pages(_ entries: [(String, RenderCache.PageEntry)], into next: inout RenderCache) {
        // Room made once: 200,000 entries would otherwise grow the table (and copy it) many times,
        // at the moment the build holds the most.
        next.pages.reserveCapacity(next.pages.count + entries.count)
        for (path, entry) in entries { next.pages[path] = entry }
    }

    /// Each rendered neighborhood's folder fingerprint, page count and files (all of them, sorted).
    /// `prepared`: each rendered neighborhood edition's slug, folder fingerprint and page count.
    package static func neighborhoods(_ prepared: [(slug: String, folder: Fingerprint, pageCount: Int)], files: [OutputFile], into next: inout RenderCache) {
        var byHood: [String: [(path: String, hash: Fingerprint)]] = [:]
        for file in files { byHood[OutputPath.top(of: file.path), default: []].append((file.path, file.hash)) }
        // A neighborhood's editions in other languages are in its folder: their pages count with its own.
        var pageCounts: [String: Int] = [:]
        for hood in prepared { pageCounts[hood.slug, default: 0] += hood.pageCount }
        for hood in prepared {
            next.hoods[hood.slug] = RenderCache.Hood(folder: hood.folder, pageCount: pageCounts[hood.slug] ?? 0,
                                                     files: byHood[hood.slug] ?? [], warnings: [])
        }
    }
}
