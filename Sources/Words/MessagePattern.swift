import Liquid

/// A message's text cut once, when its language file is read, into literal runs (kept raw and
/// escaped for HTML) and `{name}` parameters, so filling it in is only appending.
public struct MessagePattern: Sendable {
    public enum Part: Sendable {
        case literal(String, html: String)
        case parameter(String)
    }

    /// The text as the language file writes it.
    public let text: String
    public let parts: [Part]
    /// The literal text's length in bytes, to reserve room.
    let length: Int

    /// `{` opens a parameter up to the next `}`; a `{` never closed is text.
    public init(_ text: String) {
        var parts: [Part] = []
        var rest = Substring(text)
        func literal(_ s: Substring) {
            if !s.isEmpty { parts.append(.literal(String(s), html: HTMLEscaping.escape(String(s)))) }
        }
        // Found by bytes: braces are ASCII, and comparing characters would cost far more.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")), let close = rest[open...].utf8.firstIndex(of: UInt8(ascii: "}")) {
            literal(rest[..<open])
            parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        literal(rest)
        self.text = text
        self.parts = parts
        length = text.utf8.count
    }

    /// The names of its parameters, in order.
    public var parameters: [String] {
        parts.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }
}
