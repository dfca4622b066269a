import CYAML
import Diagnostics

/// YAML through libyaml's event parser: all of libyaml's pointers live in this file.
///
/// Anchors, aliases and more than one document are refused (front matter never needs them, and
/// aliases can expand without bound); nesting is limited to `YAML.maxDepth` levels.
public enum YAML {
    public static let maxDepth = 64

    /// Parses one YAML document. `firstLine` is the file line where `text` starts.
    public static func parse(_ text: String, path: String, firstLine: Int = 1, log: inout DiagnosticLog) -> Node? {
        let bytes = Array(text.utf8)
        var builder = TreeBuilder(path: path, lineOffset: firstLine - 1, lines: LineStarts(bytes))
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            log.error(SourceLocation(path: path), "the YAML parser could not start (out of memory)")
            return nil
        }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer -> Node? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let mark = parser.problem_mark
                    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
                    let context = parser.context.map { String(cString: $0) + ": " } ?? ""
                    let line = Self.line(Int(mark.line), of: bytes)
                    let hint = YAMLHint.hint(problem: problem, context: context, line: line).map { "; " + $0 } ?? ""
                    log.error(builder.location(mark), "YAML syntax error: \(context)\(problem)\(hint)")
                    return nil
                }
                defer { yaml_event_delete(&event) }
                let step = builder.accept(event)
                switch step {
                case .more: continue
                case .done: return builder.result
                case .failed(let diagnostic):
                    log.append(diagnostic)
                    return nil
                }
            }
        }
    }
}

extension YAML {
    /// The text of line `index` (from 0), for hints; empty past the end.
    static func line(_ index: Int, of bytes: [UInt8]) -> String {
        var start = 0, current = 0
        while current < index, let next = bytes[start...].firstIndex(of: 0x0A) {
            start = next + 1
            current += 1
        }
        guard current == index, start <= bytes.count else { return "" }
        let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        return String(decoding: bytes[start..<end].prefix(500), as: UTF8.self)
    }
}

/// Builds `Node`s from libyaml events with a stack of open containers.
private struct TreeBuilder {
    enum Step { case more, done, failed(Diagnostic) }

    /// A list or mapping still being read. A class, so appending to the innermost one never copies
    /// what it holds (an enum popped and pushed back would copy on every item).
    final class Open {
        let isMap: Bool
        let location: SourceLocation
        var items: [Node] = []
        var entries: [Node.Entry] = []
        /// The key waiting for its value.
        var pendingKey: Node?
        /// Where each key of a mapping was first seen.
        var keys: [String: SourceLocation] = [:]

        init(isMap: Bool, location: SourceLocation) {
            self.isMap = isMap
            self.location = location
        }

        var node: Node { Node(isMap ? .map(entries) : .list(items), at: location) }
    }

    let path: String
    let lineOffset: Int
    /// Set when the text has a break libyaml counts and nothing else does (U+0085, U+2028, U+2029).
    let lines: LineStarts?
    var stack: [Open] = []
    var result: Node?
    var documents = 0

    init(path: String, lineOffset: Int, lines: LineStarts?) {
        self.path = path
        self.lineOffset = lineOffset
        self.lines = lines
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        if let lines {
            let (line, column) = lines.position(ofScalar: Int(mark.index))
            return SourceLocation(path: path, line: line + lineOffset, column: column)
        }
        return SourceLocation(path: path, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    mutating func accept(_ event: yaml_event_t) -> Step {
        let at = location(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_NO_EVENT:
            return .more
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { return .failed(.error(at, "only one YAML document is allowed here")) }
            return .more
        case YAML_STREAM_END_EVENT:
            return .done
        case YAML_ALIAS_EVENT:
            return .failed(.error(at, "YAML aliases ('*name') are not allowed here; write the value out"))
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            if s.anchor != nil { return anchorError(at) }
            let text = s.value.map { ptr in
                String(decoding: UnsafeBufferPointer(start: ptr, count: Int(s.length)), as: UTF8.self)
            } ?? ""
            let plain = s.style == YAML_PLAIN_SCALAR_STYLE
            return add(Node(plain ? Self.resolvePlain(text) : .string(text), at: at))
        case YAML_SEQUENCE_START_EVENT:
            if event.data.sequence_start.anchor != nil { return anchorError(at) }
            return open(Open(isMap: false, location: at), at: at)
        case YAML_MAPPING_START_EVENT:
            if event.data.mapping_start.anchor != nil { return anchorError(at) }
            return open(Open(isMap: true, location: at), at: at)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let top = stack.popLast() else { return .more }
            return add(top.node)
        default:
            return .more
        }
    }

    func anchorError(_ at: SourceLocation) -> Step {
        .failed(.error(at, "YAML anchors ('&name') are not allowed here; write the value out"))
    }

    mutating func open(_ container: Open, at: SourceLocation) -> Step {
        if stack.count >= YAML.maxDepth {
            return .failed(.error(at, "nesting is deeper than \(YAML.maxDepth) levels"))
        }
        stack.append(container)
        return .more
    }

    mutating func add(_ node: Node) -> Step {
        guard let top = stack.last else {
            result = node
            return .more
        }
        if !top.isMap {
            top.items.append(node)
        } else if let key = top.pendingKey {
            top.entries.append(Node.Entry(key: key.scalarText ?? "", keyLocation: key.location, value: node))
            top.pendingKey = nil
        } else {
            guard let name = node.scalarText else {
                return .failed(.error(node.location, "a mapping key must be plain text, found \(node.kindName)"))
            }
            if let first = top.keys[name] {
                return .failed(.error(node.location, "the key \(quoted(name)) appears twice; first at line \(first.line), column \(first.column)"))
            }
            top.keys[name] = node.location
            top.pendingKey = node
        }
        return .more
    }

    /// YAML 1.2 core schema for plain scalars: null, booleans and numbers; everything else is text.
    static func resolvePlain(_ text: String) -> Node.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default:
            if let n = NumberSyntax.parse(text) { return .number(n, text) }
            return .string(text)
        }
    }
}

/// Lines as an editor, `check` and `review` count them: only LF, CRLF and CR end a line. libyaml also
/// ends lines at U+0085, U+2028 and U+2029, so for a text that holds one of them its marks are
/// turned into positions from their index (which counts Unicode scalars) instead.
struct LineStarts {
    /// The scalar index where each line starts (`starts[0]` is line 1).
    let starts: [Int]

    /// Nil when the text has none of libyaml's extra breaks: its own lines and columns are right.
    init?(_ bytes: [UInt8]) {
        var extra = false
        for i in bytes.indices where bytes[i] == 0xC2 || bytes[i] == 0xE2 {
            if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { extra = true; break }
            if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { extra = true; break }
        }
        guard extra else { return nil }
        var starts = [0]
        var scalar = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                i += 2
                scalar += 2
                starts.append(scalar)
                continue
            }
            i += 1
            if b & 0xC0 != 0x80 { scalar += 1 }
            if b == 0x0A || b == 0x0D { starts.append(scalar) }
        }
        self.starts = starts
    }

    /// The 1-based line and column (in scalars) of the scalar at `index`.
    func position(ofScalar index: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, index - starts[lo] + 1)
    }
}
