import Assembly
import Liquid
import Loading

/// The observation index in pages of at most `pageSize` reports: grouped by category (in `site.yml`
/// order), newest first within each; a category that runs over a page break goes on, marked
/// "continued", on the next. Page 1 is `observations/index.html`, page N `observations/page/N/index.html`.
struct ObservationPages {
    static let pageSize = 200

    let hood: NeighborhoodSite
    let models: ViewModels

    struct Page {
        var number: Int
        var path: String
        var variables: [(String, Value)]
    }

    /// The pages a page links to: the first two, the last two, and two on each side of itself.
    static func window(_ page: Int, of count: Int) -> [Int] {
        Set([1, 2, count - 1, count] + Array((page - 2)...(page + 2))).filter { (1...count).contains($0) }.sorted()
    }

    static func path(_ number: Int) -> String { number == 1 ? Routes.observations : "observations/page/\(number)/index.html" }

    func pages() -> [Page] {
        var ordered: [(category: String, items: [Observation])] = []
        for c in models.site.categories {
            let items = hood.observations.filter { $0.category == c.key }
            if !items.isEmpty { ordered.append((c.key, items.reversed())) }
        }
        let flat = ordered.flatMap { g in g.items.map { (g.category, $0) } }
        let count = max(1, (flat.count + Self.pageSize - 1) / Self.pageSize)
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
            let pagination = Object([
                ("page", .int(number)), ("pages", .int(count)),
                ("previous_url", number > 1 ? .string(Self.path(number - 1)) : .nil),
                ("next_url", number < count ? .string(Self.path(number + 1)) : .nil),
                ("links", .array(Self.window(number, of: count).map { n in
                    .object(Object([("number", .int(n)), ("url", .string(Self.path(n))), ("current", .bool(n == number)),
                                    ("gap_before", .bool(n > 1 && !Self.window(number, of: count).contains(n - 1)))]))
                })),
            ])
            return Page(number: number, path: Self.path(number), variables: [
                ("groups", .array(groups)), ("total", .int(flat.count)), ("categories", categories), ("pagination", .object(pagination)),
            ])
        }
    }
}
