import CivilTime
import Diagnostics
import Foundation
import Loading
#if canImport(Glibc)
import Glibc
#endif

/// A lead's decision on some reports or stories (`review --publish | --remove | --flag`).
public enum Decision: String, Sendable, CaseIterable {
    case publish, remove, flag

    /// The status it writes: a story has only `draft` and `published`, so removing or flagging one
    /// makes it a draft again (off the site either way).
    func status(for kind: WaitingItem.Kind) -> String {
        switch (self, kind) {
        case (.publish, _): return "published"
        case (.remove, .observation): return "removed"
        case (.flag, .observation): return "flagged"
        case (_, .story): return "draft"
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
                if t.status == to {
                    plan.unchanged.append((raw, to))
                } else if !targets.contains(where: { $0.item.neighborhood == t.neighborhood && $0.item.kind == t.kind && $0.item.id == t.id }) {
                    targets.append((t, to))
                }
            case .failure(let d): problems.append(d)
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        // Each file once, with every change in it.
        var order: [String] = []
        var byFile: [String: [(item: Target, to: String)]] = [:]
        for t in targets {
            if byFile[t.item.source.path] == nil { order.append(t.item.source.path) }
            byFile[t.item.source.path, default: []].append(t)
        }
        var replacing: [String: [UInt8]] = [:]
        var reals: [String: String] = [:]
        for path in order {
            let items = byFile[path] ?? []
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
        guard !plan.files.isEmpty else { return (plan, []) }
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
            let now = c.kind == .observation ? n?.observation(c.id)?.status.rawValue : n?.stories.first { $0.slug == c.id }?.status.rawValue
            if now != c.to {
                problems.append(.error(c.location, "after the change the loader reads \(quoted(now ?? "nothing")) here, not \(quoted(c.to)); nothing was changed"))
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        plan.warnings = diagnostics.filter { !$0.isError && !known.contains($0.description) }
        return (plan, [])
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
        guard !files.isEmpty else { return [] }
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
        var temps: [String] = []
        for f in files {
            do throws(Diagnostic) {
                temps.append(try f.file.writeBeside(f.bytes))
            } catch {
                for t in temps { unlink(t) }
                return [error]
            }
        }
        // Checked once more at the last moment, then put in place.
        for f in files where f.file.current() != f.file.bytes {
            for t in temps { unlink(t) }
            return [.error(f.location, "this file changed since review read it; nothing was changed, run review again")]
        }
        for (i, f) in files.enumerated() where rename(temps[i], f.file.real) != 0 {
            let problem = String(cString: strerror(errno))
            // Put back the ones already in place: all or nothing.
            for g in files[..<i] {
                if let t = try? g.file.writeBeside(g.file.bytes) { rename(t, g.file.real) }
            }
            for t in temps[i...] { unlink(t) }
            return [.error(f.location, "cannot replace this file: \(problem); nothing was changed")]
        }
        for f in files { f.file.syncFolder() }
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
}

extension DecisionPlan {
    /// The one item `raw` names, or an error saying why there is none or more than one.
    static func resolve(_ raw: String, in content: LoadedContent, request: DecisionRequest) -> Result<Target, Diagnostic> {
        var name = raw
        var kinds: Set<WaitingItem.Kind> = [.observation, .story]
        for (prefix, kind) in [("observation:", WaitingItem.Kind.observation), ("story:", .story)] where raw.hasPrefix(prefix) {
            name = String(raw.dropFirst(prefix.count))
            kinds = [kind]
        }
        var found: [Target] = []
        for n in content.neighborhoods {
            if kinds.contains(.observation), let o = n.observation(name) {
                found.append(Target(kind: .observation, id: o.id, neighborhood: n.slug, status: o.status.rawValue, source: o.source))
            }
            if kinds.contains(.story), let s = n.stories.first(where: { $0.slug == name }) {
                found.append(Target(kind: .story, id: s.slug, neighborhood: n.slug, status: s.status.rawValue, source: s.source))
            }
        }
        let folder = SourceLocation(path: request.root + "/neighborhoods" + (request.neighborhood.map { "/" + $0 } ?? ""))
        let command = "commonsight review \(request.neighborhood.map { $0 + " " } ?? "")--\(request.decision.rawValue)"
        if found.count == 1 { return .success(found[0]) }
        if found.isEmpty {
            let lower = name.lowercased()
            var near: [String] = []
            for n in content.neighborhoods {
                near += n.observations.filter { $0.id.lowercased() == lower }.map { "\($0.id) in \(n.slug)" }
                near += n.stories.filter { $0.slug == lower }.map { "\($0.slug) in \(n.slug)" }
            }
            let place = request.neighborhood.map { "in \($0)" } ?? "in any neighborhood"
            let hint = near.isEmpty ? "'commonsight review' lists what waits for a decision" : "ids are exact; did you mean \(choices(near.map { "\($0)" }))?"
            return .failure(.error(folder, "no observation or story \(quoted(raw)) \(place); \(hint)"))
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
        return .failure(.error(found[0].source, "\(quoted(raw)) is both an observation and a story in \(hoods[0]); write observation:\(name) or story:\(name)"))
    }
}
