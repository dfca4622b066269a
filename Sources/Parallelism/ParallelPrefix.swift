import Dispatch
import Synchronization

extension Parallel {
    /// `body` of the items from `start` on, on `workers` threads, until `limit` results have
    /// `counts` true (or the items end): the results of a run of items (`start..<end`), in order.
    /// Each thread takes the next item when it is done with its last and takes none once the limit
    /// is reached, so at most `limit + workers - 1` results count. A caller that holds only the
    /// results that count (rendered pages, not pages found unchanged) bounds its memory without
    /// stopping every few items for the slowest.
    public static func mapUntil<T: Sendable, R: Sendable>(_ items: [T], from start: Int, limit: Int, workers: Int,
                                                       counts: @Sendable (R) -> Bool,
                                                       _ body: @Sendable (T) -> R) -> (end: Int, results: [R]) {
        precondition(limit > 0 && start >= 0, "mapUntil needs a limit above 0 and a start of 0 or more")
        let count = items.count
        guard start < count else { return (count, []) }
        let n = max(1, workers)
        let next = Atomic<Int>(start)
        let counted = Atomic<Int>(0)
        let taken = Locked<[(Int, R)]>([])
        DispatchQueue.concurrentPerform(iterations: n) { _ in
            var mine: [(Int, R)] = []
            while counted.load(ordering: .acquiring) < limit {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < count else { break }
                let r = body(items[i])
                if counts(r) { counted.wrappingAdd(1, ordering: .acquiringAndReleasing) }
                mine.append((i, r))
            }
            let done = mine
            taken.withLock { $0 += done }
        }
        // Every index taken below `count` was done: they are `start..<end`, with no gap.
        let end = min(next.load(ordering: .relaxed), count)
        var results = [R?](repeating: nil, count: end - start)
        for (i, r) in taken.value { results[i - start] = r }
        return (end, results.map { $0! })
    }
}
