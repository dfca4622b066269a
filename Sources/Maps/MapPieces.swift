import Geo
import Synchronization

/// Pieces of SVG that many maps of a neighborhood draw alike (the north arrow and the scale bar sit
/// in the same corners at the same scale on most report pages), kept once drawn and copied after.
public final class MapPieces: Sendable {
    /// What a piece is drawn from: its kind (0 the north arrow, 1 the scale bar, 2 the scale bar right
    /// to left, 3 the scale bar's width), up to four numbers and two words.
    struct Key: Hashable, Sendable {
        var kind: UInt8
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0
        var first = "", second = ""
    }

    /// A drawn ground (the frame's fill, the boundary and the basemap) of one basemap at one fit:
    /// the maps printed on a neighborhood's flyers have a few sizes among them.
    /// The key holds its basemap, so that no other can take its address while the ground is kept.
    struct GroundKey: Hashable, Sendable {
        let ground: Ground
        let placement: MercatorFit.Placement

        static func == (a: GroundKey, b: GroundKey) -> Bool { a.ground === b.ground && a.placement == b.placement }

        func hash(into h: inout Hasher) {
            h.combine(ObjectIdentifier(ground))
            h.combine(placement)
        }
    }

    /// Pieces kept at most: beyond them a piece is drawn each time (maps at many scales).
    static let limit = 256
    /// Grounds kept at most, and their bytes at most: a ground is tens of kilobytes, a large
    /// city's can be megabytes.
    static let groundLimit = 8
    let groundBytes: Int
    private let made = Mutex<[Key: [UInt8]]>([:])
    private let grounds = Mutex<[GroundKey: [UInt8]]>([:])
    /// Numbers measured for a piece (the scale bar's width), by what it is measured from.
    private let measured = Mutex<[Key: Double]>([:])

    public init() { groundBytes = 8 << 20 }

    init(groundBytes: Int) { self.groundBytes = groundBytes }

    /// The piece for `key` appended to `s`: kept bytes, or drawn by `draw` (and kept).
    func add(_ key: Key, to s: inout SVGWriter, draw: (inout SVGWriter) -> Void) {
        Self.add(key, kept: made, capacity: 1_024, to: &s, draw: draw) { kept, _ in kept.count < Self.limit }
    }

    /// The ground for `key` appended to `s`: kept bytes, or drawn by `draw` (and kept).
    func add(_ key: GroundKey, to s: inout SVGWriter, draw: (inout SVGWriter) -> Void) {
        Self.add(key, kept: grounds, capacity: 65_536, to: &s, draw: draw) { [groundBytes] kept, bytes in
            kept.count < Self.groundLimit && kept.values.reduce(bytes.count) { $0 + $1.count } <= groundBytes
        }
    }

    /// How many grounds are kept, and their bytes.
    var keptGrounds: (count: Int, bytes: Int) {
        grounds.withLock { ($0.count, $0.values.reduce(0) { $0 + $1.count }) }
    }

    /// The bytes kept for `key`, or drawn by `draw` and kept when `keeps` allows it beside what is kept.
    private static func add<K: Hashable & Sendable>(_ key: K, kept: borrowing Mutex<[K: [UInt8]]>, capacity: Int,
                                                    to s: inout SVGWriter, draw: (inout SVGWriter) -> Void,
                                                    keeps: ([K: [UInt8]], [UInt8]) -> Bool) {
        if let bytes = kept.withLock({ $0[key] }) {
            s.add(bytes: bytes)
            return
        }
        var piece = SVGWriter(capacity: capacity)
        draw(&piece)
        s.add(bytes: piece.bytes)
        kept.withLock { if keeps($0, piece.bytes) { $0[key] = piece.bytes } }
    }

    /// The number for `key`: kept, or measured by `measure` (and kept).
    func number(_ key: Key, measure: () -> Double) -> Double {
        if let known = measured.withLock({ $0[key] }) { return known }
        let value = measure()
        measured.withLock { if $0.count < Self.limit { $0[key] = value } }
        return value
    }
}
