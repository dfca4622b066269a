import Assembly
import Liquid
import Loading

/// The observation index in pages of at most `pageSize` reports: grouped by category (in `site.yml`
/// order), newest first within each; a category that runs over a page break goes on, marked
/// "continued", on the next. Page 1 is `observations/index.html`, page N `observations/page/N/index.html`.
package struct ObservationPages {
    package static let pageSize = 200

    package let hood: NeighborhoodSite
    package let models: ViewModels

    package struct Page {
        var number: Int
        var path: String
        var variables: [(String, Value)]
    }

    package static func path(_ number: Int) -> String { Pagination(folder: "observations", items: 0, pageSize: 1).path(number) }

    package func pages() -> [Page] {
        var ordered: [(category: String, items: [Observation])] = []
        for c in models.site.categories {
            let items = hood.observations.filter { $0.category == c.key }
            if !items.isEmpty { ordered.append((c.key, items.reversed())) }
        }
        let flat = ordered.flatMap { g in g.items.map { (g.category, $0) } }
        let pager = Pagination(folder: "observations", items: flat.count, pageSize: Self.pageSize)
        let count = pager.pageCount
        // Where each category starts, for the list at the top of every page.
        var starts: [(String, Int, Int)] = []
        var seen = 0
        for g in ordered {
            starts.append((g.category, g.items.count, seen / Self.pageSize + 1))
            seen += g.items.count
        }
        let categories: Value = .array(starts.map { key, n, page in
            .object(Object([("category", models.category(key)), ("count", .int(n)), ("url", .string(Self.path(page) + "#cat-" + key))]))
        })
        return (1...count).map { number in
            let slice = flat.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize)
            var groups: [Value] = []
            var current: (key: String, items: [Value], continued: Bool)?
            func close() {
                guard let c = current else { return }
                let total = ordered.first { $0.category == c.key }?.items.count ?? c.items.count
                groups.append(.object(Object([("category", models.category(c.key)), ("count", .int(total)),
                                              ("continued", .bool(c.continued)), ("observations", .array(c.items))])))
            }
            for (index, (key, o)) in zip(slice.indices, slice) {
                if current?.key != key {
                    close()
                    let continued = index > 0 && flat[index - 1].0 == key
                    current = (key, [], continued)
                }
                current?.items.append(models.observationValues[o.id] ?? models.observation(o))
            }
            close()
            return Page(number: number, path: Self.path(number), variables: [
                ("groups", .array(groups)), ("total", .int(flat.count)), ("categories", categories), ("pagination", pager.value(number)),
            ])
        }
    }
}
