import Dispatch
import Foundation
import Glibc
import Synchronization
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

    @Test("both gives both results, and runs its first part itself when no thread of the pool is free to")
    func both() {
        #expect(Parallel.both({ 1 }) { 2 } == (1, 2))
        #expect(Parallel.both(parallel: false, { 1 }) { 2 } == (1, 2))
        let pool = BusyPool()
        let here = pthread_self()
        let (ranHere, _) = Parallel.both({ pthread_equal(pthread_self(), here) != 0 }) { 0 }
        pool.free()
        #expect(ranHere)
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

/// Every thread of the shared pool kept waiting (tasks that wait are added until one is not begun)
/// until `free`, or until 10 s have passed, so that a test that waits for the pool fails, not hangs.
final class BusyPool: Sendable {
    private let release = DispatchSemaphore(value: 0), freed = DispatchSemaphore(value: 0)
    private let waiting: Int

    init() {
        let begun = DispatchSemaphore(value: 0)
        var waiting = 0
        repeat {
            DispatchQueue.global().async { [release] in
                begun.signal()
                release.wait()
            }
            waiting += 1
        } while waiting < 256 && begun.wait(timeout: .now() + 0.2) == .success
        self.waiting = waiting
        Thread.detachNewThread { [release, freed, waiting] in
            if freed.wait(timeout: .now() + 10) == .timedOut { for _ in 0..<waiting { release.signal() } }
        }
    }

    func free() {
        for _ in 0..<waiting { release.signal() }
        freed.signal()
    }
}

@Suite("Parallel work handed over in order")
struct ParallelStreamTests {
    /// Every result `stream` handed over, in the order it did.
    func taken(_ items: [Int], workers: Int, ahead: Int, _ body: @escaping @Sendable (Int) -> Int) -> [Int] {
        var taken: [Int] = []
        Parallel.stream(items, workers: workers, ahead: ahead, body) { i, r in
            #expect(i == taken.count)
            taken.append(r)
            return true
        }
        return taken
    }

    @Test("stream hands over every result in the order of its input, whatever the threads and the room ahead")
    func order() {
        for workers in [1, 2, 3, 8] {
            for ahead in [1, 2, 64] {
                #expect(taken(Array(0..<1000), workers: workers, ahead: ahead) { $0 * 2 } == (0..<1000).map { $0 * 2 })
            }
        }
        #expect(taken([], workers: 2, ahead: 4) { $0 }.isEmpty)
        #expect(taken([7], workers: 2, ahead: 4) { $0 } == [7])
    }

    @Test("stream never begins an item more than its room ahead of the result being taken")
    func bounded() {
        for workers in [2, 4] {
            let handed = Atomic<Int>(0), furthest = Atomic<Int>(0)
            Parallel.stream(Array(0..<5000), workers: workers, ahead: 16, { i in
                furthest.max(i - handed.load(ordering: .acquiring), ordering: .relaxed)
                return i
            }) { _, _ in
                handed.add(1, ordering: .releasing)
                return true
            }
            #expect(furthest.load(ordering: .relaxed) <= 16)
            #expect(handed.load(ordering: .relaxed) == 5000)
        }
    }

    @Test("a slow item holds up no other thread: they go on past it while it runs")
    func slowItem() {
        let later = DispatchSemaphore(value: 0)
        // Item 0 waits until item 40 is done; were the others to wait for it, it would time out.
        let results = taken(Array(0..<200), workers: 2, ahead: 64) { i in
            if i == 0 { return later.wait(timeout: .now() + 20) == .success ? 0 : -1 }
            if i == 40 { later.signal() }
            return i
        }
        #expect(results == Array(0..<200))
    }

    @Test("stream does all the work itself when no thread of the pool is free, and does not wait for one")
    func busyPool() {
        let pool = BusyPool()
        let start = DispatchTime.now().uptimeNanoseconds
        let results = taken(Array(0..<100), workers: 4, ahead: 8) { $0 + 1 }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        pool.free()
        #expect(results == Array(1...100))
        // A hundred additions take microseconds; the pool adds a thread for work that waits only
        // after a second or more (a stream that waited for its threads took 1.8 s here).
        #expect(seconds < 1)
    }

    @Test("once a result is refused, no item is begun past the room ahead, and none is handed over")
    func stops() {
        for workers in [1, 2, 3] {
            let begun = Atomic<Int>(0)
            var handed: [Int] = []
            Parallel.stream(Array(0..<10_000), workers: workers, ahead: 8, { i in
                begun.add(1, ordering: .relaxed)
                return i
            }) { i, _ in
                handed.append(i)
                return i < 99
            }
            #expect(handed == Array(0...99))
            #expect(begun.load(ordering: .relaxed) <= 100 + 8)
        }
    }
}
