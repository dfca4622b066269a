import CivilTime
import Foundation
import Loading

/// The ways sources write a date, turned into a form the content reads: RFC 3339 and
/// `YYYY-MM-DD[ HH:MM[:SS]]` as they are; `MM/DD/YYYY[ hh:mm[:ss][ AM|PM]]` (Boston, Google Forms),
/// `20 Nov 2026` and `Nov 20, 2026` (also Spanish month names) as a local date or date-time; and an
/// e-mail's `Date:` header as RFC 3339.
enum LocalTime {
    static let months: [String: Int] = {
        var out: [String: Int] = [:]
        let english = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let spanish = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
        for (i, m) in english.enumerated() { out[m] = i + 1 }
        for (i, m) in spanish.enumerated() { out[m] = i + 1 }
        out["sept"] = 9
        return out
    }()

    /// The date as the content writes it, or nil when it is none of the accepted forms (or impossible).
    static func contentDate(_ raw: String) -> String? {
        let text = raw.trimmedText
        if case .success = ContentDate.parse(text, in: .gmt) { return text }
        let words = text.replacingOccurrences(of: ",", with: " ").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return nil }
        var date: CivilDate?
        var rest = words.dropFirst()
        let slashed = first.split(separator: "/").map(String.init)
        if slashed.count == 3, let m = Int(slashed[0]), let d = Int(slashed[1]), let y = Int(slashed[2]), y >= 1000 {
            date = CivilDate(year: y, month: m, day: d)
        } else if words.count >= 3, let d = Int(words[0]), let m = month(words[1]), let y = Int(words[2]) {
            date = CivilDate(year: y, month: m, day: d)
            rest = words.dropFirst(3)
        } else if words.count >= 3, let m = month(words[0]), let d = Int(words[1]), let y = Int(words[2]) {
            date = CivilDate(year: y, month: m, day: d)
            rest = words.dropFirst(3)
        } else if words.count >= 4, let d = Int(words[0]), words[1].lowercased() == "de", let m = month(words[2]) {
            // "20 de noviembre de 2026"
            let y = words.count >= 5 && words[3].lowercased() == "de" ? Int(words[4]) : Int(words[3])
            if let y { date = CivilDate(year: y, month: m, day: d) }
            rest = []
        }
        guard let date, (1900...2200).contains(date.year) else { return nil }
        guard let clock = rest.first else { return date.description }
        let parts = clock.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return date.description }
        var h = parts[0]!
        let m = parts[1]!, s = parts.count == 3 ? parts[2]! : 0
        if let half = rest.dropFirst().first?.uppercased() {
            if half == "PM", h < 12 { h += 12 }
            if half == "AM", h == 12 { h = 0 }
        }
        guard (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return date.description }
        return "\(date) \(two(h)):\(two(m)):\(two(s))"
    }

    static func month(_ word: String) -> Int? {
        let w = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard w.count >= 3 else { return nil }
        return months[String(w.prefix(w.hasPrefix("sept") ? 4 : 3))]
    }

    /// An e-mail's `Date:` (`Tue, 24 Nov 2026 18:02:11 -0500`) as RFC 3339, or nil.
    static func mailDate(_ raw: String) -> String? {
        var words = raw.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        if let first = words.first, Int(first) == nil { words.removeFirst() }  // the weekday
        guard words.count >= 4, let d = Int(words[0]), let m = month(words[1]), let y = Int(words[2]),
              let date = CivilDate(year: y, month: m, day: d) else { return nil }
        let parts = words[3].split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(parts.count), (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return nil }
        let seconds = parts.count == 3 ? max(0, min(parts[2], 59)) : 0
        var zone = "Z"
        if words.count >= 5 {
            let z = words[4]
            if (z.hasPrefix("+") || z.hasPrefix("-")), z.count == 5, let hh = Int(z.dropFirst().prefix(2)), let mm = Int(z.suffix(2)) {
                zone = hh == 0 && mm == 0 ? "Z" : "\(z.prefix(1))\(two(hh)):\(two(mm))"
            }
        }
        return "\(date)T\(two(parts[0])):\(two(parts[1])):\(two(seconds))\(zone)"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
