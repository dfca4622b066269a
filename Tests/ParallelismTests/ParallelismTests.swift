import Dispatch
import Parallelism
import Testing

@Suite("Parallel work")
struct ParallelismTests {
    @Test("map keeps the order of its input whatever the number of threads")
    func order() {
        for workers in [1, 2, 3, 8] {
            #expect(Parallel.map(Array(0..<1000), workers: workers) { $0 * 2 } == (0..<1000).map { $0 * 2 })
        }
        #expect(Parallel.map([Int](), workers: 4) { $0 } == [])
        #expect(Parallel.map([1, 2, 3], workers: 2) { $0 == 2 ? nil : $0 } == [1, nil, 3])
    }

    @Test("a locked value counts every increment from many threads")
    func locked() {
        let count = Locked(0)
        Parallel.forEach(10_000, workers: 4) { _ in count.withLock { $0 += 1 } }
        #expect(count.value == 10_000)
    }

    @Test("work begun with start goes on while its caller does, and gives its results in input order")
    func start() {
        let gate = DispatchSemaphore(value: 0)
        // Item 1 waits for the caller: were it run on the caller's thread, it would time out.
        let running = Parallel.start(Array(0..<50), workers: 2) { i in
            if i == 1 { return gate.wait(timeout: .now() + 20) == .success ? 10 : -1 }
            return i * 10
        }
        gate.signal()
        #expect(running.wait() == (0..<50).map { $0 * 10 })
        #expect(running.wait() == (0..<50).map { $0 * 10 })
        #expect(Parallel.start([Int](), workers: 2) { $0 }.wait() == [])
    }

    struct Stop: Error, Equatable { let at: Int }

    @Test("a pipeline hands every result to its consumer in order, with one worker or more")
    func pipelineOrder() throws {
        for workers in [1, 2, 4] {
            var seen: [(Int, Int)] = []
            try Parallel.pipeline(100, workers: workers, make: { $0 * 3 }) { (k: Int, made: Int) throws(Stop) in seen.append((k, made)) }
            #expect(seen.map(\.0) == Array(0..<100))
            #expect(seen.map(\.1) == (0..<100).map { $0 * 3 })
        }
        var none = 0
        try Parallel.pipeline(0, workers: 2, make: { $0 }) { (_: Int, _: Int) throws(Stop) in none += 1 }
        #expect(none == 0)
    }

    @Test("with two workers, a pipeline makes the next result while its consumer takes the last")
    func pipelineOverlaps() throws {
        let started = DispatchSemaphore(value: 0)
        var overlapped: [Bool] = []
        try Parallel.pipeline(4, workers: 2, make: { k in
            if k > 0 { started.signal() }
            return k
        }) { (k: Int, _: Int) throws(Stop) in
            // Were the next result made only after this returns, the signal would never come.
            if k < 3 { overlapped.append(started.wait(timeout: .now() + 20) == .success) }
        }
        #expect(overlapped == [true, true, true])
    }

    @Test("a pipeline stops at its consumer's first error and makes at most one result more")
    func pipelineStops() {
        for workers in [1, 2] {
            let made = Locked<[Int]>([])
            var consumed: [Int] = []
            #expect(throws: Stop(at: 3)) {
                try Parallel.pipeline(10, workers: workers, make: { k in made.withLock { $0.append(k) }; return k }) { (k: Int, _: Int) throws(Stop) in
                    consumed.append(k)
                    if k == 3 { throw Stop(at: 3) }
                }
            }
            #expect(consumed == [0, 1, 2, 3])
            #expect(made.value.sorted() == Array(0...(workers > 1 ? 4 : 3)))
        }
    }
}
