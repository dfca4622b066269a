/// "Did you mean": the known name closest to a misspelt one, for messages about unknown names
/// (categories, fields, ids, neighborhoods, commands, options).
public enum NearestName {
    /// The known name that `name` is a small slip from: the same apart from letter case, `_`/`-`/space,
    /// or (from 4 characters) within a third of its length in edits, at most 3; the closest, then
    /// the first, wins.
    public static func among(_ known: [String], near name: String) -> String? {
        let folded = fold(name)
        if let same = known.first(where: { fold($0) == folded }) { return same }
        // Short names only by case and separators: 'c2' is no slip of 'w2'.
        let limit = folded.count < 4 ? 0 : min(3, max(1, folded.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in known {
            let d = distance(Array(folded.utf8), Array(fold(candidate).utf8))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// `; did you mean 'x'?` for a name near one of `known`, else `otherwise` (often "; expected …").
    public static func hint(_ name: String, known: [String], otherwise: String = "") -> String {
        guard let near = among(known, near: name), near != name else { return otherwise }
        return "; did you mean \(quoted(near))?"
    }

    static func fold(_ s: String) -> String {
        String(s.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }

    /// Edits from `a` to `b` (insert, delete, replace, or swap two neighbors), for short names
    /// (longer ones are never near).
    public static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count < 64, b.count < 64 else { return Int.max }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
