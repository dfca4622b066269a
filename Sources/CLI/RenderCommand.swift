import Diagnostics
import Formats
import Foundation
import Liquid
import Markdown

/// `commonsight render`: one Liquid template with JSON data, to stdout (SPEC §3), for template authors.
enum RenderCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("render") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "render", valued: ["template", "data", "partials", "autoescape"], flags: ["strict-filters"])
        guard let templatePath = parsed.options["template"] else {
            throw Arguments.UsageError(message: "'render' needs --template FILE", command: "render")
        }
        if let extra = parsed.positionals.first {
            throw Arguments.UsageError(message: "unexpected argument '\(extra)'", command: "render")
        }
        let autoescape = parsed.options["autoescape"] ?? "none"
        guard autoescape == "none" || autoescape == "html" else {
            throw Arguments.UsageError(message: "--autoescape must be 'none' or 'html', not '\(autoescape)'", command: "render")
        }
        var diagnostics: [Diagnostic] = []
        guard let source = read(console.resolve(templatePath), shown: templatePath, into: &diagnostics) else {
            return fail(diagnostics, console)
        }
        var data = Object()
        if let dataPath = parsed.options["data"] {
            guard let text = read(console.resolve(dataPath), shown: dataPath, into: &diagnostics) else { return fail(diagnostics, console) }
            var log = DiagnosticLog()
            guard let node = JSON.parse(text, path: dataPath, log: &log) else { return fail(log.items, console) }
            guard case .object(let o) = LiquidData.value(node) else {
                return fail([.error(node.location, "the data must be a JSON object, found \(node.kindName)")], console)
            }
            data = o
        }
        let html = autoescape == "html"
        let partials = PartialFolder(root: parsed.options["partials"].map(console.resolve), shown: parsed.options["partials"], htmlContext: html)
        let environment = Environment(partials: { name throws(LiquidError) in try partials.template(name) }, autoescape: html,
                                      filters: JekyllFilters.filters(markdown: MarkdownRenderer.html),
                                      strictFilters: parsed.flags.contains("strict-filters"), timeZone: zone())
        do {
            let template = try Template(source, path: templatePath, htmlContext: html)
            let output = try template.render(data, environment: environment)
            FileHandle.standardOutput.write(Data(output.utf8))
            return 0
        } catch {
            console.err(error.description)
            return 1
        }
    }

    /// The `TZ` the user set, else UTC: `render` is a tool for template authors, not part of a build.
    static func zone() -> TimeZone {
        ProcessInfo.processInfo.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .gmt
    }

    static func read(_ path: String, shown: String, into diagnostics: inout [Diagnostic]) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(.error(SourceLocation(path: shown), "cannot read this file"))
            return nil
        }
        switch TextFile.decode([UInt8](data), path: shown, keepingLineEnds: true) {
        case .success(let text): return text
        case .failure(let d):
            diagnostics.append(d)
            return nil
        }
    }

    static func fail(_ diagnostics: [Diagnostic], _ console: Console) -> Int32 {
        _ = CommandLineTool.report(diagnostics, console: console)
        return 1
    }
}

/// Partials read from a folder (`foo` is `DIR/foo.liquid`), each parsed once.
final class PartialFolder: @unchecked Sendable {
    let root: String?
    let shown: String?
    let htmlContext: Bool
    private var cache: [String: Template] = [:]
    private let lock = NSLock()

    init(root: String?, shown: String?, htmlContext: Bool) {
        self.root = root
        self.shown = shown
        self.htmlContext = htmlContext
    }

    func template(_ name: String) throws(LiquidError) -> Template? {
        guard let root, !name.isEmpty, !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }), !name.hasPrefix("/") else { return nil }
        if let cached = lock.withLock({ cache[name] }) { return cached }
        guard let data = FileManager.default.contents(atPath: root + "/" + name + ".liquid") else { return nil }
        guard case .success(let source) = TextFile.decode([UInt8](data), path: name, keepingLineEnds: true) else {
            throw LiquidError(.syntax, "the partial is not valid UTF-8", path: (shown ?? root) + "/" + name + ".liquid")
        }
        let template = try Template(source, path: (shown ?? root) + "/" + name + ".liquid", htmlContext: htmlContext)
        lock.withLock { cache[name] = template }
        return template
    }
}

/// JSON to Liquid values, at the one boundary where data enters templates.
public enum LiquidData {
    public static func value(_ node: Node) -> Value {
        switch node.value {
        case .null: return .nil
        case .bool(let b): return .bool(b)
        case .number(let d, let raw):
            if !raw.contains("."), !raw.contains("e"), !raw.contains("E"), let n = Int(raw) { return .int(n) }
            return .float(d)
        case .string(let s): return .string(s)
        case .list(let items): return .array(items.map(value))
        case .map(let entries): return .object(Object(entries.map { ($0.key, value($0.value)) }))
        }
    }
}
