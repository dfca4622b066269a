import Diagnostics
import Formats
import Foundation
import Liquid
import LiquidFiles
import Markdown

/// `commonsight render`: one Liquid template with JSON data, to stdout (SPEC §3), for template authors.
enum RenderCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("render") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "render", valued: ["template", "data", "partials", "autoescape"], flags: ["strict-filters", "batch"])
        if parsed.flags.contains("batch") {
            if let extra = parsed.positionals.first ?? ["template", "data", "partials"].first(where: { parsed.options[$0] != nil }).map({ "--" + $0 }) {
                throw Arguments.UsageError(message: "'render --batch' reads its templates from stdin; unexpected '\(extra)'", command: "render")
            }
            return try batch(autoescape: parsed.options["autoescape"] ?? "none", strictFilters: parsed.flags.contains("strict-filters"))
        }
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
            StandardStreams.write(1, Array(output.utf8))
            return 0
        } catch {
            console.err(error.description)
            return 1
        }
    }

    /// `render --batch`: one JSON object per line on stdin, `{"template": "...", "data": {...},
    /// "partials": {"name": "..."}, "strict_filters": false}`, and one line per request on stdout,
    /// `{"output": "..."}` or `{"error": "..."}`, so a test can render thousands of templates in one process.
    static func batch(autoescape: String, strictFilters: Bool) throws(Arguments.UsageError) -> Int32 {
        guard autoescape == "none" || autoescape == "html" else {
            throw Arguments.UsageError(message: "--autoescape must be 'none' or 'html', not '\(autoescape)'", command: "render")
        }
        let html = autoescape == "html"
        let filters = JekyllFilters.filters(markdown: MarkdownRenderer.html)
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let reply: Value
            var log = DiagnosticLog()
            if let request = JSON.parse(line, path: "request#\(number)", log: &log), case .object(let fields) = LiquidData.value(request),
               case .string(let source)? = fields["template"] {
                var data = Object()
                if case .object(let o)? = fields["data"] { data = o }
                var sources: [String: String] = [:]
                fields["partials"].flatMap { if case .object(let o) = $0 { o } else { nil } }?.forEach { name, v in
                    if case .string(let text) = v { sources[name] = text }
                }
                let partials = sources
                let strict: Bool
                if case .bool(let b)? = fields["strict_filters"] { strict = b } else { strict = strictFilters }
                let environment = Environment(partials: { name throws(LiquidError) in
                                                  guard let text = partials[name] else { return nil }
                                                  return try Template(text, path: name, htmlContext: html)
                                              },
                                              autoescape: html, filters: filters, strictFilters: strict, timeZone: zone())
                do {
                    let output = try Template(source, path: "request#\(number)", htmlContext: html).render(data, environment: environment)
                    reply = .object(Object([("output", .string(output))]))
                } catch {
                    reply = .object(Object([("error", .string(error.description))]))
                }
            } else {
                let why = log.items.first.map { "\($0)" } ?? "request#\(number): a request must be a JSON object with a string \"template\""
                reply = .object(Object([("error", .string(why))]))
            }
            // A reader that went away (or a full disk) ends the batch instead of reading on.
            guard StandardStreams.write(1, Array((JSONText.encode(reply) + "\n").utf8)) else { return StandardStreams.ioErrorStatus }
        }
        return 0
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
