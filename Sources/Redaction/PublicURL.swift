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
