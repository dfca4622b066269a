import Foundation

/// Street names as people write them, made comparable: case, periods, `Avenue`/`Ave`,
/// `Street`/`St`, `West`/`W`, `Saint`/`St`, `Eleventh`/`11th`; and without the suffix and the
/// direction, for "Livernois" against "Livernois Ave".
enum StreetNames {
    static let suffixes: [String: String] = [
        "avenue": "ave", "ave": "ave", "av": "ave", "street": "st", "st": "st", "str": "st", "road": "rd", "rd": "rd",
        "drive": "dr", "dr": "dr", "boulevard": "blvd", "blvd": "blvd", "trail": "trl", "trl": "trl", "place": "pl", "pl": "pl",
        "court": "ct", "ct": "ct", "lane": "ln", "ln": "ln", "parkway": "pkwy", "pkwy": "pkwy", "highway": "hwy", "hwy": "hwy",
        "circle": "cir", "cir": "cir", "terrace": "ter", "ter": "ter", "square": "sq", "sq": "sq", "way": "way",
        "expressway": "expy", "expy": "fwy", "freeway": "fwy", "fwy": "fwy", "alley": "aly", "aly": "aly", "row": "row",
        "calle": "st", "avenida": "ave",
    ]
    static let directions: [String: String] = [
        "west": "w", "w": "w", "east": "e", "e": "e", "north": "n", "n": "n", "south": "s", "s": "s",
    ]
    static let ordinals: [String: String] = {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                     "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                     "nineteenth", "twentieth"]
        var out: [String: String] = [:]
        for (i, w) in words.enumerated() {
            let n = i + 1
            let tail = (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
            out[w] = "\(n)\(tail)"
        }
        return out
    }()

    /// The words of a name, each in its one spelling.
    static func words(_ name: String) -> [String] {
        let cleaned = name.lowercased().folding(options: .diacriticInsensitive, locale: nil)
            .replacingOccurrences(of: ".", with: "").replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
        var words = cleaned.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        for (i, w) in words.enumerated() {
            if let d = directions[w], i == 0 || i == words.count - 1, words.count > 1 { words[i] = d; continue }
            if let o = ordinals[w] { words[i] = o; continue }
            if w == "saint" { words[i] = "st"; continue }
            if i == words.count - 1, i > 0, let s = suffixes[w] { words[i] = s }
        }
        return words
    }

    /// The whole name, comparable.
    static func key(_ name: String) -> String { words(name).joined(separator: " ") }

    /// The name without its direction and suffix: "w mcnichols rd" → "mcnichols".
    static func core(_ name: String) -> String {
        var w = words(name)
        if w.count > 1, let last = w.last, suffixes.values.contains(last) { w.removeLast() }
        if w.count > 1, let first = w.first, directions.values.contains(first) { w.removeFirst() }
        if w.count > 1, let last = w.last, directions.values.contains(last) { w.removeLast() }
        return w.joined(separator: " ")
    }

    /// The direction written (`w`), if any.
    static func direction(_ name: String) -> String? {
        let w = words(name)
        guard w.count > 1 else { return nil }
        if let first = w.first, directions.values.contains(first) { return first }
        if let last = w.last, directions.values.contains(last) { return last }
        return nil
    }

    /// Levenshtein distance, for "did you mean"; names longer than 64 bytes are far from everything.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count < 64, y.count < 64 else { return Int.max }
        var previous = Array(0...y.count)
        for (i, p) in x.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: y.count)
            for (j, q) in y.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (p == q ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
