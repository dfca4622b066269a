import Escaping
import Foundation

/// One e-mail message as MIME reads it: its headers, and the text a person wrote in it (the plain
/// part, else the HTML part as text; quoted-printable and base64 decoded, the charset honoured;
/// attachments and other kinds of part left out). Nested at most 16 parts deep.
struct MIMEMessage {
    /// Header names lowercased, values unfolded, in order.
    var headers: [(name: String, value: String)]
    /// What the person wrote, lines ending in LF.
    var text: String

    static let maxDepth = 16

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    init(_ bytes: ArraySlice<UInt8>) {
        let (headers, body) = Self.split(bytes)
        self.headers = headers
        text = Self.text(headers: headers, body: body, depth: 0) ?? ""
    }

    /// Headers (unfolded) and the body after the first blank line.
    static func split(_ bytes: ArraySlice<UInt8>) -> ([(name: String, value: String)], ArraySlice<UInt8>) {
        var headers: [(name: String, value: String)] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            var end = i
            while end < bytes.endIndex, bytes[end] != 0x0A { end += 1 }
            var line = bytes[i..<end]
            if line.last == 0x0D { line = line.dropLast() }
            let next = min(end + 1, bytes.endIndex)
            if line.isEmpty { return (headers, bytes[next...]) }
            if line.first == 0x20 || line.first == 0x09, !headers.isEmpty {
                headers[headers.count - 1].value += " " + decodeHeader(line).trimmedText
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).trimmedText.lowercased()
                headers.append((name, decodeHeader(line[(colon + 1)...]).trimmedText))
            } else {
                // No header at all: the whole is a body.
                return (headers, headers.isEmpty ? bytes : bytes[i...])
            }
            i = next
        }
        return (headers, bytes[bytes.endIndex...])
    }

    /// A header's bytes as text, with `=?charset?B|Q?...?=` words decoded.
    static func decodeHeader(_ bytes: ArraySlice<UInt8>) -> String {
        let raw = decodeCharset(Array(bytes), "utf-8")
        guard raw.contains("=?") else { return raw }
        var out = ""
        var rest = Substring(raw)
        var lastWasEncoded = false
        while let start = rest.range(of: "=?") {
            let before = rest[..<start.lowerBound]
            let afterStart = rest[start.upperBound...]
            let parts = afterStart.split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[3].hasPrefix("="), parts[1].count == 1 else {
                out += rest[..<start.upperBound]
                rest = afterStart
                lastWasEncoded = false
                continue
            }
            if !(lastWasEncoded && before.allSatisfy(\.isWhitespace)) { out += before }
            let charset = String(parts[0]), encoding = parts[1].uppercased(), payload = String(parts[2])
            let decoded: [UInt8]
            if encoding == "B" {
                decoded = Data(base64Encoded: padded(payload)).map { Array($0) } ?? Array(payload.utf8)
            } else {
                decoded = quotedPrintable(Array(payload.replacingOccurrences(of: "_", with: " ").utf8)[...])
            }
            out += decodeCharset(decoded, charset)
            rest = parts[3].dropFirst()
            lastWasEncoded = true
        }
        return out + rest
    }

    static func padded(_ s: String) -> String {
        let clean = s.filter { !$0.isWhitespace }
        return clean + String(repeating: "=", count: (4 - clean.count % 4) % 4)
    }

    /// The value of `name` in a header such as `text/plain; charset="utf-8"`.
    static func parameter(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].trimmedText.lowercased() == name else { continue }
            return kv[1].trimmedText.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// The readable text of a part: plain preferred, HTML as text; nil for an attachment or other kind.
    static func text(headers: [(name: String, value: String)], body: ArraySlice<UInt8>, depth: Int) -> String? {
        func h(_ n: String) -> String? { headers.first { $0.name == n }?.value }
        let type = (h("content-type") ?? "text/plain").split(separator: ";").first.map { $0.trimmedText.lowercased() } ?? "text/plain"
        if let disposition = h("content-disposition"), disposition.lowercased().hasPrefix("attachment") { return nil }
        if type.hasPrefix("multipart/") {
            guard depth < maxDepth, let boundary = parameter("boundary", in: h("content-type")), !boundary.isEmpty else { return nil }
            let parts = multipart(body, boundary: boundary).map { split($0) }
            if type == "multipart/alternative" {
                let plain = parts.first { typeOf($0.0) == "text/plain" }
                let chosen = plain ?? parts.first { typeOf($0.0) == "text/html" } ?? parts.first
                return chosen.flatMap { text(headers: $0.0, body: $0.1, depth: depth + 1) }
            }
            // mixed, related, ...: the first part with text.
            for (hs, b) in parts { if let t = text(headers: hs, body: b, depth: depth + 1), !t.trimmedText.isEmpty { return t } }
            return nil
        }
        if type == "message/rfc822", depth < maxDepth {
            let (hs, b) = split(body)
            return text(headers: hs, body: b, depth: depth + 1)
        }
        guard type == "text/plain" || type == "text/html" else { return nil }
        var bytes = Array(body)
        switch h("content-transfer-encoding")?.lowercased() {
        case "quoted-printable": bytes = quotedPrintable(body)
        case "base64": bytes = Data(base64Encoded: padded(String(decoding: body, as: UTF8.self))).map { Array($0) } ?? []
        default: break
        }
        let decoded = decodeCharset(bytes, parameter("charset", in: h("content-type")) ?? "utf-8")
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return type == "text/html" ? MailHTML.plain(decoded) : decoded
    }

    static func typeOf(_ headers: [(name: String, value: String)]) -> String {
        (headers.first { $0.name == "content-type" }?.value ?? "text/plain").split(separator: ";").first.map { $0.trimmedText.lowercased() } ?? ""
    }

    /// The parts between `--boundary` lines.
    static func multipart(_ body: ArraySlice<UInt8>, boundary: String) -> [ArraySlice<UInt8>] {
        let marker = Array(("--" + boundary).utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start: Int?
        var i = body.startIndex
        while i < body.endIndex {
            var end = i
            while end < body.endIndex, body[end] != 0x0A { end += 1 }
            let line = body[i..<end]
            if line.starts(with: marker) {
                if let s = start { parts.append(body[s..<max(s, i - 1)]) }
                let rest = line.dropFirst(marker.count)
                if rest.starts(with: [0x2D, 0x2D]) { return parts }
                start = min(end + 1, body.endIndex)
            }
            i = end + 1
        }
        if let s = start, s < body.endIndex { parts.append(body[s...]) }
        return parts
    }

    /// Quoted-printable decoded: `=XX` bytes, soft line breaks removed.
    static func quotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        let hex = HexDigit.value
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "=") {
                if i + 1 < bytes.endIndex, bytes[i + 1] == 0x0A { i += 2; continue }
                if i + 2 < bytes.endIndex, bytes[i + 1] == 0x0D, bytes[i + 2] == 0x0A { i += 3; continue }
                if i + 2 < bytes.endIndex, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
                    out.append(hi << 4 | lo)
                    i += 3
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out
    }

    /// Bytes in a charset as text: UTF-8 (invalid bytes replaced), Latin-1 and Windows-1252.
    static func decodeCharset(_ bytes: [UInt8], _ charset: String) -> String {
        switch charset.lowercased() {
        case "iso-8859-1", "latin1", "iso_8859-1", "l1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case "windows-1252", "cp1252":
            return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
