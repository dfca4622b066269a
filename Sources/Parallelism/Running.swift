import Dispatch

/// Work begun on threads of its own, whose results are asked for later.
public final class Running<R: Sendable>: Sendable {
    private let result = Locked<R?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init() {}

    func finish(_ value: R) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The results, once the work is done; waits for it (and may be asked again).
    public func wait() -> R {
        done.wait()
        done.signal()
        guard let value = result.value else { preconditionFailure("the work signaled before it stored its result") }
        return value
    }
}

extension Parallel {
    /// `body` of every item, begun now on `workers` threads of their own (not the shared pool, so that
    /// work waiting on other programs never holds a thread that `map` needs); results in input order.
    public static func start<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ body: @escaping @Sendable (T) -> R) -> Running<[R]> {
        let running = Running<[R]>()
        let count = items.count
        guard count > 0 else {
            running.finish([])
            return running
        }
        let n = max(1, min(workers, count))
        let slots = Locked([R?](repeating: nil, count: count)), next = Counter(), working = Locked(n)
        for worker in 0..<n {
            // A serial queue of its own gets a thread even when the shared pool is busy.
            DispatchQueue(label: "commonsight.start.\(worker)").async {
                while case let i = next.take(), i < count {
                    let r = body(items[i])
                    slots.withLock { $0[i] = r }
                }
                let last = working.withLock { n -> Bool in
                    n -= 1
                    return n == 0
                }
                if last { running.finish(slots.value.compactMap { $0 }) }
            }
        }
        return running
    }
}
