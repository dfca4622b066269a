import FileSystem
import Fingerprint
import Output

/// The render cache written as its file: lines of tab-separated fields, read back by `RenderCache.read`.
extension RenderCache {
    /// Written beside its place, flushed, then renamed: a killed build never leaves half a cache.
    public func save(_ folder: String) {
        try? stage(folder)?.install()
    }

    /// The cache written beside its place, flushed, for `install` (nil when it cannot be written).
    public func stage(_ folder: String) -> AtomicFile? {
        var out: [UInt8] = []
        // Room for it all at once: a rebuild's cache is mostly carried lines, and growing to them
        // copied megabytes again and again.
        let carriedBytes = carried.values.reduce(0) { $0 + $1.pages.count + $1.hood.count }
        out.reserveCapacity(pages.count * 160 + hoods.values.reduce(0) { $0 + $1.files.count * 80 } + carriedBytes + 4096)
        func line(_ fields: String...) {
            out += fields.joined(separator: "\t").utf8
            out.append(0x0A)
        }
        func hex(_ f: Fingerprint) {
            out.append(0x09)
            f.appendHex(to: &out)
        }
        line(Self.header)
        line(key)
        line(context.description)
        line(theme.description)
        // Every set a page line may name, carried ones too; they come before the pages.
        for (id, names) in templateSets.sorted(by: { $0.key < $1.key }) { line("T", id, names.joined(separator: ",")) }
        // Pages in the order of their paths' bytes: a carried neighborhood's run stands where "slug/" would.
        let units = pages.keys.map { (key: $0, carried: false) } + carried.keys.map { (key: $0 + "/", carried: true) }
        for unit in units.sortedByUTF8(\.key) {
            if unit.carried {
                out += carried[String(unit.key.dropLast())]?.pages ?? []
                continue
            }
            guard let p = pages[unit.key] else { continue }
            out += "P\t".utf8
            out.append(utf8: unit.key)
            hex(p.input)
            hex(p.output)
            out.append(0x09)
            out.append(utf8: p.uses)
            hex(p.templates)
            if !p.listed.isEmpty {
                out.append(0x09)
                out.append(utf8: p.listed.joined(separator: ","))
            }
            out.append(0x0A)
        }
        for (path, n) in narrations.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            out += ("N\t" + path).utf8
            hex(n.input)
            hex(n.output)
            out += "\t\(n.samples)\t\(n.bytes)\n".utf8
        }
        for slug in Set(hoods.keys).union(carried.keys).sortedByUTF8() {
            guard let hood = hoods[slug] else {
                out += carried[slug]?.hood ?? []
                continue
            }
            line("H", slug, hood.folder.description, String(hood.pageCount))
            for f in hood.files {
                out += ("F\t" + f.path).utf8
                hex(f.hash)
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
        return try? AtomicFile.stage(target, out, at: target + ".new", durability: .durable)
    }
}
