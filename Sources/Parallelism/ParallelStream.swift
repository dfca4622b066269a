import Dispatch
import Foundation

extension Parallel {
    /// `body` of every item on `workers` threads (this one among them), while this thread hands each
    /// result to `take` in input order, as soon as it and those before it are done. At most `ahead`
    /// items are worked on or wait beyond the one being taken: memory stays bounded, and no thread
    /// pauses for the slowest item of a batch. Once `take` returns false, no item is begun and the
    /// rest are not taken.
    public static func stream<T: Sendable, R: Sendable>(_ items: [T], workers: Int, ahead: Int,
                                                        _ body: @escaping @Sendable (T) -> R, take: (Int, R) -> Bool) {
        precondition(ahead > 0, "stream needs room for one item ahead at least")
        let count = items.count
        if workers <= 1 || count <= 1 {
            for i in 0..<count {
                guard take(i, body(items[i])) else { return }
            }
            return
        }
        let flow = Flow<R>(ahead: ahead, count: count)
        for _ in 1..<min(workers, count) {
            DispatchQueue.global().async {
                // A thread the pool frees only once the stream is over finds nothing to do.
                guard flow.enter() else { return }
                while let i = flow.claim() { flow.deliver(i, body(items[i])) }
                flow.leave()
            }
        }
        // This thread works on the next item while the one it is to take next is not done.
        for i in 0..<count {
            var next = flow.resultOrItem(i)
            while case .item(let j) = next {
                flow.deliver(j, body(items[j]))
                next = flow.resultOrItem(i)
            }
            guard case .result(let result) = next, take(i, result) else { break }
        }
        // Waits for the threads that began, never for one the pool has not yet freed: this one
        // does the work when none is free.
        flow.end()
    }

    /// The items handed out, and the results waiting to be taken, in a ring of `ahead` places.
    final class Flow<R>: @unchecked Sendable {
        enum Next {
            case result(R)
            case item(Int)
        }

        private let condition = NSCondition()
        private var done: [R?]
        private let count: Int
        private var next = 0, taken = 0, stopped = false
        /// The other threads working, and whether the stream is over (no thread begins after).
        private var working = 0, ended = false
        /// Who sleeps, so that a thread is woken only when what it waits for happened.
        private var awaited: Int?, idleWorkers = 0

        init(ahead: Int, count: Int) {
            done = Array(repeating: nil, count: ahead)
            self.count = count
        }

        private var claimable: Bool { !stopped && next < count && next < taken + done.count }

        /// The next item to work on, once it is no more than `ahead` past the one being taken; nil
        /// when there are none left or the work stopped.
        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !claimable, !stopped, next < count {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            guard claimable else { return nil }
            next += 1
            return next - 1
        }

        func deliver(_ i: Int, _ result: R) {
            condition.lock()
            defer { condition.unlock() }
            done[i % done.count] = result
            if awaited == i { condition.broadcast() }
        }

        /// Item `i`'s result once it is done (every item before it was taken), or, while it is not,
        /// an item to work on meanwhile.
        func resultOrItem(_ i: Int) -> Next {
            condition.lock()
            defer { condition.unlock() }
            while done[i % done.count] == nil {
                if claimable {
                    next += 1
                    return .item(next - 1)
                }
                awaited = i
                condition.wait()
                awaited = nil
            }
            guard let result = done[i % done.count] else { preconditionFailure("a result went while it was waited for") }
            done[i % done.count] = nil
            taken = i + 1
            // A thread waiting for room is woken once half of it is free, not at every result taken.
            if idleWorkers > 0, next - taken <= done.count / 2 { condition.broadcast() }
            return .result(result)
        }

        /// Whether another thread may begin working: not once the stream is over.
        func enter() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard !ended else { return false }
            working += 1
            return true
        }

        func leave() {
            condition.lock()
            defer { condition.unlock() }
            working -= 1
            if working == 0 { condition.broadcast() }
        }

        /// No item is begun after this, and no thread; returns once those working are done.
        func end() {
            condition.lock()
            defer { condition.unlock() }
            stopped = true
            ended = true
            condition.broadcast()
            while working > 0 { condition.wait() }
        }
    }
}
