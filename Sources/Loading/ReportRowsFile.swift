import Diagnostics
import Fingerprint
import Geo
import CivilTime

/// `ReportRows` as the bytes of a file of the render cache: a header line, the program's key, the
/// context, then each row's fingerprint, decision and report, sealed with the fingerprint of the
/// neighborhood's slug, the context and those bytes. Reading checks every length, value and seal; a file that
/// does not read exactly is no file (its rows are read from the CSV again), so a file cut short,
/// a byte changed, or a row copied from another neighborhood's file is never taken. As for kept
/// files, the seal is no defence against whoever can write the cache on purpose: it is the user's own.
extension ReportRows {
    static let header = "commonsight-report-rows 1"

    /// The rows as bytes, for a build of the program `key`.
    public func bytes(key: String, slug: String) -> [UInt8] {
        var out: [UInt8] = []
        write(key: key, slug: slug) { out.append(contentsOf: $0) }
        return out
    }

    /// The same bytes handed to `emit` in pieces of about `piece` bytes, so that a neighborhood of
    /// 200,000 reports is never in memory twice.
    public func write(key: String, slug: String, piece: Int = 1 << 16, _ emit: (UnsafeRawBufferPointer) -> Void) {
        var w = Writer()
        func send() {
            w.out.withUnsafeBytes { emit($0) }
            w.out.removeAll(keepingCapacity: true)
        }
        w.text(Self.header)
        w.text(key)
        w.fingerprint(context)
        w.int(rows.count)
        for (rowKey, row) in rows.sorted(by: { $0.key < $1.key }) {
            let start = w.out.count
            w.fingerprint(rowKey)
            w.byte(row.decision.map { UInt8(Observation.Status.allCases.firstIndex(of: $0)! + 1) } ?? 0)
            let o = row.report
            w.text(o.id)
            w.text(o.category)
            switch o.location {
            case .written(let text): w.byte(0); w.text(text)
            case .near(let street, let crossing): w.byte(1); w.text(street); w.optional(crossing)
            case .inNeighborhood: w.byte(2)
            }
            w.double(o.coordinate.latitude)
            w.double(o.coordinate.longitude)
            w.int(Int(o.observed.instant))
            w.int(o.observed.day.daysSinceEpoch)
            w.byte(o.observed.hasTime ? 1 : 0)
            w.int(o.observed.utcOffset)
            w.byte(UInt8(Observation.Status.allCases.firstIndex(of: o.status)!))
            w.optional(o.title)
            w.optional(o.author)
            w.int(o.tags.count)
            for tag in o.tags { w.text(tag) }
            w.text(o.description)
            w.optional(o.sourceURL)
            w.fingerprint(Self.seal(w.out[start...], slug: slug, context: context))
            if w.out.count >= piece { send() }
        }
        send()
    }

    /// The rows in `bytes`, when they were written by the program `key` for the neighborhood
    /// `slug`; each report placed at `path` until its row is found (`Observation.at`).
    public static func read(_ bytes: [UInt8], key: String, slug: String, path: String) -> ReportRows? {
        var r = Reader(bytes: bytes)
        guard r.text() == header, r.text() == key, let context = r.fingerprint(), let count = r.int(), count >= 0,
              count <= bytes.count / 16 else { return nil }
        var out = ReportRows(context: context)
        out.rows.reserveCapacity(count)
        let statuses = Observation.Status.allCases
        let nowhere = SourceLocation(path: path)
        for _ in 0..<count {
            let start = r.at
            guard let rowKey = r.fingerprint(), let decided = r.byte(), Int(decided) <= statuses.count,
                  let id = r.text(), let category = r.text(), let kind = r.byte() else { return nil }
            let location: Observation.Place
            switch kind {
            case 0:
                guard let text = r.text() else { return nil }
                location = .written(text)
            case 1:
                guard let street = r.text(), let crossing = r.optional() else { return nil }
                location = .near(street: street, crossing: crossing)
            case 2: location = .inNeighborhood
            default: return nil
            }
            // Dates within ten thousand years of 1970 and offsets within a day: the calendar's arithmetic never overflows.
            guard let lat = r.double(), let lon = r.double(), let instant = r.int(), abs(instant) <= 400_000_000_000,
                  let day = r.int(), abs(day) <= 4_000_000, let hasTime = r.byte(), hasTime <= 1,
                  let offset = r.int(), abs(offset) <= 86_400, let status = r.byte(), Int(status) < statuses.count,
                  let title = r.optional(), let author = r.optional(), let tagCount = r.int(), tagCount >= 0, tagCount <= bytes.count else { return nil }
            var tags: [String] = []
            for _ in 0..<tagCount {
                guard let tag = r.text() else { return nil }
                tags.append(tag)
            }
            guard let description = r.text(), let sourceURL = r.optional() else { return nil }
            let end = r.at
            guard r.fingerprint() == seal(bytes[start..<end], slug: slug, context: context) else { return nil }
            let observed = ContentDate(instant: Int64(instant), day: CivilDate(daysSinceEpoch: day), hasTime: hasTime == 1, utcOffset: offset)
            let report = Observation(id: id, category: category, location: location, coordinate: Coordinate(latitude: lat, longitude: lon),
                                     observed: observed, status: statuses[Int(status)], title: title, author: author, tags: tags,
                                     description: description, sourceURL: sourceURL, source: nowhere)
            out.rows[rowKey] = Row(report: report, decision: decided == 0 ? nil : statuses[Int(decided) - 1])
        }
        return r.atEnd ? out : nil
    }

    /// What seals a row's bytes in the file of `slug`, read in `context`.
    static func seal(_ bytes: ArraySlice<UInt8>, slug: String, context: Fingerprint) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(slug)
        h.add(context)
        bytes.withUnsafeBytes { h.add(bytes: $0) }
        return h.value
    }

    /// Little-endian numbers, and texts and optional texts with their length first.
    struct Writer {
        var out: [UInt8] = []
        mutating func byte(_ b: UInt8) { out.append(b) }
        mutating func int(_ n: Int) { withUnsafeBytes(of: Int64(n).littleEndian) { out.append(contentsOf: $0) } }
        mutating func double(_ d: Double) { withUnsafeBytes(of: d.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
        mutating func fingerprint(_ f: Fingerprint) {
            withUnsafeBytes(of: f.high.littleEndian) { out.append(contentsOf: $0) }
            withUnsafeBytes(of: f.low.littleEndian) { out.append(contentsOf: $0) }
        }
        mutating func text(_ s: String) {
            int(s.utf8.count)
            out.append(contentsOf: s.utf8)
        }
        mutating func optional(_ s: String?) {
            byte(s == nil ? 0 : 1)
            if let s { text(s) }
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var at = 0
        var atEnd: Bool { at == bytes.count }

        mutating func byte() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }
        mutating func word() -> UInt64? {
            guard bytes.count - at >= 8 else { return nil }
            var n: UInt64 = 0
            for k in 0..<8 { n |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            at += 8
            return n
        }
        mutating func int() -> Int? { word().map { Int(Int64(bitPattern: $0)) } }
        mutating func double() -> Double? { word().map(Double.init(bitPattern:)) }
        mutating func fingerprint() -> Fingerprint? {
            guard let high = word(), let low = word() else { return nil }
            return Fingerprint(high: high, low: low)
        }
        mutating func text() -> String? {
            guard let n = int(), n >= 0, n <= bytes.count - at else { return nil }
            defer { at += n }
            return String(validating: bytes[at..<(at + n)], as: UTF8.self)
        }
        mutating func optional() -> String?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return text().map { .some($0) }
            default: return nil
            }
        }
    }
}
