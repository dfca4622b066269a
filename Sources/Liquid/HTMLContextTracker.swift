/// Follows the HTML of a layout's text so each output knows where it lands: text, a quoted
/// attribute value, the start of a URL attribute, or inside a tag unquoted.
///
/// A small subset of the HTML tokenizer: tags, attributes, quotes, comments, and the raw text of
/// `script` and `style`. Control flow is ignored; the text is read in source order.
struct HTMLContextTracker: Sendable {
    enum State: Sendable, Equatable {
        case data
        case tagName(String)
        case inTag
        case attributeName(String)
        case beforeValue(String)
        case quotedValue(String, Character, started: Bool)
        case unquotedValue(String)
        case comment
        case rawText(String)
    }

    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "poster", "cite", "data", "srcset"]

    var state: State = .data
    private var recent = ""

    var context: OutputContext {
        switch state {
        case .data, .comment, .rawText: return .text
        case .quotedValue(let name, _, let started):
            return Self.urlAttributes.contains(name) && !started ? .url : .attribute
        case .tagName, .inTag, .attributeName, .beforeValue, .unquotedValue: return .unquotedAttribute
        }
    }

    mutating func consume(_ text: String) {
        for c in text {
            step(c)
        }
    }

    /// An output was written here: a quoted value now has content.
    mutating func wroteOutput() {
        if case .quotedValue(let name, let q, _) = state { state = .quotedValue(name, q, started: true) }
    }

    private mutating func step(_ c: Character) {
        switch state {
        case .data:
            // Only what follows the last `<` can make `<!--` (text before it is never looked at
            // again: a tag name replaces it, a comment's `-->` cannot reach back past the `<`), so
            // plain text is not kept at all.
            if c == "<" { recent = "<"; state = .tagName(""); return }
            guard !recent.isEmpty else { return }
            recent.append(c)
            if recent.count > 4 { recent = "" ; return }
            if recent.hasSuffix("<!--") { state = .comment; recent = ""; return }
        case .tagName(let name):
            if c.isLetter || c.isNumber || (c == "/" && name.isEmpty) || c == "-" {
                state = name + String(c) == "!--" ? .comment : .tagName(name + String(c).lowercased())
            } else if name.isEmpty && c == "!" {
                state = .tagName("!")
            } else if c == ">" {
                endTag(name)
            } else if name.isEmpty {
                state = .data  // "<" followed by a non-letter is text
            } else {
                state = .inTag
                recent = name
            }
        case .inTag:
            if c == ">" { endTag(recent) } else if c.isLetter { state = .attributeName(String(c).lowercased()) }
        case .attributeName(let name):
            if c == "=" { state = .beforeValue(name) } else if c == ">" { endTag(recent) } else if c.isWhitespace || c == "/" { state = .inTag } else {
                state = .attributeName(name + String(c).lowercased())
            }
        case .beforeValue(let name):
            if c == "\"" || c == "'" { state = .quotedValue(name, c, started: false) } else if c == ">" { endTag(recent) } else if !c.isWhitespace {
                state = .unquotedValue(name)
            }
        case .quotedValue(let name, let q, _):
            state = c == q ? .inTag : .quotedValue(name, q, started: true)
        case .unquotedValue:
            if c == ">" { endTag(recent) } else if c.isWhitespace { state = .inTag }
        case .comment:
            recent.append(c)
            if recent.count > 3 { recent.removeFirst(recent.count - 3) }
            if recent == "-->" { state = .data; recent = "" }
        case .rawText(let tag):
            let closer = "</" + tag
            // A character that is not in the closing tag ends any match: nothing before it counts.
            // (`tag` is `script` or `style`; any other than ASCII may be, and is compared as before.)
            if let a = c.asciiValue, a != UInt8(ascii: "<"), a != UInt8(ascii: "/"), !tag.utf8.contains(a | 0x20) { recent = ""; return }
            recent.append(c)
            if recent.count > closer.count { recent.removeFirst(recent.count - closer.count) }
            if recent.lowercased() == closer { state = .tagName("/" + tag); recent = "" }
        }
    }

    private mutating func endTag(_ name: String) {
        recent = ""
        state = (name == "script" || name == "style") ? .rawText(name) : .data
    }
}
