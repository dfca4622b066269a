/// Numbers that look random but are the same on every run (a linear congruential generator, Knuth's
/// MMIX constants), so that a randomized test that fails once fails again.
public struct SeededRandom {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 bits of state.
    public mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// A number from 0 up to, not including, `n` (which is more than 0).
    public mutating func next(_ n: Int) -> Int { Int(next() >> 33) % n }

    /// A number from 0 up to, not including, 1, with 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
