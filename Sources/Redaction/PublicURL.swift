/// A web address as the site publishes it: scheme, host, port and path only. The user info
/// (`user:password@`), the query (`?name=…&phone=…`) and the fragment are never published: they
/// are where forms put what a resident typed, and where a password ends up when a link is copied.
public struct PublicURL: Sendable, Equatable {
    /// What the site publishes.
    public var url: String
    /// The parts left out, in the order they were written: "user info", "query", "fragment".
    public var dropped: [String]

    /// `url` without its user info, query and fragment (nil when it has no `scheme://host`).
    public init?(_ url: String) {
        let b = Array(url.utf8)
        guard let colon = b.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 2 < b.count,
              b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/") else { return nil }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < b.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\")].contains(b[authorityEnd]) {
            authorityEnd += 1
        }
        var dropped: [String] = []
        var hostStart = authorityStart
        if let at = b[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            hostStart = at + 1
            dropped.append("user info")
        }
        var pathEnd = authorityEnd
        while pathEnd < b.count, b[pathEnd] != UInt8(ascii: "?"), b[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        if pathEnd < b.count, b[pathEnd] == UInt8(ascii: "?") {
            dropped.append("query")
            if b[pathEnd...].contains(UInt8(ascii: "#")) { dropped.append("fragment") }
        } else if pathEnd < b.count {
            dropped.append("fragment")
        }
        self.url = String(decoding: b[..<authorityStart] + b[hostStart..<pathEnd], as: UTF8.self)
        self.dropped = dropped
    }
}

extension PublicURL {
    /// The parts of the web addresses written in a text (`https://…`, `www.…`, in a Markdown link or
    /// bare) that are never published: each address's user info, and its query and fragment, as
    /// UTF-8 offset ranges of `text`, in order. Removing them leaves each link to its page.
    public static func privateParts(in text: String) -> [(range: Range<Int>, what: String)] {
        let b = Array(text.utf8)
        var out: [(range: Range<Int>, what: String)] = []
        var i = 0
        while i < b.count {
            guard let hostStart = addressStart(b, at: i) else {
                i += 1
                continue
            }
            var end = hostStart
            while end < b.count, !isAddressEnd(b[end]) { end += 1 }
            // Punctuation that ends a sentence is not part of the address.
            while end > hostStart, ".,;:!?*_~'\"".utf8.contains(b[end - 1]) { end -= 1 }
            // Read as a link's address is read: `&#63;` and `\?` are a `?`, `&#64;` an `@`.
            var k = hostStart
            var userEnd: Int?
            var inAuthority = true
            while k < end {
                let (c, next) = character(b, at: k, before: end)
                if c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                    if let u = userEnd { out.append((hostStart..<u, "user info")) }
                    userEnd = nil
                    let hasFragment = c == UInt8(ascii: "#") ? false : b[k..<end].contains(UInt8(ascii: "#"))
                    out.append((k..<end, c == UInt8(ascii: "#") ? "fragment" : hasFragment ? "query and fragment" : "query"))
                    break
                }
                if inAuthority, c == UInt8(ascii: "/") { inAuthority = false }
                if inAuthority, c == UInt8(ascii: "@") { userEnd = next }
                k = next
            }
            if let userEnd { out.append((hostStart..<userEnd, "user info")) }
            i = max(end, i + 1)
        }
        return out
    }

    /// Where the host of an address that starts at `at` begins: after `http://` or `https://` (any
    /// case), or at `www.` that starts a word.
    static func addressStart(_ b: [UInt8], at i: Int) -> Int? {
        // Most bytes are neither an `h` nor a `w`: passed over before anything else is looked at.
        let first = b[i] | 0x20
        guard first == UInt8(ascii: "h") || first == UInt8(ascii: "w"), i == 0 || !Bytes.isWordByte(b[i - 1]) else { return nil }
        func lower(_ k: Int) -> UInt8 { k < b.count ? b[k] | 0x20 : 0 }
        if lower(i) == UInt8(ascii: "h"), lower(i + 1) == UInt8(ascii: "t"), lower(i + 2) == UInt8(ascii: "t"), lower(i + 3) == UInt8(ascii: "p") {
            var k = i + 4
            if lower(k) == UInt8(ascii: "s") { k += 1 }
            if k + 2 < b.count, b[k] == UInt8(ascii: ":"), b[k + 1] == UInt8(ascii: "/"), b[k + 2] == UInt8(ascii: "/") { return k + 3 }
            return nil
        }
        if lower(i) == UInt8(ascii: "w"), lower(i + 1) == UInt8(ascii: "w"), lower(i + 2) == UInt8(ascii: "w"), i + 3 < b.count, b[i + 3] == UInt8(ascii: ".") {
            return i
        }
        return nil
    }

    /// The ASCII character a link's address holds at `at` (an entity or a backslash escape read as
    /// what it stands for; 0 for anything else) and where the next one starts.
    static func character(_ b: [UInt8], at k: Int, before end: Int) -> (UInt8, Int) {
        if b[k] == UInt8(ascii: "\\"), k + 1 < end, ReaderText.isASCIIPunctuation(b[k + 1]) { return (b[k + 1], k + 2) }
        if b[k] == UInt8(ascii: "&"), let (scalar, next) = ReaderText.entity(b, at: k), next <= end {
            return (scalar.isASCII ? UInt8(scalar.value) : 0, next)
        }
        return (b[k], k + 1)
    }

    static func isAddressEnd(_ c: UInt8) -> Bool {
        c <= 0x20 || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`")
            || c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == 0x7F
    }
}

extension PublicURL {
    /// `text` with `privateParts(in:)` removed.
    public static func removingPrivateParts(_ text: String) -> String {
        let parts = privateParts(in: text)
        guard !parts.isEmpty else { return text }
        let b = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        for (part, _) in parts {
            out += b[i..<part.lowerBound]
            i = part.upperBound
        }
        out += b[i...]
        return String(decoding: out, as: UTF8.self)
    }
}
