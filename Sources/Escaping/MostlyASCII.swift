/// Text from UTF-8 bytes that are mostly ASCII (a map's drawing, a page): the same string as
/// `String(decoding:as: UTF8.self)`, made faster. The standard library checks bytes quickly only when
/// all of them are ASCII; one dash in a title sends the whole drawing through its slow check (six
/// instructions a byte). Here each long run of ASCII is made a string alone, on the quick path, and
/// only the stretches holding other bytes (names, dashes) take the slow one.
public enum MostlyASCII {
    /// An ASCII run shorter than this stays in the stretch around it (a space between two Arabic
    /// words is not worth a string of its own).
    static let shortest = 64

    public static func string(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress else { return "" }
        let n = bytes.count
        var out = ""
        out.reserveCapacity(n)
        func add(_ from: Int, _ to: Int) {
            if to > from { out += String(decoding: UnsafeBufferPointer(start: base + from, count: to - from), as: UTF8.self) }
        }
        // Bytes from `pending` on are not added yet; they hold other bytes than ASCII, or short runs of it.
        var pending = 0, i = 0
        while i < n {
            let run = asciiRun(base, from: i, count: n)
            if run >= shortest {
                add(pending, i)
                add(i, i + run)
                pending = i + run
            }
            i += run
            // A stretch of other bytes: whole characters, since no byte of a character is ASCII.
            while i < n, base[i] >= 0x80 { i += 1 }
        }
        add(pending, n)
        return out
    }

    /// How many bytes from `i` on (up to `n`) are ASCII, read eight at a time.
    public static func asciiRun(_ base: UnsafePointer<UInt8>, from i: Int, count n: Int) -> Int {
        var k = i
        while k + 8 <= n, UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { k += 8 }
        while k < n, base[k] < 0x80 { k += 1 }
        return k - i
    }
}
