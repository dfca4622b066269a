import Fingerprint
import Loading
import Output

/// Step 1 of rendering: neighborhoods whose folder did not change are taken whole from the last build.
package enum Reuse {
    package struct Taken {
        /// Each neighborhood's files, in the order of their paths' bytes, as the last build recorded them.
        package var blocks: [(slug: String, files: [OutputFile])] = []
        package var pageCount = 0

        /// `made` (sorted, none of them in a taken neighborhood) and the taken files, in the order of
        /// their paths' bytes: each neighborhood's files stand together where "slug/" would, so only
        /// the units are sorted, not the 1,000s of paths. Sorted whole when that does not hold.
        package func merged(with made: [OutputFile]) -> [OutputFile] {
            let slugs = Set(blocks.map(\.slug))
            let inOrder = blocks.allSatisfy { block in zip(block.files, block.files.dropFirst()).allSatisfy { $0.path.utf8Precedes($1.path) } }
                && blocks.allSatisfy { block in
                    let folder = Array((block.slug + "/").utf8)
                    return block.files.allSatisfy { $0.path.utf8HasPrefix(folder) }
                }
                && !made.contains { slugs.contains(OutputPath.top(of: $0.path)) }
                && zip(made, made.dropFirst()).allSatisfy { $0.path.utf8Precedes($1.path) }
            guard inOrder else {
                var all = made + blocks.flatMap(\.files)
                all.sort { $0.path.utf8Precedes($1.path) }
                return all
            }
            // A unit: a made file (its index in `made`), or a neighborhood's block (its index in `blocks`).
            let units = made.indices.map { (key: made[$0].path, block: false, index: $0) }
                + blocks.indices.map { (key: blocks[$0].slug + "/", block: true, index: $0) }
            var out: [OutputFile] = []
            out.reserveCapacity(made.count + blocks.reduce(0) { $0 + $1.files.count })
            for unit in units.sortedByUTF8(\.key) {
                if unit.block { out += blocks[unit.index].files } else { out.append(made[unit.index]) }
            }
            return out
        }
    }

    /// Their files as already in OUT, and their cache entries carried over to the next build.
    package static func take(_ unchanged: [UnchangedNeighborhood], from cache: RenderCache, into next: inout RenderCache) -> Taken {
        var taken = Taken()
        carry(Set(unchanged.map(\.slug)), from: cache, into: &next)
        for u in unchanged {
            guard let entry = cache.hoods[u.slug] else { continue }
            taken.blocks.append((u.slug, entry.files.map { OutputFile(path: $0.path, alreadyInOutputWithHash: $0.hash) }))
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
