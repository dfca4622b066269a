import Dispatch

/// Work spread over a fixed number of threads, with results in input order.
public enum Parallel {
    /// `body` of every item, on `workers` threads; results in the order of `items`.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ body: @Sendable (T) -> R) -> [R] {
        let count = items.count
        guard count > 0 else { return [] }
        let n = max(1, min(workers, count))
        if n == 1 { return items.map(body) }
        let slots = Locked([R?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            var mine: [(Int, R)] = []
            var i = worker
            while i < count {
                mine.append((i, body(items[i])))
                i += n
            }
            let done = mine
            slots.withLock { s in for (i, r) in done { s[i] = r } }
        }
        return slots.value.compactMap { $0 }
    }

    /// Runs `body` for every index in `0..<count` on `workers` threads.
    public static func forEach(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let n = max(1, min(workers, count))
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            var i = worker
            while i < count {
                body(i)
                i += n
            }
        }
    }
}
