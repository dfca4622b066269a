import FileSystem
import Fingerprint
import Foundation
import Glibc
import Output

/// The render cache written as its files: lines of tab-separated fields, read back by `RenderCache.read`.
extension RenderCache {
    /// Written beside its place, flushed, then renamed: a killed build never leaves half a cache.
    public func save(_ folder: String) {
        try? stage(folder)?.install()
    }

    /// The cache file written beside its place, flushed, for `install`, which also writes the page
    /// files of the neighborhoods made now (nil when it cannot be written).
    public func stage(_ folder: String) -> StagedRenderCache? {
        var out: [UInt8] = []
        // Room for it all at once: a rebuild's cache is mostly carried lines, and growing to them
        // copied megabytes again and again.
        let carriedBytes = carried.values.reduce(0) { $0 + $1.hood.count }
        out.reserveCapacity(hoods.values.reduce(0) { $0 + $1.files.count * 80 } + carriedBytes + 4096)
        func line(_ fields: String...) {
            out += fields.joined(separator: "\t").utf8
            out.append(0x0A)
        }
        line(Self.header)
        line(key)
        line(context.description)
        line(theme.description)
        // Every set a page line may name, carried ones too; they come before the pages.
        for (id, names) in templateSets.sorted(by: { $0.key < $1.key }) { line("T", id, names.joined(separator: ",")) }
        // Each neighborhood's pages in a file of their own; the others (the dashboard) here.
        var byHood: [String: [String]] = [:], outside: [String] = []
        for path in pages.keys {
            let top = OutputPath.top(of: path)
            if hoods[top] != nil { byHood[top, default: []].append(path) } else { outside.append(path) }
        }
        for path in outside.sortedByUTF8() { Self.pageLine(path, pages[path]!, into: &out) }
        for (path, n) in narrations.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            out += ("N\t" + path).utf8
            Self.hex(n.input, into: &out)
            Self.hex(n.output, into: &out)
            out += "\t\(n.samples)\t\(n.bytes)\n".utf8
        }
        var keep = Set(carried.values.compactMap(\.pagesFile)), written: [(name: String, bytes: [UInt8])] = []
        for slug in Set(hoods.keys).union(carried.keys).sortedByUTF8() {
            guard let hood = hoods[slug] else {
                out += carried[slug]?.hood ?? []
                continue
            }
            let name = byHood[slug].map { paths in
                let (name, bytes) = pageFile(paths)
                if FileBytes.read(Self.pageFilePath(folder, name)) != bytes { written.append((name, bytes)) }
                keep.insert(name)
                return name
            }
            line("H", slug, hood.folder.description, String(hood.pageCount), name ?? "-")
            for f in hood.files {
                out += ("F\t" + f.path).utf8
                Self.hex(f.hash, into: &out)
                out.append(0x0A)
            }
            for w in hood.warnings {
                line("W", Self.escape(w.location.path), String(w.location.line), String(w.location.column), Self.escape(w.message))
            }
        }
        for (slug, a) in activity.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            line("A", slug, a.reportsPerWeek.map(String.init).joined(separator: ","), String(a.newStories), String(a.upcomingEvents),
                 String(a.totalReports), a.latestReport?.description ?? "-", String(a.storiesThisWeek))
            for c in a.categories { line("C", slug, c.key, String(c.recent), String(c.total)) }
        }
        let target = folder + "/" + Self.fileName
        guard let file = try? AtomicFile.stage(target, out, at: target + ".new", durability: .durable) else { return nil }
        return StagedRenderCache(file: file, folder: folder, pageFiles: keep, newPageFiles: written)
    }

    /// The page lines of `paths`, and the name of their file: the fingerprint of those bytes.
    func pageFile(_ paths: [String]) -> (name: String, bytes: [UInt8]) {
        var out: [UInt8] = []
        out.reserveCapacity(paths.count * 180)
        for path in paths.sortedByUTF8() { Self.pageLine(path, pages[path]!, into: &out) }
        return (Fingerprint(of: out).description, out)
    }

    static func pageLine(_ path: String, _ p: PageEntry, into out: inout [UInt8]) {
        out += "P\t".utf8
        out.append(utf8: path)
        hex(p.input, into: &out)
        hex(p.output, into: &out)
        out.append(0x09)
        out.append(utf8: p.uses)
        hex(p.templates, into: &out)
        if !p.listed.isEmpty {
            out.append(0x09)
            out.append(utf8: p.listed.joined(separator: ","))
        }
        out.append(0x0A)
    }

    static func hex(_ f: Fingerprint, into out: inout [UInt8]) {
        out.append(0x09)
        f.appendHex(to: &out)
    }
}

/// A render cache written beside its place, with the page files it names: those not there yet
/// are written only when it is put in place, so that a build that fails leaves none.
public struct StagedRenderCache: Sendable {
    let file: AtomicFile
    let folder: String
    let pageFiles: Set<String>
    let newPageFiles: [(name: String, bytes: [UInt8])]

    /// Writes the new page files, puts the cache file in its place, then removes the page files it
    /// does not name (an earlier build's, or a killed one's). A page file that cannot be written
    /// costs its neighborhood's pages the next time: they are rendered again.
    public func install() throws(FileError) {
        let pages = folder + "/" + RenderCache.pagesFolder
        // The folder of page files is the cache's own: never written or emptied through a link.
        let ours = OwnFolder.ready(pages, making: !newPageFiles.isEmpty)
        if ours {
            for (name, bytes) in newPageFiles {
                let target = RenderCache.pageFilePath(folder, name)
                _ = try? AtomicFile.stage(target, bytes, at: target + ".new", durability: .cached).install(durability: .cached)
            }
        }
        try file.install()
        guard ours else { return }
        // Only files named as page files (or as one being written when a build was killed) are, and
        // only those the cache no longer names.
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: pages)) ?? [] {
            let name = entry.hasSuffix(".new") ? String(entry.dropLast(4)) : entry
            guard name.utf8.count == 32, Fingerprint(hex: name)?.description == name, !pageFiles.contains(entry) else { continue }
            unlink(pages + "/" + entry)
        }
    }
}
