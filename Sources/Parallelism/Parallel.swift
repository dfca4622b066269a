import Dispatch
import Synchronization

/// Work spread over a fixed number of threads, with results in input order.
public enum Parallel {
    /// `body` of every item, on `workers` threads; results in the order of `items`.
    @inlinable public static func map<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ body: @Sendable (T) -> R) -> [R] {
        let count = items.count
        guard count > 0 else { return [] }
        let n = max(1, min(workers, count))
        if n == 1 { return items.map(body) }
        let slots = Locked([R?](repeating: nil, count: count))
        // Each thread takes the next item when it is done with its last: a slow item holds up no other.
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: n) { _ in
            var mine: [(Int, R)] = []
            while case let i = next.take(), i < count {
                mine.append((i, body(items[i])))
            }
            let done = mine
            slots.withLock { s in for (i, r) in done { s[i] = r } }
        }
        return slots.value.compactMap { $0 }
    }

    /// `first` on another thread while `second` runs on this one; both results once both are done.
    /// Not `parallel` (one job only): `first`, then `second`, on this thread. When no thread has
    /// begun `first` by the time `second` is done (every thread of the pool busy), this one runs it:
    /// it never waits for a thread to be free.
    public static func both<A: Sendable, B, E: Error>(parallel: Bool = true, _ first: @escaping @Sendable () -> A,
                                                      _ second: () throws(E) -> B) throws(E) -> (A, B) {
        if !parallel {
            let a = first()
            return (a, try second())
        }
        let result = Locked<A?>(nil)
        // 0: not begun; 1: begun by the other thread; 2: taken back by this one.
        let begun = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            guard begun.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
            let a = first()
            result.withLock { $0 = a }
            done.signal()
        }
        let b: Result<B, E>
        do throws(E) { b = .success(try second()) } catch { b = .failure(error) }
        // Taken back: run here, unless `second` failed (then its result would not be used).
        if begun.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged {
            let value = try b.get()
            return (first(), value)
        }
        done.wait()
        let value = try b.get()
        guard let a = result.value else { preconditionFailure("the other thread signaled before it stored its result") }
        return (a, value)
    }

    /// The next index to work on, shared by the threads of one `map`.
    public final class Counter: Sendable {
        let value = Atomic<Int>(0)
        public init() {}
        /// The next index (each is given once).
        public func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// Runs `body` for every index in `0..<count` on `workers` threads.
    @inlinable public static func forEach(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
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
