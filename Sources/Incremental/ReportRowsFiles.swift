import FileSystem
import Fingerprint
import Foundation
import Glibc
import Loading
import Parallelism

/// Each neighborhood's `ReportRows` as a file of the cache folder (`render.rows/<slug>`): what the
/// next build need not parse again of its `observations.csv`.
package enum ReportRowsFiles {
    package static let folder = "render.rows"

    /// The rows of each neighborhood's CSV the last build of this program read, for the loader: none
    /// without the cache, or for a program that cannot tell its own identity (its key ends in "unknown").
    package static func reader(_ cacheFolder: String, key: String, useCache: Bool) -> @Sendable (String) -> ReportRows? {
        guard useCache, !key.hasSuffix(" unknown") else { return { _ in nil } }
        return { slug in read(cacheFolder, slug: slug, key: key) }
    }

    /// The rows the last build of this program (`key`) read of `slug`, when its file reads whole.
    /// The file is read once: the neighborhood changed, and what this build does not write again
    /// (it fails, or it is stopped) must not stay: a report removed meanwhile would stay in it.
    package static func read(_ cacheFolder: String, slug: String, key: String) -> ReportRows? {
        let rowsFolder = cacheFolder + "/" + folder
        guard OwnFolder.ready(rowsFolder) else { return nil }
        let path = rowsFolder + "/" + slug
        let bytes = FileBytes.read(path)
        unlink(path)
        return bytes.flatMap { ReportRows.read($0, key: key, slug: slug, path: path) }
    }

    /// Writes the rows of the neighborhoods read now (`read`), and removes the files of those that
    /// have none now or are no longer in the content (`slugs`). The folder is the cache's own: never
    /// written or emptied through a link. A file that cannot be written costs its rows a reading.
    package static func save(_ cacheFolder: String, read: [(slug: String, rows: ReportRows?)], slugs: Set<String>, key: String, workers: Int) {
        guard !key.hasSuffix(" unknown") else { return }
        let rowsFolder = cacheFolder + "/" + folder
        guard OwnFolder.ready(rowsFolder, making: read.contains { $0.rows != nil }) else { return }
        _ = Parallel.map(read, workers: workers) { hood -> Bool in
            // The old file goes first: a write that fails leaves none, never an older one.
            let target = rowsFolder + "/" + hood.slug
            unlink(target)
            guard let rows = hood.rows else { return true }
            let staged = try? AtomicFile.stage(target, at: target + ".new", durability: .cached) { write in rows.write(key: key, slug: hood.slug, write) }
            return (try? staged?.install(durability: .cached)) != nil
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: rowsFolder)) ?? [] {
            let slug = name.hasSuffix(".new") ? String(name.dropLast(4)) : name
            if !slugs.contains(slug) || name.hasSuffix(".new") { unlink(rowsFolder + "/" + name) }
        }
    }
}
