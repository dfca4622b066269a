import Redaction

/// Redaction: any bytes as a report's text. Whatever the text, the redactor returns (libFuzzer's
/// timeout bounds its time), its result holds nothing it would find again, and an independent
/// scanner (below: one pass over characters with its own decoding of entities, escapes, dashes and
/// spaces) reads no phone number (3, 3 and 4 digits) and no e-mail address in it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let r = Redactor(streets: ["livernois", "grand river", "w vernor"])
    let out = r.redact(text).text
    if let f = r.findings(in: out).first { fatalError("the redacted text still holds \(f.kind.noun): \(out)") }
    if let found = Oracle.phoneOrEmail(in: out) { fatalError("the redacted text still reads as \(found): \(out)") }
    let place = r.coarsenLocation(text).text
    if let found = Oracle.phoneOrEmail(in: place) { fatalError("the coarsened label still reads as \(found): \(place)") }
    return 0
}

/// A scanner written apart from the redactor: it decodes the text its own way, then looks for the
/// plainest phone number (`ddd?ddd?dddd`, each `?` one to three of space, `-` or `.` with at most one
/// of the last two) and e-mail address (`x@y.zz`) between word boundaries.
enum Oracle {
    static func isWord(_ c: UInt32) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c >= 0x80
    }

    static func isDigit(_ c: UInt32) -> Bool { (0x30...0x39).contains(c) }

    static func decoded(_ s: String) -> [UInt32] {
        let u = Array(s.unicodeScalars.map(\.value))
        let names: [String: UInt32] = ["amp": 0x26, "nbsp": 0xA0, "ndash": 0x2013, "mdash": 0x2014, "minus": 0x2212, "hyphen": 0x2010,
                                       "commat": 0x40, "period": 0x2E, "thinsp": 0x2009]
        var raw: [UInt32] = []
        var i = 0
        while i < u.count {
            let c = u[i]
            if c == 0x5C, i + 1 < u.count, u[i + 1] < 0x80, !isWord(u[i + 1]), u[i + 1] > 0x20, u[i + 1] < 0x7F {
                raw.append(u[i + 1]); i += 2; continue
            }
            if c == 0x25, i + 2 < u.count, let hi = hex(u[i + 1]), let lo = hex(u[i + 2]), hi < 8 {
                raw.append(hi * 16 + lo); i += 3; continue
            }
            if c == 0x26, let semi = u[(i + 1)...].prefix(34).firstIndex(of: 0x3B) {
                let body = String(String.UnicodeScalarView(u[(i + 1)..<semi].compactMap(Unicode.Scalar.init)))
                var value: UInt32?
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    value = body.dropFirst(2).allSatisfy(\.isHexDigit) ? UInt32(body.dropFirst(2), radix: 16) : nil
                } else if body.hasPrefix("#") {
                    value = body.dropFirst().allSatisfy(\.isASCII) && body.dropFirst().allSatisfy(\.isNumber) ? UInt32(body.dropFirst(), radix: 10) : nil
                } else {
                    value = names[body]
                }
                if let value, body.count <= 9 || !body.hasPrefix("#") { raw.append(value); i = semi + 1; continue }
            }
            raw.append(c)
            i += 1
        }
        var out: [UInt32] = []
        for c in raw {
            switch c {
            case 0x2010...0x2015, 0x2212: out.append(0x2D)
            case 0x09, 0x0A, 0x0D, 0xA0, 0x202F, 0x2009: if out.last != 0x20 { out.append(0x20) }
            case 0x20: if out.last != 0x20 { out.append(0x20) }
            case 0x200B, 0xAD, 0x2060, 0xFEFF: break
            default: out.append(c)
            }
        }
        return out
    }

    static func hex(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    static func phoneOrEmail(in s: String) -> String? {
        let t = decoded(s)
        func digits(_ at: Int, _ n: Int) -> Bool { at + n <= t.count && t[at..<(at + n)].allSatisfy(isDigit) }
        func gap(_ at: Int) -> Int? {
            var j = at, marks = 0
            while j < t.count, j - at < 3, t[j] == 0x20 || t[j] == 0x2D || t[j] == 0x2E {
                if t[j] != 0x20 { marks += 1 }
                j += 1
            }
            return j > at && marks <= 1 ? j : nil
        }
        for p in t.indices where isDigit(t[p]) && (p == 0 || !isWord(t[p - 1])) {
            guard digits(p, 3), let g1 = gap(p + 3), digits(g1, 3), let g2 = gap(g1 + 3), digits(g2, 4) else { continue }
            if g2 + 4 == t.count || !isWord(t[g2 + 4]) { return "a phone number at \(p)" }
        }
        func isLetter(_ c: UInt32) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
        for p in t.indices where t[p] == 0x40 && p > 0 && (isLetter(t[p - 1]) || isDigit(t[p - 1])) {
            var j = p + 1
            while j < t.count, isLetter(t[j]) || isDigit(t[j]) { j += 1 }
            guard j > p + 1, j < t.count, t[j] == 0x2E else { continue }
            let tld = j + 1
            var k = tld
            while k < t.count, isLetter(t[k]) { k += 1 }
            if k - tld >= 2, k - tld <= 24, k == t.count || !(isWord(t[k]) || t[k] == 0x2D || t[k] == 0x2E || t[k] == 0x40 || t[k] == 0x5F) {
                return "an e-mail address at \(p)"
            }
        }
        return nil
    }
}
