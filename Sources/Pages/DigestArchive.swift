import Assembly
import Liquid

/// The digests page's archive: years, then months, then weeks, newest first, each with what it holds.
/// Only weeks with published activity (and the current week) have a digest, so none is empty.
extension ViewModels {
    package func digestYears(_ digests: [Digest]) -> Value {
        var years: [(year: Int, months: [(title: String, items: [Digest])])] = []
        for d in digests.sorted(by: { $0.week > $1.week }) {
            let start = d.week.start
            let title = day(start, "month_year")
            if years.last?.year != start.year { years.append((start.year, [])) }
            if years[years.count - 1].months.last?.title == title {
                years[years.count - 1].months[years[years.count - 1].months.count - 1].items.append(d)
            } else {
                years[years.count - 1].months.append((title, [d]))
            }
        }
        func totals(_ items: [Digest]) -> [(String, Value)] {
            [("observation_count", .int(items.reduce(0) { $0 + $1.observations.count })),
             ("story_count", .int(items.reduce(0) { $0 + $1.stories.count })), ("digest_count", .int(items.count))]
        }
        return .array(years.map { y in
            .object(Object([("year", .int(y.year))] + totals(y.months.flatMap(\.items)) + [
                ("months", .array(y.months.map { m in
                    .object(Object([("title", .string(m.title))] + totals(m.items) + [("digests", .array(m.items.map { digest($0) }))]))
                })),
            ]))
        })
    }
}
