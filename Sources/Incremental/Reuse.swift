import Fingerprint
import Loading
import Output

/// Step 1 of rendering: neighborhoods whose folder did not change are taken whole from the last build.
package enum Reuse {
    package struct Taken {
        /// The neighborhoods taken, by slug, with how many files and pages they have in OUT.
        package var slugs: Set<String> = []
        package var fileCount = 0
        package var pageCount = 0
    }

    /// Their cache entries carried over to the next build; their files stay in OUT as they are.
    package static func take(_ unchanged: [UnchangedNeighborhood], from cache: RenderCache, into next: inout RenderCache) -> Taken {
        var taken = Taken()
        carry(Set(unchanged.map(\.slug)), from: cache, into: &next)
        for u in unchanged {
            guard let entry = cache.hoods[u.slug] else { continue }
            taken.slugs.insert(u.slug)
            taken.fileCount += entry.fileCount
            taken.pageCount += entry.pageCount
        }
        return taken
    }

    /// The cache entries of the neighborhoods `slugs` (taken whole, or left as they are by `--only`),
    /// carried over to the next build.
    package static func carry(_ slugs: Set<String>, from cache: RenderCache, into next: inout RenderCache) {
        // A neighborhood whose lines the cache file holds is carried as those lines; the others entry by entry.
        let copied = slugs.filter { cache.lines[$0] == nil }
        if !copied.isEmpty {
            for (path, page) in cache.pages(of: copied) { next.pages[path] = page }
        }
        for (path, narration) in cache.narrations where slugs.contains(OutputPath.top(of: path)) { next.narrations[path] = narration }
        for slug in slugs {
            guard let entry = cache.hoods[slug] else { continue }
            if let lines = cache.lines[slug] { next.carried[slug] = lines } else { next.hoods[slug] = entry }
        }
    }
}
