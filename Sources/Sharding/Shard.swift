/// One shard of a build: `index` from 0 to `count - 1`.
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The largest `--shard-count` accepted.
    public static let maxCount = 10_000
}
