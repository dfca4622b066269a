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

@Suite("Parallel work until enough counts")
struct ParallelPrefixTests {
    @Test("mapUntil gives a run of items in order, from where it is asked to start")
    func runInOrder() {
        for workers in [1, 2, 3, 8] {
            let (end, results) = Parallel.mapUntil(Array(0..<1000), from: 10, limit: .max, workers: workers, counts: { _ in true }) { $0 * 2 }
            #expect(end == 1000)
            #expect(results == (10..<1000).map { $0 * 2 })
        }
        #expect(Parallel.mapUntil([Int](), from: 0, limit: 5, workers: 2, counts: { _ in true }) { $0 }.end == 0)
        #expect(Parallel.mapUntil([1, 2], from: 2, limit: 5, workers: 2, counts: { _ in true }) { $0 }.results.isEmpty)
    }

    @Test("mapUntil stops soon after the limit of results that count, and passes over those that do not")
    func stopsAtTheLimit() {
        for workers in [1, 2, 4] {
            // Every tenth item counts: 64 of them are reached at item 630 at the earliest.
            let items = Array(0..<10_000)
            var start = 0, runs = 0, all: [Int] = []
            while start < items.count {
                let (end, results) = Parallel.mapUntil(items, from: start, limit: 64, workers: workers, counts: { $0 % 10 == 0 }) { $0 }
                let counted = results.filter { $0 % 10 == 0 }.count
                #expect(end > start)
                #expect(results == Array(start..<end))
                #expect(counted <= 64 + workers - 1)
                if end < items.count { #expect(counted >= 64) }
                all += results
                start = end
                runs += 1
            }
            #expect(all == items)
            #expect(runs >= 10_000 / 10 / (64 + workers - 1))
        }
    }
}
