import Assembly
import Escaping
import Loading
import Pages
import Rendering
import Markdown

/// The search page's index: a small script (`search/index.js`) that sets one array of entries,
/// each `[kind, url, title, detail, words]`, with urls relative to the search page. A script rather
/// than JSON, so that it loads from disk too (`file://` forbids fetching JSON). It holds the newest
/// `searchReportLimit` reports.
extension ViewModels {
    package func searchIndex() -> [UInt8] {
        var entries: [(kind: String, url: String, title: String, detail: String, words: String)] = []
        let up = "../"
        for s in hood.stories where !s.isDraft {
            entries.append(("s", up + Routes.story(s.story.slug), s.story.title, s.story.date.map { longDate($0.day) } ?? "",
                            Excerpt.of(s.story.body, limit: 160)))
        }
        for c in hood.coalitions {
            entries.append(("c", up + Routes.coalition(c.coalition.slug), c.coalition.name, c.coalition.meets ?? "",
                            Excerpt.of(c.coalition.about, limit: 160)))
        }
        for e in hood.events {
            entries.append(("e", up + Routes.event(e.slug), e.title, longDate(e.start.day) + (e.location.map { t("list_separator") + $0 } ?? ""),
                            Excerpt.of(e.body, limit: 120)))
        }
        for o in hood.observations.reversed().prefix(Self.searchReportLimit) {
            let label = site.category(o.category)?.label ?? o.category
            // The excerpt its view model holds already (rendered once per build).
            var words = ""
            if case .object(let value) = observation(o), case .string(let excerpt)? = value["excerpt"] { words = excerpt }
            entries.append(("o", up + Routes.observation(o.id), title(o), label + t("list_separator") + longDate(o.observed.day), words))
        }
        var out = Array("// The search index of \(Escape.jsonText(hood.name)): [kind, url, title, detail, words].\n".utf8)
        out += "window.COMMONSIGHT_SEARCH = [\n".utf8
        out.reserveCapacity(entries.count * 300)
        for (n, e) in entries.enumerated() {
            if n > 0 { out += ",\n".utf8 }
            out.append(UInt8(ascii: "["))
            for (k, field) in [e.kind, e.url, e.title, e.detail, e.words].enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                Escape.json(field, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out += "\n];\n".utf8
        return out
    }
}
