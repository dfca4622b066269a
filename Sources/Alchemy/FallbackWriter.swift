import CivilTime
import ContentFields
import Loading

/// The hand-made draft: written from the facts alone, the same bytes for the same facts, in the
/// manner of the sample's stories: what was reported, when and where, the residents' own words,
/// who works on it, and what to do.
public enum FallbackWriter {
    public static func draft(_ f: StoryFacts, check: GroundingCheck) -> DraftText {
        DraftText(title: title(f), narrative: narrative(f, check: check), callToAction: f.callToAction, tags: tags(f))
    }

    static func reports(_ n: Int) -> String { n == 1 ? "1 report" : "\(n) reports" }

    /// What the reports are about, inside a sentence: "illegal parking", "speeding and stop sign running".
    static func subject(_ f: StoryFacts) -> String {
        Words.list(f.counts.prefix(3).map { Words.lowerFirst(f.labels[$0.key] ?? $0.key) })
    }

    /// The span for a title: "in May 2024", "from March to June 2024", "from 2023 to 2024".
    static func titleSpan(_ f: StoryFacts) -> String {
        let a = f.first, b = f.last
        if a.year == b.year && a.month == b.month { return "in \(b.monthName) \(b.year)" }
        if a.year == b.year { return "from \(a.monthName) to \(b.monthName) \(b.year)" }
        return "from \(a.year) to \(b.year)"
    }

    static func title(_ f: StoryFacts) -> String {
        let labels = f.counts.map { f.labels[$0.key] ?? $0.key }
        let what: String
        switch labels.count {
        case 0: what = "Reports"
        case 1: what = labels[0]
        case 2: what = labels[0] + " and " + Words.lowerFirst(labels[1])
        default: what = labels[0] + " and more"
        }
        let n = reports(f.count)
        let candidates = [
            "\(what) \(f.place.short): \(n) \(titleSpan(f))",
            "\(what) \(f.place.short): \(n)",
            "\(what): \(n) \(titleSpan(f))",
            "\(what): \(n)",
            "\(labels.first ?? "Reports"): \(n)",
        ]
        return candidates.first { Words.count($0) <= GroundingCheck.titleWords } ?? "\(n) \(titleSpan(f))"
    }

    static func tags(_ f: StoryFacts) -> [String] {
        var out = f.counts.prefix(3).map(\.key).filter(Identifiers.isSlug)
        let keys = Set(f.labels.keys)
        for word in f.coalition?.focus ?? [] where !keys.contains(word) && Identifiers.isSlug(word) && !out.contains(word) && out.count < 5 {
            out.append(word)
        }
        return out.isEmpty ? ["neighborhood-reports"] : out
    }

    /// Up to `limit` short quotations of the residents, newest first: a first paragraph of 20 to 180
    /// characters (400 for a single report), with nothing redacted in it and nothing the grounding
    /// check would refuse.
    static func quotes(_ f: StoryFacts, check: GroundingCheck, limit: Int = 2) -> [String] {
        var out: [String] = []
        // A single report may be quoted at more length: it is the whole story.
        let longest = f.count == 1 ? 400 : 180
        for r in f.reports.reversed() where out.count < limit {
            let q = r.firstParagraph.trimmingCharacters(in: .whitespaces)
            guard (20...longest).contains(q.count), !q.contains("["), !q.contains("]"), !out.contains(q),
                  check.problems(in: q, field: "quote", ownLower: []).isEmpty else { continue }
            out.append(q)
        }
        return out
    }

    /// What, when and where, in the facts' own words: "Between May 1 and May 20, 2024, neighbors in
    /// Testville filed 6 reports about speeding from the blocks near Pickford St and Wyoming St."
    static func opening(_ f: StoryFacts) -> String {
        let n = f.count
        let (from, to) = Words.span(f.first, f.last)
        let inHood = f.place.phrase.contains(f.neighborhood) ? "" : " in \(f.neighborhood)"
        var opening: String
        let multi = f.counts.count > 1
        let about = multi ? "" : " about \(subject(f))"
        if n == 1 {
            opening = "On \(Words.longDate(f.first)), a neighbor\(inHood) filed a report\(about) from the blocks \(f.place.phrase)."
        } else if f.first == f.last {
            opening = "On \(Words.longDate(f.first)), neighbors\(inHood) filed \(reports(n))\(about) from the blocks \(f.place.phrase)."
        } else {
            opening = "Between \(from) and \(to), neighbors\(inHood) filed \(reports(n))\(about) from the blocks \(f.place.phrase)."
        }
        if multi {
            let parts = f.counts.map { "\($0.count) about \(Words.lowerFirst(f.labels[$0.key] ?? $0.key))" }
            opening.removeLast()
            opening += ": " + Words.list(parts) + "."
        }
        if let busiest = Words.busiest(f) {
            opening += " \(busiest.period) was the busiest \(busiest.isYear ? "year" : "month"), with \(busiest.count) of them."
        } else if n > 1, f.first != f.last, f.first.year == f.last.year, f.first.month == f.last.month {
            opening += " All of them came in \(f.last.monthName) \(f.last.year)."
        }
        return opening
    }

    /// Plain sentences, true of any such group, added in this order until a story is long enough.
    static func padding(_ f: StoryFacts, quoted: Bool) -> [String] {
        let n = f.count
        let describe = n == 1 ? "what the report describes" : "what the reports describe"
        let these = n == 1 ? "this report" : "these reports"
        return [
            n > 1 && f.first != f.last ? "The first report came on \(Words.longDate(f.first)) and the latest on \(Words.longDate(f.last))." : "",
            quoted ? ""
                : f.reports.contains(where: { !$0.text.isEmpty })
                ? (n == 1 ? "The resident's own words are on the report's page, linked below." : "The residents' own words are on the reports' pages, linked below.")
                : (n == 1 ? "The report came without a written comment, so its date and place carry the story."
                    : "None of these reports came with a written comment, so the dates and the places carry the story."),
            n == 1 ? "This draft starts from a single report. One report is a beginning, not yet a pattern: before publishing, "
                + "look for others like it nearby, and ask the neighbors on these blocks whether they have seen the same thing." : "",
            n >= 3 ? "Read side by side, they show the same problem coming back to the same few blocks." : "",
            f.coalition == nil ? "No coalition in \(f.neighborhood) works on \(subject(f)) yet; \(these) could be the reason to start one." : "",
            "If you live nearby and have seen the same thing, add your own report: every new one makes the pattern harder to ignore.",
            "Before anything is decided, it is worth walking these blocks together and seeing \(describe).",
            "What matters now is whether the people who live and work on these blocks recognize \(describe), and what they would change first.",
        ].filter { !$0.isEmpty }
    }

    static func narrative(_ f: StoryFacts, check: GroundingCheck) -> String {
        let n = f.count
        let opening = opening(f)
        let quotes = quotes(f, check: check)
        var labels: [String] = []
        var labelCounts: [String: Int] = [:]
        for r in f.reports { labelCounts[r.location, default: 0] += 1 }
        for r in f.reports.reversed() where !labels.contains(r.location) { labels.append(r.location) }
        labels = labels.enumerated().sorted { a, b in
            let ca = labelCounts[a.element] ?? 0, cb = labelCounts[b.element] ?? 0
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        var streetTally: [String: Int] = [:]
        for r in f.reports { for s in r.streets { streetTally[s, default: 0] += 1 } }
        // Streets near the reports that the opening sentence has not named yet.
        let others = streetTally.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
            .filter { !f.place.names.contains($0) }.prefix(2)
        let phrases = labels.map(PlaceNamer.phrase(forLabel:)).filter { $0 != f.place.phrase }

        var whereSentence = ""
        if !others.isEmpty, n > 2 {
            whereSentence = "A few of them lie nearer \(Words.list(Array(others)))."
        } else if labels.count == 1, n > 1, let only = phrases.first {
            whereSentence = "Every one of them was placed \(only)."
        } else if labels.count > 1, !phrases.isEmpty {
            whereSentence = "Residents placed them \(Words.list(labels.prefix(3).map(PlaceNamer.phrase(forLabel:))))."
        }

        var closing = n == 1
            ? "It is one neighbor's account, written down so that others could see it."
            : "Each report is a neighbor who took the time to write it down; together they show where to start."
        if let c = f.coalition {
            closing += " \(c.name) works on \(subject(f)), and \(n == 1 ? "this report gives" : "these reports give") it something concrete to bring to the people who can fix it."
        }

        let padding = padding(f, quoted: !quotes.isEmpty)

        func assemble(quotes: [String], whereSentence: String, extra: Int) -> String {
            var paragraphs = [opening]
            if !quotes.isEmpty {
                paragraphs.append("In their own words:")
                paragraphs += quotes.map { "> " + $0 }
            }
            var middle = whereSentence
            for sentence in padding.prefix(extra) { middle += (middle.isEmpty ? "" : " ") + sentence }
            if !middle.isEmpty { paragraphs.append(middle) }
            paragraphs.append(closing)
            return paragraphs.joined(separator: "\n\n")
        }
        let range = GroundingCheck.narrativeWords
        // Shortest first: add the plain sentences one by one until the story is long enough; if the
        // quotations make it too long, fewer of them.
        for q in stride(from: quotes.count, through: 0, by: -1) {
            for extra in 0...padding.count {
                let text = assemble(quotes: Array(quotes.prefix(q)), whereSentence: whereSentence, extra: extra)
                let words = Words.count(text)
                if range.contains(words) { return text }
                if words > range.upperBound { break }
            }
        }
        return assemble(quotes: [], whereSentence: "", extra: padding.count)
    }
}
