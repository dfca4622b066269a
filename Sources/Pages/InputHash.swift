import Fingerprint
import Liquid
import Parallelism

/// A page's inputs as one fingerprint: every value its templates can see, walked in a fixed order.
///
/// An object of `nestedCount` entries or more (a report, a story, a digest) is hashed on its own, and
/// its fingerprint goes into the page's: the same bytes whether or not it was remembered. With a
/// `Memo`, each such object shared by many pages is hashed once per build.
package enum InputHash {
    package static let nestedCount = 8

    package static func add(_ variables: ArraySlice<(String, Value)>, to h: inout FingerprintBuilder, memo: Memo? = nil) {
        h.add(variables.count)
        for (k, v) in variables {
            h.add(k)
            add(v, to: &h, memo: memo)
        }
    }

    package static func add(_ v: Value, to h: inout FingerprintBuilder, memo: Memo? = nil) {
        switch v {
        case .nil: h.tag(0)
        case .bool(let b): h.tag(1); h.tag(b ? 1 : 0)
        case .int(let n): h.tag(2); h.add(n)
        case .float(let d): h.tag(3); h.add(d.bitPattern)
        case .string(let s): h.tag(4); h.add(s)
        case .safe(let s): h.tag(5); h.add(s)
        case .array(let a):
            h.tag(6); h.add(a.count)
            for item in a { add(item, to: &h, memo: memo) }
        case .object(let o) where o.count >= nestedCount:
            h.tag(11)
            h.add(memo?.fingerprint(of: o) { fingerprint(of: o, memo: memo) } ?? fingerprint(of: o, memo: memo))
        case .object(let o):
            addEntries(o, to: &h, memo: memo)
        case .range(let lo, let hi): h.tag(8); h.add(lo); h.add(hi)
        case .empty: h.tag(9)
        case .blank: h.tag(10)
        }
    }

    package static func addEntries(_ o: Object, to h: inout FingerprintBuilder, memo: Memo?) {
        h.tag(7); h.add(o.count)
        o.forEach { k, item in h.add(k); add(item, to: &h, memo: memo) }
    }

    package static func fingerprint(of o: Object, memo: Memo?) -> Fingerprint {
        var nested = FingerprintBuilder()
        addEntries(o, to: &nested, memo: memo)
        return nested.value
    }

    /// Fingerprints of large objects hashed in one build, by their storage (`Object.storageIdentity`).
    /// Each entry keeps its object alive, so no other object can take its storage while it is here.
    package final class Memo: Sendable {
        typealias Shard = Locked<[Int: (object: Object, fingerprint: Fingerprint)]>
        /// Several locks, so that threads hashing pages at once seldom wait for each other.
        let shards: [Shard] = (0..<16).map { _ in Shard([:]) }

        package init() {}

        func fingerprint(of o: Object, _ make: () -> Fingerprint) -> Fingerprint {
            guard let identity = o.storageIdentity else { return make() }
            let key = Int(bitPattern: identity)
            let shard = shards[(key >> 6) & 15]
            if let known = shard.withLock({ $0[key]?.fingerprint }) { return known }
            let made = make()
            shard.withLock { $0[key] = (o, made) }
            return made
        }
    }
}
