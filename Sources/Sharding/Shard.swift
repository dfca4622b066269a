/// One shard of a build: `index` from 0 to `count - 1`.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// `count` from 1 to `maxCount`, and `index` below it: the command line checks both first.
    public init(index: Int, count: Int) {
        precondition((1...Self.maxCount).contains(count) && (0..<count).contains(index), "shard \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// The largest `--shard-count` accepted.
    public static let maxCount = 10_000
}
