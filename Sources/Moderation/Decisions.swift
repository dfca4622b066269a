import CivilTime
import Diagnostics
import Foundation
import FileSystem
import Formats
import Loading
#if canImport(Glibc)
import Glibc
#endif

/// A lead's decision on some reports or stories (`review --publish | --remove | --flag`).
public enum Decision: String, Sendable, CaseIterable {
    case publish, remove, flag

    /// The status it writes: a story, event or coalition has only `draft` and `published`, so
    /// removing or flagging one makes it a draft again (off the site either way).
    func status(for kind: WaitingItem.Kind) -> String {
        switch (self, kind) {
        case (.publish, _): return "published"
        case (.remove, .observation): return "removed"
        case (.flag, .observation): return "flagged"
        case (_, _): return "draft"
        }
    }
}

/// A decision worked out in full before anything is written: every file's new bytes (each one
/// status value changed), checked by loading the content as it would be; `commit` then writes all
/// of it or nothing.
public struct DecisionPlan {
    public struct Change: Sendable {
        public var kind: WaitingItem.Kind
        public var id: String
        public var neighborhood: String
        /// The status before (the default when none was written) and after.
        public var from: String
        public var to: String
        /// Where the status is written (or added).
        public var location: SourceLocation
        /// False when the status was not written and is added.
        public var wasWritten: Bool
    }

    /// What changes, in the order the ids were given.
    public private(set) var changes: [Change] = []
    /// Items that already have the status asked for: nothing to do.
    public private(set) var unchanged: [(id: String, status: String)] = []
    /// Warnings the content will have after the change that it did not have before (what publishing
    /// a report will redact, a story that links a report no longer published).
    public private(set) var warnings: [Diagnostic] = []

    struct FileEdit {
        var file: ContentFile
        var bytes: [UInt8]
        /// Where to point when the file changed since it was read.
        var location: SourceLocation
    }

    var files: [FileEdit] = []
    /// Files made new (a neighborhood's first `moderation.yml`), written only if still absent.
    var created: [(path: String, bytes: [UInt8])] = []
    let request: DecisionRequest

    /// The plan, or every problem that stops it (nothing is written either way).
    public static func make(_ request: DecisionRequest) -> (DecisionPlan?, [Diagnostic]) {
        var plan = DecisionPlan(request: request)
        let only = request.neighborhood.map { Set([$0]) }
        let (content, before) = ContentLoader.load(root: request.root, only: only)
        guard let content, !before.hasErrors else {
            return (nil, before.filter(\.isError))
        }
        var problems: [Diagnostic] = []
        // Each id to its item.
        var targets: [(item: Target, to: String)] = []
        var seen = Set<String>()
        for raw in request.ids where seen.insert(raw).inserted {
            switch resolve(raw, in: content, request: request) {
            case .success(let t):
                let to = request.decision.status(for: t.kind)
                if request.decision == .publish, !t.unready.isEmpty {
                    problems.append(.error(t.source, "\(t.kind.rawValue) \(quoted(t.id)) is not ready to publish: \(t.unready.joined(separator: "; ")); edit the file, then publish it"))
                    continue
                }
                if t.status == to {
                    plan.unchanged.append((raw, to))
                } else if !targets.contains(where: { $0.item.neighborhood == t.neighborhood && $0.item.kind == t.kind && $0.item.id == t.id }) {
                    targets.append((t, to))
                }
            case .failure(let d): problems.append(d)
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        // A report in a file with no place for a status (an export) is decided in moderation.yml.
        var writable: [String: Bool] = [:]
        for i in targets.indices where targets[i].item.kind == .observation && !targets[i].item.file.hasSuffix("/" + ModerationFile.name) {
            let path = targets[i].item.file
            guard path.hasSuffix(".csv") || path.hasSuffix(".geojson") else { continue }
            if writable[path] == nil { writable[path] = Self.hasStatusPlace(path) }
            if writable[path] == false {
                targets[i].item.file = request.root + "/neighborhoods/" + targets[i].item.neighborhood + "/" + ModerationFile.name
            }
        }
        // Each file once, with every change in it.
        var order: [String] = []
        var byFile: [String: [(item: Target, to: String)]] = [:]
        for t in targets {
            let path = t.item.file
            if byFile[path] == nil { order.append(path) }
            byFile[path, default: []].append(t)
        }
        var replacing: [String: [UInt8]] = [:]
        var reals: [String: String] = [:]
        for path in order {
            let items = byFile[path] ?? []
            if path.hasSuffix("/" + ModerationFile.name) {
                do throws(Diagnostic) {
                    try plan.moderationFile(path, items: items, replacing: &replacing)
                } catch {
                    problems.append(error)
                }
                continue
            }
            do throws(Diagnostic) {
                let file = try ContentFile.read(path, root: request.root, at: SourceLocation(path: path))
                if let other = reals[file.real] {
                    throw Diagnostic.error(SourceLocation(path: path), "this file and \(other) are the same file (a symbolic link); change it by hand")
                }
                reals[file.real] = path
                let raw = RawText(file.bytes)
                var edits: [ByteEdit] = []
                var firstLocation: SourceLocation?
                // Every item of one file goes to the same status (one decision a run).
                let to = items[0].to
                let found = try changes(raw, path: path, ids: items.map(\.item.id), to: to)
                for t in items {
                    guard let change = found[t.item.id] else { continue }
                    edits.append(change.edit)
                    firstLocation = firstLocation ?? change.location
                    plan.changes.append(Change(kind: t.item.kind, id: t.item.id, neighborhood: t.item.neighborhood, from: change.old ?? t.item.status,
                                               to: t.to, location: change.location, wasWritten: change.old != nil))
                }
                let bytes = ByteEdit.apply(edits, to: file.bytes)
                replacing[path] = bytes
                plan.files.append(FileEdit(file: file, bytes: bytes, location: firstLocation ?? SourceLocation(path: path)))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        guard !plan.files.isEmpty || !plan.created.isEmpty else { return (plan, []) }
        // The content as it will be: it must load as cleanly as it does now, and show the new statuses.
        let hoods = Set(plan.changes.map(\.neighborhood))
        let (after, diagnostics) = ContentLoader.load(root: request.root, only: hoods, replacing: replacing)
        let known = Set(before.map(\.description))
        let errors = diagnostics.filter(\.isError)
        guard let after, errors.isEmpty else {
            return (nil, errors)
        }
        for c in plan.changes {
            let n = after.neighborhoods.first { $0.slug == c.neighborhood }
            let now: String?
            switch c.kind {
            case .observation: now = n?.observation(c.id)?.status.rawValue
            case .story: now = n?.stories.first { $0.slug == c.id }?.status.rawValue
            case .event: now = n?.events.first { $0.slug == c.id }?.status.rawValue
            case .coalition: now = n?.coalitions.first { $0.slug == c.id }?.status.rawValue
            }
            if now != c.to {
                problems.append(.error(c.location, "after the change the loader reads \(quoted(now ?? "nothing")) here, not \(quoted(c.to)); nothing was changed"))
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        plan.warnings = diagnostics.filter { !$0.isError && !known.contains($0.description) }
        return (plan, [])
    }

    /// True when a data file has a place for statuses: a `status` column, or a `status` property in
    /// some feature. Files without one (a city's export) are never rewritten.
    static func hasStatusPlace(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return true }
        let raw = RawText([UInt8](data))
        if path.hasSuffix(".csv") {
            guard let header = try? CSVStatus.rows(raw, path: path).first else { return true }
            return header.cells.contains { raw.text($0.inner).trimmingCharacters(in: .whitespaces) == "status" }
        }
        guard case .success(let text) = TextFile.decode(raw.bytes, path: path) else { return true }
        var log = DiagnosticLog()
        guard let root = JSON.parse(text, path: path, log: &log) else { return true }
        return GeoJSON.features(root, log: &log).contains { $0.properties?.entries?.contains { $0.key == "status" } ?? false }
    }

    /// Sets each item's status in the neighborhood's `moderation.yml`, made when there is none.
    mutating func moderationFile(_ path: String, items: [(item: Target, to: String)], replacing: inout [String: [UInt8]]) throws(Diagnostic) {
        var file: ContentFile?
        var text: String?
        if FileManager.default.fileExists(atPath: path) {
            let read = try ContentFile.read(path, root: request.root, at: SourceLocation(path: path))
            file = read
            text = String(decoding: read.bytes, as: UTF8.self)
        }
        for t in items {
            let (updated, line) = ModerationFile.updated(text, id: t.item.id, status: t.to)
            text = updated
            changes.append(Change(kind: .observation, id: t.item.id, neighborhood: t.item.neighborhood, from: t.item.status, to: t.to,
                                  location: SourceLocation(path: path, line: line, column: 1), wasWritten: true))
        }
        let bytes = Array((text ?? "").utf8)
        replacing[path] = bytes
        if let file {
            files.append(FileEdit(file: file, bytes: bytes, location: SourceLocation(path: path)))
        } else {
            created.append((path, bytes))
        }
    }

    /// The change to each id of one file, by its form.
    static func changes(_ raw: RawText, path: String, ids: [String], to value: String) throws(Diagnostic) -> [String: StatusChange] {
        if path.hasSuffix(".md") {
            // One item per Markdown file.
            return [ids[0]: try FrontMatterStatus.change(raw, path: path, to: value)]
        }
        if path.hasSuffix(".csv") { return try CSVStatus.changes(raw, path: path, ids: ids, to: value) }
        if path.hasSuffix(".geojson") { return try GeoJSONStatus.changes(raw, path: path, ids: ids, to: value) }
        throw Diagnostic.error(SourceLocation(path: path), "review cannot change a status in this kind of file")
    }

    /// Writes every file or none: each is checked to hold the bytes read, then written beside
    /// itself, and only when all are written are they renamed into place; then the decisions are
    /// appended to each neighborhood's `moderation.log`. Returns what went wrong (nothing on success).
    public func commit() -> [Diagnostic] {
        guard !files.isEmpty || !created.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        for f in files where f.file.current() != f.file.bytes {
            problems.append(.error(f.location, "this file changed since review read it; nothing was changed, run review again"))
        }
        // The logs: each a regular file (or none yet), never a link.
        var logs: [(slug: String, path: String)] = []
        for slug in Set(changes.map(\.neighborhood)).sorted() {
            let path = request.root + "/neighborhoods/" + slug + "/" + Neighborhood.moderationLog
            var st = stat()
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
                problems.append(.error(SourceLocation(path: path), "this is not a regular file (a link, a folder); review appends its decisions only to a regular file; nothing was changed"))
            }
            logs.append((slug, path))
        }
        guard problems.isEmpty else { return problems }
        // A new moderation.yml first: it never replaces a file that appeared since.
        var made: [String] = []
        for (path, bytes) in created {
            do throws(NewContentFile.Problem) {
                try NewContentFile.create(path, bytes, root: request.root)
                made.append(path)
            } catch {
                for m in made { unlink(m) }
                let why = error == .exists ? "it appeared since review read the content" : "\(error)"
                return [.error(SourceLocation(path: path), "cannot write this file: \(why); nothing was changed")]
            }
        }
        var temps: [AtomicFile] = []
        for f in files {
            do throws(Diagnostic) {
                temps.append(try f.file.writeBeside(f.bytes))
            } catch {
                for t in temps { t.discard() }
                for m in made { unlink(m) }
                return [error]
            }
        }
        // Checked once more at the last moment, then put in place.
        for f in files where f.file.current() != f.file.bytes {
            for t in temps { t.discard() }
            for m in made { unlink(m) }
            return [.error(f.location, "this file changed since review read it; nothing was changed, run review again")]
        }
        for (i, f) in files.enumerated() {
            do throws(FileError) {
                try temps[i].install()
            } catch {
                // Put back the ones already in place: all or nothing.
                for g in files[..<i] { try? g.file.writeBeside(g.file.bytes).install() }
                for t in temps[(i + 1)...] { t.discard() }
                for m in made { unlink(m) }
                return [.error(f.location, "cannot replace this file: \(error.reason); nothing was changed")]
            }
        }
        for (slug, path) in logs {
            let lines = changes.filter { $0.neighborhood == slug }.map { logLine($0, folder: request.root + "/neighborhoods/" + slug + "/") }
            if let problem = ModerationLog.append(lines, to: path) {
                problems.append(.warning(SourceLocation(path: path), "the change is made, but it could not be recorded here: \(problem)"))
            }
        }
        return problems
    }

    func logLine(_ c: Change, folder: String) -> ModerationLog.Line {
        let file = c.location.path.hasPrefix(folder) ? String(c.location.path.dropFirst(folder.count)) : c.location.path
        return ModerationLog.Line(date: request.date, id: c.id, kind: c.kind.rawValue, from: c.from, to: c.to,
                                  place: "\(file):\(c.location.line)", note: request.note ?? "")
    }
}

/// An item an id names.
struct Target {
    var kind: WaitingItem.Kind
    var id: String
    var neighborhood: String
    var status: String
    var source: SourceLocation
    /// The file its decision is written to: its own, or its neighborhood's `moderation.yml`.
    var file: String
    /// Why it may not be published yet.
    var unready: [String] = []
}

extension DecisionPlan {
    /// The one item `raw` names, or an error saying why there is none or more than one.
    static func resolve(_ raw: String, in content: LoadedContent, request: DecisionRequest) -> Result<Target, Diagnostic> {
        var name = raw
        var kinds = Set(WaitingItem.Kind.allCases)
        for kind in WaitingItem.Kind.allCases where raw.hasPrefix(kind.rawValue + ":") {
            name = String(raw.dropFirst(kind.rawValue.count + 1))
            kinds = [kind]
        }
        var found: [Target] = []
        for n in content.neighborhoods {
            if kinds.contains(.observation), let o = n.observation(name) {
                let file = n.decided.contains(o.id) ? request.root + "/neighborhoods/" + n.slug + "/" + ModerationFile.name : o.source.path
                found.append(Target(kind: .observation, id: o.id, neighborhood: n.slug, status: o.status.rawValue, source: o.source,
                                    file: file, unready: Placeholders.reasons(o)))
            }
            if kinds.contains(.story), let s = n.stories.first(where: { $0.slug == name }) {
                found.append(Target(kind: .story, id: s.slug, neighborhood: n.slug, status: s.status.rawValue, source: s.source,
                                    file: s.source.path, unready: Placeholders.reasons(s)))
            }
            if kinds.contains(.event), let e = n.events.first(where: { $0.slug == name }) {
                found.append(Target(kind: .event, id: e.slug, neighborhood: n.slug, status: e.status.rawValue, source: e.source,
                                    file: e.source.path, unready: Placeholders.reasons(e)))
            }
            if kinds.contains(.coalition), let c = n.coalitions.first(where: { $0.slug == name }) {
                found.append(Target(kind: .coalition, id: c.slug, neighborhood: n.slug, status: c.status.rawValue, source: c.source,
                                    file: c.source.path, unready: Placeholders.reasons(c)))
            }
        }
        let folder = SourceLocation(path: request.root + "/neighborhoods" + (request.neighborhood.map { "/" + $0 } ?? ""))
        let command = "commonsight review \(request.neighborhood.map { $0 + " " } ?? "")--\(request.decision.rawValue)"
        if found.count == 1 { return .success(found[0]) }
        if found.isEmpty {
            var near: [String] = []
            for n in content.neighborhoods {
                let names = n.observations.map(\.id) + n.stories.map(\.slug) + n.events.map(\.slug) + n.coalitions.map(\.slug)
                if let close = NearestName.among(names, near: name) { near.append("\(close) in \(n.slug)") }
            }
            let place = request.neighborhood.map { "in \($0)" } ?? "in any neighborhood"
            let hint = near.isEmpty ? "'commonsight review' lists what waits for a decision" : "ids are exact; did you mean \(choices(near))?"
            return .failure(.error(folder, "no report, story, event or coalition \(quoted(raw)) \(place); \(hint)"))
        }
        let hoods = Array(Set(found.map(\.neighborhood))).sorted()
        if hoods.count > 1 {
            // Places inside each neighborhood's folder: the message never holds a path the terminal would show otherwise.
            let places = found.map { t -> String in
                let folder = request.root + "/neighborhoods/" + t.neighborhood + "/"
                let file = t.source.path.hasPrefix(folder) ? String(t.source.path.dropFirst(folder.count)) : t.source.path
                return "\(t.neighborhood) (\(file):\(t.source.line))"
            }
            let list = places.count == 2 ? places.joined(separator: " and ") : places.joined(separator: ", ")
            return .failure(.error(found[0].source, "\(quoted(raw)) is in \(hoods.count) neighborhoods: \(list); name one, as in '\(command.replacingOccurrences(of: "review --", with: "review \(hoods[0]) --")) \(raw)'"))
        }
        let prefixes = found.map { "\($0.kind.rawValue):\(name)" }
        return .failure(.error(found[0].source, "\(quoted(raw)) names \(found.count) items in \(hoods[0]); write \(choices(prefixes).replacingOccurrences(of: "'", with: ""))"))
    }
}
