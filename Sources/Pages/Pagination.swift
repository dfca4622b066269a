import Liquid

/// A list cut into numbered pages: page 1 at the list's own path, page N at `<folder>/page/N/index.html`,
/// and what each page's pager shows (previous, next, and a window of page links).
package struct Pagination {
    /// `observations`, `stories`.
    package let folder: String
    package let pageCount: Int

    package init(folder: String, items: Int, pageSize: Int) {
        self.folder = folder
        pageCount = max(1, (items + pageSize - 1) / pageSize)
    }

    /// The pages a page links to: the first two, the last two, and two on each side of itself.
    package static func window(_ page: Int, of count: Int) -> [Int] {
        Set([1, 2, count - 1, count] + Array((page - 2)...(page + 2))).filter { (1...count).contains($0) }.sorted()
    }

    package func path(_ number: Int) -> String { number == 1 ? folder + "/index.html" : "\(folder)/page/\(number)/index.html" }

    /// `pagination` as templates see it on page `number`.
    package func value(_ number: Int) -> Value {
        let window = Self.window(number, of: pageCount)
        return .object(Object([
            ("page", .int(number)), ("pages", .int(pageCount)),
            ("previous_url", number > 1 ? .string(path(number - 1)) : .nil),
            ("next_url", number < pageCount ? .string(path(number + 1)) : .nil),
            ("links", .array(window.map { n in
                .object(Object([("number", .int(n)), ("url", .string(path(n))), ("current", .bool(n == number)),
                                ("gap_before", .bool(n > 1 && !window.contains(n - 1)))]))
            })),
        ]))
    }
}
