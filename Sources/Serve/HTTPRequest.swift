import Escaping
/// The head of an HTTP/1.x request, as far as a static file server needs it.
struct HTTPRequest: Equatable {
    enum Method: String { case get = "GET", head = "HEAD" }

    var method: Method
    /// The path, percent-decoded, split into its parts (no `.`, `..` or empty parts).
    var parts: [String]
    /// The path as sent ended in `/`.
    var endsWithSlash: Bool

    /// Why a request head cannot be served: the status to answer with.
    enum Problem: Error, Equatable {
        case badRequest(String)
        case methodNotAllowed
        case tooLarge
    }

    /// Request heads larger than this are refused (431).
    static let maxHeadBytes = 8 * 1024

    /// Parses the request line of a complete head (everything before the blank line).
    static func parse(_ head: [UInt8]) throws(Problem) -> HTTPRequest {
        guard head.count <= maxHeadBytes else { throw .tooLarge }
        let lineEnd = head.firstIndex(of: 0x0D) ?? head.firstIndex(of: 0x0A) ?? head.endIndex
        let fields = head[..<lineEnd].split(separator: 0x20, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[2].starts(with: Array("HTTP/1.".utf8)) else { throw .badRequest("malformed request line") }
        guard let method = Method(rawValue: String(decoding: fields[0], as: UTF8.self)) else { throw .methodNotAllowed }
        var target = Array(fields[1])
        if let q = target.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { target = Array(target[..<q]) }
        guard target.first == UInt8(ascii: "/") else { throw .badRequest("the target must start with /") }
        let (parts, endsWithSlash) = try pathParts(target)
        return HTTPRequest(method: method, parts: parts, endsWithSlash: endsWithSlash)
    }

    /// Splits and decodes the path; encoded slashes, NUL, backslashes and dot parts are refused.
    static func pathParts(_ target: [UInt8]) throws(Problem) -> ([String], Bool) {
        var parts: [String] = []
        for raw in target.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            var bytes: [UInt8] = []
            var i = raw.startIndex
            while i < raw.endIndex {
                let b = raw[i]
                if b == UInt8(ascii: "%") {
                    guard i + 2 < raw.endIndex, let hi = hex(raw[i + 1]), let lo = hex(raw[i + 2]) else { throw .badRequest("bad percent-encoding") }
                    bytes.append(hi << 4 | lo)
                    i += 3
                } else {
                    bytes.append(b)
                    i += 1
                }
            }
            guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "/")), !bytes.contains(UInt8(ascii: "\\")) else {
                throw .badRequest("encoded slash, backslash or NUL in the path")
            }
            guard let part = String(validating: bytes, as: UTF8.self), part != ".", part != ".." else {
                throw .badRequest("the path may not leave the site")
            }
            parts.append(part)
        }
        return (parts, target.last == UInt8(ascii: "/"))
    }

    static func hex(_ b: UInt8) -> UInt8? { HexDigit.value(b) }
}
