/// The words and symbols inside `{{ }}` and tag markup.
enum ExprToken: Equatable {
    case identifier(String)
    case string(String)
    case integer(Int)
    case float(Double)
    case comparison(String)
    case pipe, dot, dotDot, colon, comma, openBracket, closeBracket, openParen, closeParen, assign
    case end
}

/// Reads markup into `ExprToken`s; positions are offsets into the markup.
struct ExpressionLexer {
    static func tokenize(_ markup: Substring) throws(FilterError) -> [ExprToken] {
        let u = Array(markup.utf8)
        var out: [ExprToken] = []
        var i = 0
        func isIdentStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isIdentPart(_ b: UInt8) -> Bool { isIdentStart(b) || isDigit(b) || b == UInt8(ascii: "-") }
        while i < u.count {
            let b = u[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
                i += 1
            case UInt8(ascii: "|"): out.append(.pipe); i += 1
            case UInt8(ascii: ":"): out.append(.colon); i += 1
            case UInt8(ascii: ","): out.append(.comma); i += 1
            case UInt8(ascii: "["): out.append(.openBracket); i += 1
            case UInt8(ascii: "]"): out.append(.closeBracket); i += 1
            case UInt8(ascii: "("): out.append(.openParen); i += 1
            case UInt8(ascii: ")"): out.append(.closeParen); i += 1
            case UInt8(ascii: "."):
                if i + 1 < u.count, u[i + 1] == UInt8(ascii: ".") { out.append(.dotDot); i += 2 } else { out.append(.dot); i += 1 }
            case UInt8(ascii: "="):
                if i + 1 < u.count, u[i + 1] == UInt8(ascii: "=") { out.append(.comparison("==")); i += 2 } else { out.append(.assign); i += 1 }
            case UInt8(ascii: "!"):
                guard i + 1 < u.count, u[i + 1] == UInt8(ascii: "=") else { throw FilterError("unexpected character '!'") }
                out.append(.comparison("!=")); i += 2
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                if i + 1 < u.count, u[i + 1] == UInt8(ascii: "=") {
                    out.append(.comparison(b == UInt8(ascii: "<") ? "<=" : ">=")); i += 2
                } else if b == UInt8(ascii: "<"), i + 1 < u.count, u[i + 1] == UInt8(ascii: ">") {
                    out.append(.comparison("<>")); i += 2
                } else {
                    out.append(.comparison(b == UInt8(ascii: "<") ? "<" : ">")); i += 1
                }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                var j = i + 1
                while j < u.count, u[j] != b { j += 1 }
                guard j < u.count else { throw FilterError("a string is never closed; expected \(b == 0x22 ? "\"" : "'")") }
                out.append(.string(String(decoding: u[(i + 1)..<j], as: UTF8.self)))
                i = j + 1
            case UInt8(ascii: "-"), 0x30...0x39:
                var j = i
                if b == UInt8(ascii: "-") {
                    j += 1
                    guard j < u.count, isDigit(u[j]) else { throw FilterError("unexpected character '-'") }
                }
                while j < u.count, isDigit(u[j]) { j += 1 }
                var isFloat = false
                if j + 1 < u.count, u[j] == UInt8(ascii: "."), isDigit(u[j + 1]) {
                    isFloat = true
                    j += 1
                    while j < u.count, isDigit(u[j]) { j += 1 }
                }
                let text = String(decoding: u[i..<j], as: UTF8.self)
                // `123abc` and `1-2` are not numbers followed by words.
                if j < u.count, isIdentStart(u[j]) || u[j] == UInt8(ascii: "-") {
                    var k = j
                    while k < u.count, isIdentPart(u[k]) { k += 1 }
                    if b != UInt8(ascii: "-"), !isFloat {
                        if k < u.count, u[k] == UInt8(ascii: "?") { k += 1 }
                        out.append(.identifier(String(decoding: u[i..<k], as: UTF8.self)))
                        i = k
                        continue
                    }
                    throw FilterError("unexpected characters after the number \(text)")
                }
                if isFloat {
                    out.append(.float(Double(text) ?? 0))
                } else if let n = Int(text) {
                    out.append(.integer(n))
                } else {
                    throw FilterError("integer overflow: the number \(text.prefix(40)) does not fit in 64 bits")
                }
                i = j
            default:
                guard isIdentStart(b) else {
                    throw FilterError("unexpected character '\(String(decoding: [b], as: UTF8.self))'")
                }
                var j = i
                while j < u.count, isIdentPart(u[j]) { j += 1 }
                if j < u.count, u[j] == UInt8(ascii: "?") { j += 1 }
                out.append(.identifier(String(decoding: u[i..<j], as: UTF8.self)))
                i = j
            }
        }
        out.append(.end)
        return out
    }
}
