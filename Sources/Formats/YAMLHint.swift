/// libyaml's messages in the words of someone writing front matter: what to change on the line.
enum YAMLHint {
    /// What to do about `problem` (libyaml's words) found on `line` (the file's text of that line),
    /// or nil when there is no better advice than libyaml's.
    static func hint(problem: String, context: String, line: String) -> String? {
        let text = line.withoutEdgeSpaces
        let (key, value) = split(text)
        switch problem {
        case "mapping values are not allowed in this context":
            if let key, let value, !value.hasPrefix("\"") {
                return "a value with a colon must be in quotes: \(key): \(quote(value))"
            }
            return "a value with a colon must be in quotes, like title: \"Meeting: 6 pm\""
        case "did not find expected key":
            if let value, value.hasPrefix("\"") || value.hasPrefix("'") {
                return "text after a closing quote; put the whole value in quotes: \(key ?? "key"): \(quote(unquoted(value)))"
            }
            return "this line is indented differently from the ones above it; line up each 'key: value' with the others, and write a value that goes on over lines in quotes"
        case "could not find expected ':'":
            return "each line of front matter is 'key: value'; add the colon, or, if this line goes on the value above, put that whole value in quotes"
        case "found character that cannot start any token":
            if line.contains("\t") { return "YAML is indented with spaces, never tabs; replace the tab with spaces" }
            if let key, let value { return "a value starting with \(value.prefix(1)) must be in quotes: \(key): \(quote(value))" }
            return "a value starting with @, ` or % must be in quotes"
        case "found a tab character that violates indentation", "found a tab character where an indentation space is expected":
            return "YAML is indented with spaces, never tabs; replace the tab with spaces"
        case "found unknown escape character":
            return "a backslash in double quotes starts an escape; use single quotes, or write \\\\ for one backslash"
        case "found unexpected end of stream":
            return "a quote is opened and never closed; close it on the same line"
        case "did not find expected ',' or ']'":
            return "a [list] is not closed with ], or an item holds a ',' or ':' and must be in quotes: [\"a, b\", c]"
        case "did not find expected ',' or '}'":
            return "a {mapping} is not closed with }, or a value holds a ',' and must be in quotes"
        case "block sequence entries are not allowed in this context":
            return "a list of '- item' lines starts on the line after its key, each item indented: tags:\\n  - one"
        case "did not find expected node content":
            return "a value is missing or starts with a character YAML reserves; put the value in quotes"
        case "found undefined tag handle", "did not find expected tag URI":
            if let key, let value { return "a value starting with ! must be in quotes: \(key): \(quote(value))" }
            return "a value starting with ! must be in quotes"
        default:
            _ = context
            return nil
        }
    }

    /// `key: value` split at the first colon followed by a space (or the end).
    static func split(_ line: String) -> (String?, String?) {
        let chars = Array(line)
        guard let colon = chars.indices.first(where: { chars[$0] == ":" && ($0 + 1 == chars.count || chars[$0 + 1] == " ") }) else { return (nil, nil) }
        let key = String(chars[..<colon]).withoutEdgeSpaces
        let value = String(chars[(colon + 1)...]).withoutEdgeSpaces
        guard !key.isEmpty, !key.contains(" ") || key.hasPrefix("\"") else { return (nil, nil) }
        return (key, value.isEmpty ? nil : value)
    }

    static func quote(_ value: String) -> String {
        var out = "\""
        for c in value {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// A value with its outer quotes taken off (text after a closing quote kept).
    static func unquoted(_ value: String) -> String {
        guard let q = value.first, q == "\"" || q == "'" else { return value }
        return String(value.dropFirst().filter { $0 != q })
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var withoutEdgeSpaces: String {
        let chars = Array(self)
        guard let first = chars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = chars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(chars[first...last])
    }
}
