import Synchronization

/// A number for each filter name met, in the order met (templates parsed, environments made), so
/// that applying a filter finds the environment's one at an index instead of hashing its name.
enum FilterNames {
    private static let numbers = Mutex<[String: Int]>([:])

    static func number(_ name: String) -> Int {
        numbers.withLock { known in
            if let n = known[name] { return n }
            let n = known.count
            known[name] = n
            return n
        }
    }

    /// `filters` at their names' numbers; nil where a number names no filter of theirs.
    static func table(_ filters: [String: Filter]) -> [Filter?] {
        guard !filters.isEmpty else { return [] }
        let placed = filters.map { (number($0.key), $0.value) }
        var table = [Filter?](repeating: nil, count: (placed.map(\.0).max() ?? 0) + 1)
        for (n, f) in placed { table[n] = f }
        return table
    }
}
