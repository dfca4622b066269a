/// The facts a model may state, each by a name in braces (`{reports}`, `{first_date}`): the model
/// never writes a number, date, street or place itself, the program puts in the true words, so a
/// story's facts are true by construction. The grammar of the answer allows only these names.
public struct Slots: Sendable, Equatable {
    public var entries: [(name: String, value: String)]

    public static func == (a: Slots, b: Slots) -> Bool {
        a.entries.map(\.name) == b.entries.map(\.name) && a.entries.map(\.value) == b.entries.map(\.value)
    }

    public init(_ f: StoryFacts) {
        var e: [(String, String)] = [
            ("reports", FallbackWriter.reports(f.count)),
            ("category", FallbackWriter.subject(f)),
            ("neighborhood", f.neighborhood),
            ("place", f.place.phrase),
            ("first_date", Words.longDate(f.first)),
        ]
        if f.last != f.first { e.append(("last_date", Words.longDate(f.last))) }
        if let busiest = Words.busiest(f) { e.append(("busiest_period", busiest.period)) }
        var tally: [String: Int] = [:]
        for r in f.reports { for s in r.streets { tally[s, default: 0] += 1 } }
        let streets = f.place.names.filter { tally[$0] != nil } + tally.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map(\.key).filter { !f.place.names.contains($0) }
        for (i, street) in streets.prefix(3).enumerated() { e.append(("street_\(i + 1)", street)) }
        if let c = f.coalition { e.append(("coalition", c.name)) }
        entries = e
    }

    public var names: [String] { entries.map(\.name) }

    /// The lines the prompt shows: `{reports} = 6 reports`.
    public var promptLines: [String] { entries.map { "{\($0.name)} = \($0.value)" } }

    /// The text with every `{name}` replaced by its words; nil when it names a slot there is not.
    public func fill(_ text: String) -> String? {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = entries.first(where: { $0.name == name })?.value else { return nil }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
