/// An HTML-only e-mail's text as its reader sees it: tags dropped, line breaks where blocks end,
/// `<blockquote>` as `> ` quoting, entities decoded; `<head>`, `<style>` and `<script>` left out.
enum MailHTML {
    static let breaks: Set<String> = ["br", "p", "/p", "div", "/div", "li", "/li", "tr", "/tr", "h1", "/h1", "h2", "/h2", "h3", "/h3", "/table", "hr"]
    static let hidden: Set<String> = ["head", "style", "script", "title"]

    static func plain(_ html: String) -> String {
        var out = ""
        var depth = 0
        var hiddenUntil: String?
        var atLineStart = true
        var i = html.unicodeScalars.startIndex
        let s = html.unicodeScalars
        func newline() {
            out += "\n"
            atLineStart = true
        }
        func emit(_ text: String) {
            for ch in text {
                if ch == "\n" { newline(); continue }
                if atLineStart {
                    if ch == " " || ch == "\t" { continue }
                    out += String(repeating: "> ", count: depth)
                    atLineStart = false
                }
                out.append(ch)
            }
        }
        var text = ""
        while i < s.endIndex {
            let c = s[i]
            if c == "<" {
                emit(decode(text).replacingOccurrences(of: "\n", with: " "))
                text = ""
                var j = s.index(after: i)
                while j < s.endIndex, s[j] != ">" { j = s.index(after: j) }
                let inner = String(s[s.index(after: i)..<j]).lowercased()
                i = j < s.endIndex ? s.index(after: j) : j
                var name = String(inner.split(whereSeparator: { $0.isWhitespace }).first ?? "")
                if name.count > 1, name.hasSuffix("/") { name.removeLast() }
                let bare = name.hasPrefix("/") ? String(name.dropFirst()) : name
                if let h = hiddenUntil {
                    if name == "/" + h { hiddenUntil = nil }
                    continue
                }
                if hidden.contains(bare), !name.hasPrefix("/") { hiddenUntil = bare; continue }
                if bare == "blockquote" {
                    if !atLineStart { newline() }
                    depth = max(0, depth + (name.hasPrefix("/") ? -1 : 1))
                    continue
                }
                if breaks.contains(name) || breaks.contains(bare) { newline() }
                continue
            }
            text.unicodeScalars.append(c)
            i = s.index(after: i)
        }
        if hiddenUntil == nil { emit(decode(text).replacingOccurrences(of: "\n", with: " ")) }
        return out
    }

    /// `&amp;`, `&nbsp;`, `&#233;`, `&#xE9;` and the common named entities.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
                                       "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ",
                                       "iquest": "¿", "iexcl": "¡", "ndash": "–", "mdash": "—", "rsquo": "’", "lsquo": "‘",
                                       "rdquo": "”", "ldquo": "“", "hellip": "…"]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semi])
                var value: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    value = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    value = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    value = named[name.lowercased()]
                }
                if let value {
                    out += value
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        return out + rest
    }
}
