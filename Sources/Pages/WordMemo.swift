import Synchronization

/// The words maps ask for again and again ("1 report", "in Bagley", "near Pickford St and Wyoming
/// St"), each made once per neighborhood from its language and then looked up: a neighborhood's
/// report pages draw thousands of small maps that say the same few things.
package final class WordMemo: Sendable {
    package struct Key: Hashable, Sendable {
        var kind: UInt8
        var n = 0
        var a = "", b = "", c = ""
    }

    /// Words kept at most; beyond them they are made each time.
    package static let limit = 4_096
    private let made = Mutex<[Key: String]>([:])

    /// The words for `key`, kept or made by `make` (and kept).
    package func words(_ key: Key, _ make: () -> String) -> String {
        if let known = made.withLock({ $0[key] }) { return known }
        let words = make()
        made.withLock { if $0.count < Self.limit { $0[key] = words } }
        return words
    }
}
