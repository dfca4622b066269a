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
}
