/// Which neighborhoods each of N shards builds (`build --shard-index I --shard-count N`).
///
/// Every shard computes the same plan from the same content: the neighborhoods' slugs and input
/// sizes, nothing else (no clock, no machine, no previous plan). The plan is
/// **rendezvous hashing with bounded loads**:
///
/// - Each neighborhood ranks the N shards by a hash of (slug, shard): its own order of preference,
///   which depends on nothing but its slug and N.
/// - Neighborhoods are placed one by one in the order of a hash of their slug (not by size, so a new
///   neighborhood is inserted somewhere in the order instead of reshuffling it), each on the first
///   shard of its preference that stays within `(1 + slack) × total / N` of input size; one that fits
///   nowhere goes to the least loaded shard.
///
/// What that gives (measured by `ShardingTests` and in docs/benchmarks-log.md):
/// - **Balance**: no shard over 1.1 × the mean when no single neighborhood is larger than the
///   slack, else within one neighborhood of it; plain rendezvous hashing is 1.3–2× off.
/// - **Stability**: adding one neighborhood moves well under 5 % of the others once there are
///   dozens (about 0.3 % at 1,000), so a shard's output folder and render cache stay useful; greedy
///   bin packing by size (largest first onto the lightest shard) is better balanced (1.0×) but moves
///   40–60 % of neighborhoods whenever one is added. Plain rendezvous hashing moves none but is badly
///   balanced; the bound trades a few moves for balance.
public enum ShardPlan {
    /// How far over the mean a shard may go before a neighborhood tries its next shard.
    public static let slack = 0.10

    /// One neighborhood: its slug and its input size, as `ContentLoader.neighborhoodSizes` gives them.
    public typealias Item = (slug: String, size: Int)

    /// The shard (0..<count) of each item, in the items' order.
    public static func assign(_ items: [Item], count: Int) -> [Int] {
        precondition(count >= 1)
        guard count > 1 else { return items.map { _ in 0 } }
        let total = items.reduce(0.0) { $0 + Double(max($1.size, 1)) }
        let capacity = (1 + slack) * total / Double(count)
        var load = [Double](repeating: 0, count: count)
        var shard = [Int](repeating: 0, count: items.count)
        let order = items.indices.sorted { a, b in
            let (ha, hb) = (hash(items[a].slug), hash(items[b].slug))
            return ha != hb ? ha < hb : items[a].slug < items[b].slug
        }
        for i in order {
            let size = Double(max(items[i].size, 1))
            let preference = ranking(items[i].slug, count: count)
            let chosen = preference.first { load[$0] + size <= capacity }
                ?? preference.min { load[$0] < load[$1] }!  // `min` keeps the first of equals: the preferred one
            load[chosen] += size
            shard[i] = chosen
        }
        return shard
    }

    /// The slugs of one shard, in the items' order.
    public static func slugs(of index: Int, _ items: [Item], count: Int) -> [String] {
        zip(items, assign(items, count: count)).filter { $0.1 == index }.map(\.0.slug)
    }

    /// The shards in the order this slug prefers them.
    static func ranking(_ slug: String, count: Int) -> [Int] {
        let scores = (0..<count).map { hash(slug + "\u{0}" + String($0)) }
        return (0..<count).sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
    }

    /// FNV-1a over the UTF-8 bytes, then the SplitMix64 finalizer: the same on every machine and
    /// every run (Swift's `Hasher` is seeded per process, so it cannot be used here).
    static func hash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        return h ^ (h >> 31)
    }
}
