import CivilTime
import Diagnostics
import Escaping
import Loading

/// One report or story that waits for a lead's decision.
public struct WaitingItem: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case observation, story, event, coalition }

    public var kind: Kind
    public var id: String
    public var neighborhood: String
    public var neighborhoodName: String
    /// As written (or the default): `pending`, `flagged`, `removed`, `draft`, `published`; or
    /// `scheduled` for a published story, event or coalition dated after today.
    public var status: String
    /// Where the item starts: its CSV row, GeoJSON feature or Markdown file.
    public var source: SourceLocation
    /// The day it was observed (a report), or the story's date, else the day `draft` wrote it.
    public var date: CivilDate?
    /// Days from `date` to the review's today; nil without a date, and for what does not wait
    /// (published, removed, scheduled).
    public var waitingDays: Int?
    /// Why `review --publish` would refuse it: placeholders left, a place at 0, 0.
    public var unready: [String] = []
    /// A report's category key; a story's most frequent category among its reports.
    public var category: String?
    /// The labels of those categories.
    public var categoryLabels: [String]
    public var title: String
    /// The fields the site would show (`title`, `location`, `author`, `description`; a story's
    /// `title`, `call_to_action`, `narrative`), each as published and with what the redaction
    /// would take out marked.
    public var fields: [(name: String, published: String, marked: String)]
    public var removed: [PublicText.Removal]

    /// The fields as published, one `name: text` each.
    public var text: String { fields.map { "\($0.name): \($0.published)" }.joined(separator: "\n") }
    /// Stories that link this report (slug and status), or the reports a story links (id and status).
    public var linkedBy: [(id: String, status: String)]
    public var links: [(id: String, status: String)]
}

/// What waits for a decision (`commonsight review`): reports that are pending or flagged, drafts,
/// and what is scheduled for a later day, oldest first. Reads nothing and knows no clock: the content and today are given.
public enum ReviewQueue {
    /// The statuses `review` lists when not told otherwise.
    public static let waiting: [String] = ["pending", "flagged", "draft", "scheduled"]
    /// Every status `--status` may name.
    public static let all: [String] = ["pending", "flagged", "removed", "draft", "scheduled", "published"]
    /// The statuses that wait for someone's decision (the rest are decided, or wait for a day).
    public static let undecided: Set<String> = ["pending", "flagged", "draft"]

    /// A story's, event's or coalition's status as listed: `scheduled` when published but dated after today.
    static func listed(_ status: Story.Status, _ item: Scheduled, today: CivilDate) -> String {
        status == .published && item.isScheduled(on: today) ? "scheduled" : status.rawValue
    }

    public static func items(_ content: LoadedContent, statuses: Set<String>, today: CivilDate) -> [WaitingItem] {
        var out: [WaitingItem] = []
        let site = content.site
        func label(_ key: String) -> String { site.category(key)?.label ?? key }
        for n in content.neighborhoods {
            let byID = Dictionary(n.observations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var citing: [String: [(String, String)]] = [:]
            for s in n.stories {
                for ref in s.observations { citing[ref.value, default: []].append((s.slug, s.status.rawValue)) }
            }
            for o in n.observations where statuses.contains(o.status.rawValue) {
                let shown = PublicText.of(o, in: n, site: site)
                let description = shown.field("description")
                // What the site makes for a title, place or author the report does not give, in the terminal's English.
                typealias Shown = (name: String, published: String, marked: String)
                let english = o.location.english(in: n.name)
                let place: Shown = shown.field("location").map { ("location", $0.published, $0.marked) } ?? ("location", english, english)
                let title: Shown = shown.field("title").map { ("title", $0.published, $0.marked) }
                    ?? ("title", "\(label(o.category)) — \(place.published)", "\(label(o.category)) — \(place.marked)")
                let author: Shown = shown.field("author").map { ("author", $0.published, $0.marked) } ?? ("author", "A neighbor", "A neighbor")
                var fields: [Shown] = [title, place, author]
                if let description, !description.published.isEmpty { fields.append((description.name, description.published, description.marked)) }
                out.append(WaitingItem(
                    kind: .observation, id: o.id, neighborhood: n.slug, neighborhoodName: n.name, status: o.status.rawValue,
                    source: o.source, date: o.observed.day,
                    waitingDays: undecided.contains(o.status.rawValue) ? today.daysSinceEpoch - o.observed.day.daysSinceEpoch : nil,
                    unready: Placeholders.reasons(o),
                    category: o.category, categoryLabels: [label(o.category)], title: fields[0].published,
                    fields: fields, removed: shown.removed,
                    linkedBy: (citing[o.id] ?? []).map { (id: $0.0, status: $0.1) }, links: []))
            }
            for s in n.stories where statuses.contains(listed(s.status, s, today: today)) {
                let status = listed(s.status, s, today: today)
                let date = s.date?.day ?? s.drafted
                let reports = s.observations.compactMap { byID[$0.value] }
                var counts: [String: Int] = [:]
                for o in reports { counts[o.category, default: 0] += 1 }
                let keys = site.categories.map(\.key).filter { counts[$0] != nil }
                let top = keys.max { (counts[$0] ?? 0, -(keys.firstIndex(of: $0) ?? 0)) < (counts[$1] ?? 0, -(keys.firstIndex(of: $1) ?? 0)) }
                var fields = [(name: "title", published: s.title, marked: s.title)]
                if let action = s.callToAction { fields.append(("call_to_action", action, action)) }
                if !s.body.trimmed.isEmpty { fields.append(("narrative", s.body.trimmed, s.body.trimmed)) }
                out.append(WaitingItem(
                    kind: .story, id: s.slug, neighborhood: n.slug, neighborhoodName: n.name, status: status,
                    source: s.source, date: date, waitingDays: undecided.contains(status) ? date.map { today.daysSinceEpoch - $0.daysSinceEpoch } : nil,
                    unready: Placeholders.reasons(s),
                    category: top, categoryLabels: keys.map(label), title: s.title, fields: fields, removed: [],
                    linkedBy: [], links: s.observations.map { ref in (id: ref.value, status: byID[ref.value]?.status.rawValue ?? "missing") }))
            }
            for e in n.events where statuses.contains(listed(e.status, e, today: today)) {
                var fields = [(name: "title", published: e.title, marked: e.title), (name: "start", published: e.start.day.description, marked: e.start.day.description)]
                if let place = e.location { fields.append(("location", place, place)) }
                if !e.body.trimmed.isEmpty { fields.append(("text", e.body.trimmed, e.body.trimmed)) }
                out.append(item(.event, e.slug, n, listed(e.status, e, today: today), e.source, e.date?.day ?? e.start.day, e.title, fields, Placeholders.reasons(e), today: today))
            }
            for c in n.coalitions where statuses.contains(listed(c.status, c, today: today)) {
                var fields = [(name: "name", published: c.name, marked: c.name)]
                if let meets = c.meets { fields.append(("meets", meets, meets)) }
                if !c.about.trimmed.isEmpty { fields.append(("text", c.about.trimmed, c.about.trimmed)) }
                out.append(item(.coalition, c.slug, n, listed(c.status, c, today: today), c.source, c.date?.day, c.name, fields, Placeholders.reasons(c), today: today))
            }
        }
        // Oldest first; undated drafts last; then by place, so the order never depends on reading order.
        return out.sorted { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (a.source.path, a.source.line, a.id) < (b.source.path, b.source.line, b.id)
            }
        }
    }

    /// An event or a coalition as listed.
    static func item(_ kind: WaitingItem.Kind, _ id: String, _ n: Neighborhood, _ status: String, _ source: SourceLocation, _ date: CivilDate?,
                     _ title: String, _ fields: [(name: String, published: String, marked: String)], _ unready: [String], today: CivilDate) -> WaitingItem {
        WaitingItem(kind: kind, id: id, neighborhood: n.slug, neighborhoodName: n.name, status: status, source: source, date: date,
                    waitingDays: undecided.contains(status) ? date.map { today.daysSinceEpoch - $0.daysSinceEpoch } : nil, unready: unready,
                    category: nil, categoryLabels: [], title: title, fields: fields, removed: [], linkedBy: [], links: [])
    }

    /// "3 days", "5 weeks", "about 7 months", "about 2 years": how long an item has waited.
    public static func waited(_ days: Int?) -> String {
        guard let days else { return "since an unknown day" }
        if days < 0 { return "dated \(-days) day\(days == -1 ? "" : "s") ahead" }
        if days == 0 { return "since today" }
        if days < 14 { return "\(days) day\(days == 1 ? "" : "s")" }
        if days < 91 { return "\(days / 7) weeks" }
        if days < 730 { return "about \(Int((Double(days) / 30.44).rounded())) months" }
        return "about \(Int((Double(days) / 365.25).rounded())) years"
    }

    /// The items as a JSON array (`review --json`), with paths as `display` shows them.
    public static func json(_ items: [WaitingItem], display: (String) -> String) -> String {
        guard !items.isEmpty else { return "[]" }
        func s(_ v: String?) -> String { v.map(Escape.json) ?? "null" }
        let objects = items.map { i -> String in
            let fields: [(String, String)] = [
                ("id", s(i.id)), ("kind", s(i.kind.rawValue)), ("status", s(i.status)), ("neighborhood", s(i.neighborhood)),
                ("path", s(display(i.source.path))), ("line", String(i.source.line)), ("date", s(i.date?.description)),
                ("waiting_days", i.waitingDays.map(String.init) ?? "null"), ("category", s(i.category)), ("title", s(i.title)),
                ("text", s(i.text)),
                ("removed", "[" + i.removed.map { "{\"kind\": \(s($0.kind.rawValue)), \"text\": \(s($0.text))}" }.joined(separator: ", ") + "]"),
                ("linked_by", "[" + i.linkedBy.map { "{\"story\": \(s($0.id)), \"status\": \(s($0.status))}" }.joined(separator: ", ") + "]"),
                ("links", "[" + i.links.map { "{\"observation\": \(s($0.id)), \"status\": \(s($0.status))}" }.joined(separator: ", ") + "]"),
            ]
            return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]"
    }
}
