import Diagnostics

/// What a build did.
public struct BuildReport: Sendable {
    public var neighborhoods = 0
    public var pages = 0
    public var files = 0
    /// Pages rendered (the rest came unchanged from the cache) and files written (the rest were the same).
    public var rendered = 0
    public var written = 0
    public var deleted = 0
    /// Stories read aloud this time (the others' narrations were unchanged).
    public var narrated = 0
    /// What the writer had to do beyond the usual, for `--verbose`.
    public var notes: [String] = []
    /// Under `--shard-count`: the neighborhoods of this shard, in folder order.
    public var shardSlugs: [String]?
    /// This week, per neighborhood and edition: what `build` prints last (see `WeekSummary`).
    public var weeks: [WeekSummary] = []
    public var diagnostics: [Diagnostic] = []
    public var succeeded: Bool { !diagnostics.hasErrors }
}
