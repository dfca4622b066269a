import Foundation

/// Header fields as RFC 5322 and RFC 2047 want them: one line of text each (no line break, so no
/// text can start a header of its own), folded at 78 characters where a space allows, and text
/// beyond printable ASCII as encoded words (`=?UTF-8?B?…?=`), each at most 75 characters.
public enum MailHeader {
    /// `Name: token token`, folded before a token that would pass 78 characters (tokens are never
    /// longer than 76, so no line passes 998).
    static func field(_ name: String, _ tokens: [String]) -> String {
        var lines: [String] = []
        var line = name + ":"
        var empty = true
        for token in tokens {
            if !empty, line.utf8.count + 1 + token.utf8.count > 78 {
                lines.append(line)
                line = " " + token
            } else {
                line += " " + token
            }
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    /// An unstructured field such as `Subject`: words when the text is plain ASCII, else encoded words.
    public static func unstructured(_ name: String, _ text: String) -> String {
        let t = oneLine(text)
        let words = t.split(separator: " ").map(String.init)
        if t.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !t.contains("=?"), words.allSatisfy({ $0.utf8.count <= 76 }) {
            return field(name, words)
        }
        return field(name, encodedWords(t))
    }

    /// A display name: its words when they are plain atoms, one quoted string when it is short ASCII,
    /// else encoded words.
    static func phrase(_ text: String) -> [String] {
        let t = oneLine(text)
        let atext = Set("!#$%&'*+/=?^_`{|}~-".utf8)
        let words = t.split(separator: " ").map(String.init)
        let isAtom: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || atext.contains($0) }
        if !t.contains("=?"), words.allSatisfy({ $0.utf8.count <= 76 && $0.utf8.allSatisfy(isAtom) }) { return words }
        if t.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), t.utf8.count <= 70, !t.contains("=?") {
            return ["\"" + t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""]
        }
        return encodedWords(t)
    }

    /// RFC 2047 "B" encoded words of at most 45 bytes of UTF-8 each (75 characters written). Words of
    /// the text are kept whole in one encoded word where they fit (a space ends the one before), so
    /// decoders that wrongly keep the space between two encoded words still show each word whole;
    /// a longer word is split between characters.
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
            chunk = []
        }
        let pieces = text.split(separator: " ", omittingEmptySubsequences: false)
        for (i, piece) in pieces.enumerated() {
            let word = Array((i < pieces.count - 1 ? piece + " " : piece).utf8)
            if chunk.count + word.count > 45 { flush() }
            if word.count <= 45 {
                chunk += word
                continue
            }
            for scalar in (i < pieces.count - 1 ? piece + " " : piece).unicodeScalars {
                let bytes = Array(String(scalar).utf8)
                if chunk.count + bytes.count > 45 { flush() }
                chunk += bytes
            }
        }
        flush()
        return words.isEmpty ? ["=?UTF-8?B??="] : words
    }

    /// The text on one line: every control character, line or paragraph separator and run of
    /// white space as one space, trimmed.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        var space = false
        for u in text.unicodeScalars {
            let blank = u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029 || u.properties.isWhitespace
            if blank {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" ") }
            space = false
            out.unicodeScalars.append(u)
        }
        return out
    }
}
