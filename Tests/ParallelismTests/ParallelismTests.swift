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
}
