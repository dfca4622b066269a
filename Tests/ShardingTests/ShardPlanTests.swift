import TestSupport
import Testing
@testable import Sharding

/// Sizes that look like a city's: most neighborhoods alike, a few ten times larger (deterministic).
func city(_ count: Int, seed: UInt64 = 1, prefix: String = "hood") -> [ShardPlan.Item] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { i in
        let r = random.unit()
        let size = r < 0.05 ? 40_000 + Int(r * 400_000) : 2_000 + Int(r * 8_000)
        return (slug: "\(prefix)-\(i)", size: size)
    }
}

func loads(_ items: [ShardPlan.Item], _ shards: [Int], count: Int) -> [Int] {
    var out = [Int](repeating: 0, count: count)
    for (item, s) in zip(items, shards) { out[s] += max(item.size, 1) }
    return out
}

/// Greedy bin packing by size (largest first onto the lightest shard): the balanced but unstable plan.
func greedy(_ items: [ShardPlan.Item], count: Int) -> [String: Int] {
    var load = [Int](repeating: 0, count: count)
    var out: [String: Int] = [:]
    for item in items.sorted(by: { ($0.size, $1.slug) > ($1.size, $0.slug) }) {
        let s = load.indices.min { load[$0] < load[$1] }!
        load[s] += item.size
        out[item.slug] = s
    }
    return out
}

func moved(_ before: [ShardPlan.Item], added: ShardPlan.Item, count: Int) -> Int {
    let a = Dictionary(uniqueKeysWithValues: zip(before.map(\.slug), ShardPlan.assign(before, count: count)))
    let after = before + [added]
    let b = Dictionary(uniqueKeysWithValues: zip(after.map(\.slug), ShardPlan.assign(after, count: count)))
    return before.filter { a[$0.slug] != b[$0.slug] }.count
}

@Suite("Shard assignment")
struct ShardPlanTests {
    @Test("every neighborhood is in exactly one shard, the same whatever order they are listed in")
    func partition() {
        let items = city(50)
        for count in 1...6 {
            let shards = ShardPlan.assign(items, count: count)
            #expect(shards.allSatisfy { (0..<count).contains($0) })
            let union = (0..<count).flatMap { ShardPlan.slugs(of: $0, items, count: count) }
            #expect(union.sorted() == items.map(\.slug).sorted())
            let reversed = Array(items.reversed())
            let again = Dictionary(uniqueKeysWithValues: zip(reversed.map(\.slug), ShardPlan.assign(reversed, count: count)))
            #expect(items.indices.allSatisfy { again[items[$0].slug] == shards[$0] })
        }
    }

    @Test("one shard holds everything; more shards than neighborhoods leaves some empty")
    func edges() {
        let items = city(3)
        #expect(ShardPlan.assign(items, count: 1) == [0, 0, 0])
        let shards = ShardPlan.assign(items, count: 8)
        #expect(Set(shards).count <= 3)
        #expect((0..<8).filter { ShardPlan.slugs(of: $0, items, count: 8).isEmpty }.count >= 5)
        #expect(ShardPlan.assign([], count: 4) == [])
    }

    @Test("the hash is the same on every machine and run (fixed values)")
    func fixedHash() {
        // FNV-1a + SplitMix64 finalizer: these values must never change, or shards of one build would disagree
        // between two versions of the program.
        #expect(ShardPlan.hash("") == 0xf52a_15e9_a9b5_e89b)
        #expect(ShardPlan.hash("bagley") == 0x956e_b710_0823_8196)
        #expect(ShardPlan.hash("bagley\u{0}0") == 0xc071_50e9_1641_7266)
        #expect(ShardPlan.assign(["bagley", "claytown", "corktown", "warrendale"].map { (slug: $0, size: 100) }, count: 2)
            == ShardPlan.assign(["bagley", "claytown", "corktown", "warrendale"].map { (slug: $0, size: 100) }, count: 2))
    }

    @Test("balanced by input size: no shard over 1.1 x the mean, or the mean plus the largest neighborhood")
    func balance() {
        for (n, count) in [(20, 4), (200, 8), (1_000, 16)] {
            for seed in UInt64(1)...5 {
                let items = city(n, seed: seed)
                let l = loads(items, ShardPlan.assign(items, count: count), count: count)
                let mean = Double(l.reduce(0, +)) / Double(count)
                let largest = Double(items.map(\.size).max()!)
                #expect(Double(l.max()!) <= max(1.1 * mean, mean + largest) + 1, "n=\(n) shards=\(count) loads=\(l)")
                if n >= 200 { #expect(Double(l.max()!) <= 1.1 * mean + 1, "n=\(n) shards=\(count) loads=\(l)") }
            }
        }
        // Plain equal sizes: as even as whole neighborhoods allow.
        let even = (0..<40).map { (slug: "n\($0)", size: 1_000) }
        #expect(loads(even, ShardPlan.assign(even, count: 4), count: 4).max()! <= 11_000)
    }

    @Test("stable: adding one neighborhood moves few of the others (greedy packing moves a third or more)")
    func stability() {
        for (n, count, limit) in [(200, 8, 0.05), (1_000, 16, 0.01)] {
            var ours = 0, theirs = 0
            let trials = 10
            for t in 0..<trials {
                let items = city(n, seed: UInt64(t + 11))
                let added = (slug: "new-\(t)", size: items[t].size)
                ours += moved(items, added: added, count: count)
                let a = greedy(items, count: count), b = greedy(items + [added], count: count)
                theirs += items.filter { a[$0.slug] != b[$0.slug] }.count
            }
            let share = Double(ours) / Double(n * trials), greedyShare = Double(theirs) / Double(n * trials)
            #expect(share <= limit, "n=\(n): \(share * 100) % moved")
            #expect(greedyShare >= 0.3, "greedy moved \(greedyShare * 100) %")
        }
    }

    @Test("removing a neighborhood moves few of the others too")
    func removal() {
        let items = city(300, seed: 3)
        var total = 0
        for i in stride(from: 0, to: 300, by: 30) {
            let fewer = items.enumerated().filter { $0.offset != i }.map(\.element)
            let a = Dictionary(uniqueKeysWithValues: zip(items.map(\.slug), ShardPlan.assign(items, count: 8)))
            let b = Dictionary(uniqueKeysWithValues: zip(fewer.map(\.slug), ShardPlan.assign(fewer, count: 8)))
            total += fewer.filter { a[$0.slug] != b[$0.slug] }.count
        }
        #expect(Double(total) / Double(300 * 10) <= 0.05)
    }
}
