import Diagnostics
import Formats
import Foundation

/// The fields of one item (front matter, a CSV row, GeoJSON properties) with private fields removed.
///
/// This is the only way loaders read input fields, so a private field is gone before any model
/// value exists.
public struct Record {
    private var fields: [String: Node] = [:]
    /// Where the item starts: missing fields are reported here.
    public let location: SourceLocation

    /// `privacy` nil keeps every field: only for `site.yml`, which holds settings, not people's data.
    public init(entries: [Node.Entry], location: SourceLocation, privacy: PrivacyPolicy?) {
        self.location = location
        for entry in entries where !(privacy?.isPrivate(entry.key) ?? false) {
            fields[entry.key] = entry.value
        }
    }

    /// A CSV row: empty cells count as absent; the header's private columns are left out.
    public init(header: CSVHeader, row: CSVTable.Record) {
        self.location = row.location
        fields.reserveCapacity(header.keptCount)
        for (column, cell) in zip(header.columns, row.cells) where column.kept && !cell.text.isEmpty {
            fields[column.name] = Node(.string(cell.text), at: cell.location)
        }
    }

    public func node(_ key: String) -> Node? {
        guard let n = fields[key], !n.isNull else { return nil }
        return n
    }

    public func has(_ key: String) -> Bool { node(key) != nil }

    /// The names of the fields given (not null), sorted.
    public var keys: [String] { fields.filter { !$0.value.isNull }.keys.sorted() }

    public func place(_ key: String) -> SourceLocation { node(key)?.location ?? location }

    /// Where `key` is given with nothing in it (`key:` alone, or only spaces); nil when it has words
    /// or is not there at all.
    public func blank(_ key: String) -> SourceLocation? {
        guard let n = fields[key] else { return nil }
        if n.isNull { return n.location }
        guard let s = n.scalarText, TextCleaning.clean(s.trimmed).isEmpty else { return nil }
        return n.location
    }

    /// Text of a scalar field, trimmed; empty text counts as missing.
    public func text(_ key: String, required: Bool = false, log: inout DiagnosticLog) -> String? {
        guard let n = node(key) else {
            if required { log.error(location, "missing required field '\(key)'") }
            return nil
        }
        guard let s = n.scalarText else {
            log.error(n.location, "'\(key)' must be text, found \(n.kindName)")
            return nil
        }
        let t = TextCleaning.clean(s.trimmed)
        if t.isEmpty {
            if required { log.error(n.location, "'\(key)' is empty; expected a value") }
            return nil
        }
        return t
    }

    public func number(_ key: String, required: Bool = false, log: inout DiagnosticLog) -> Double? {
        guard let n = node(key) else {
            if required { log.error(location, "missing required field '\(key)'") }
            return nil
        }
        if case .number(let v, _) = n.value { return v }
        if let s = n.scalarText, let v = NumberSyntax.parse(s.trimmedOfSpaces) { return v }
        log.error(n.location, "'\(key)' must be a number, found \(n.scalarText.map { quoted($0) } ?? n.kindName)")
        return nil
    }

    /// A list of words: a YAML list, or text separated by `;` (CSV) or `,`.
    public func list(_ key: String, log: inout DiagnosticLog) -> [(String, SourceLocation)]? {
        guard let n = node(key) else { return nil }
        if let items = n.items {
            var out: [(String, SourceLocation)] = []
            for item in items {
                guard let s = item.scalarText else {
                    log.error(item.location, "'\(key)' must be a list of words, found \(item.kindName) in it")
                    continue
                }
                out.append((s.trimmingCharacters(in: .whitespaces), item.location))
            }
            return out
        }
        if let s = n.scalarText {
            let separator: Character = s.contains(";") ? ";" : ","
            return s.split(separator: separator).map { ($0.trimmingCharacters(in: .whitespaces), n.location) }
                .filter { !$0.0.isEmpty }
        }
        log.error(n.location, "'\(key)' must be a list, found \(n.kindName)")
        return nil
    }

    /// One of a fixed set of words.
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, default value: T, log: inout DiagnosticLog) -> T?
    where T.RawValue == String {
        guard let raw = text(key, log: &log) else { return value }
        if let v = T(rawValue: raw) { return v }
        log.error(place(key), "'\(key)' is \(quoted(raw)); expected \(choices(T.allCases.map(\.rawValue)))")
        return nil
    }

    /// Tags: kebab-case words.
    public func tags(_ key: String, log: inout DiagnosticLog) -> [String] {
        guard let items = list(key, log: &log) else { return [] }
        var out: [String] = []
        for (tag, at) in items {
            if Identifiers.isSlug(tag) {
                out.append(tag)
            } else {
                log.error(at, "tag \(quoted(tag)) is not kebab-case; expected lowercase words joined by '-', like 'speeding-trucks'")
            }
        }
        return out
    }
}

/// A CSV table's column names, trimmed, each with whether its cells are kept (not private): decided
/// once per table rather than once per cell.
public struct CSVHeader: Sendable {
    let columns: [(name: String, kept: Bool)]
    let keptCount: Int

    public init(_ cells: [CSVTable.Cell], privacy: PrivacyPolicy) {
        columns = cells.map { cell in
            let name = cell.text.trimmingCharacters(in: .whitespaces)
            return (name, !privacy.isPrivate(name))
        }
        keptCount = columns.reduce(0) { $0 + ($1.kept ? 1 : 0) }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (no Foundation round trip).
    public var trimmed: String {
        let u = utf8
        guard let first = u.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return "" }
        guard let last = u.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return "" }
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}
