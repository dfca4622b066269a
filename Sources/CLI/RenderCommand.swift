import Diagnostics
import Formats
import Foundation
import Liquid
import LiquidFiles
import Markdown

/// `commonsight render`: one Liquid template with JSON data, to stdout, for template authors.
enum RenderCommand {
    static let command = Command(
        name: "render", summary: "render one Liquid template with JSON data to stdout",
        forms: ["--template [--data] [--partials] [--autoescape] [--strict-filters]", "--batch [--autoescape] [--strict-filters]"],
        options: [
            Option("template", "FILE", "the Liquid template"),
            Option("data", "FILE.json", "a JSON object: the template's variables"),
            Option("partials", "DIR", "where partials are: 'foo' ({% include 'foo' %}, {% render 'foo' %}) is DIR/foo.liquid"),
            Option("autoescape", "none|html", "html: escape every output that is not marked safe, for where it lands in the HTML"),
            Option("strict-filters", nil, "an unknown filter is an error (otherwise it leaves the value as it is)"),
            Option("batch", nil, "render one JSON request a line from stdin, one JSON answer a line to stdout (for test harnesses)"),
        ],
        about: """
        Renders one Liquid template with the JSON object in FILE.json as its variables and prints the
        result, for template authors (docs/liquid.md). With --batch each line of stdin is
        {"template": "...", "data": {...}, "partials": {"name": "..."}, "strict_filters": false} and
        each answer {"output": "..."} or {"error": "..."}.
        """,
        notes: "Template errors are printed as PATH:LINE:COLUMN: error: ... and exit with status 1.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        if parsed.flag("batch") {
            for (extra, given) in [("--template", parsed.value("template")), ("--data", parsed.value("data")), ("--partials", parsed.value("partials"))]
            where given != nil {
                throw Arguments.UsageError(message: "'render --batch' reads its templates from stdin; unexpected '\(extra)'", command: "render")
            }
            return try batch(autoescape: parsed.value("autoescape") ?? "none", strictFilters: parsed.flag("strict-filters"))
        }
        guard let templatePath = parsed.value("template") else {
            throw Arguments.UsageError(message: "'render' needs --template FILE", command: "render")
        }
        let autoescape = parsed.value("autoescape") ?? "none"
        guard autoescape == "none" || autoescape == "html" else {
            throw Arguments.UsageError(message: "--autoescape must be 'none' or 'html', not '\(autoescape)'", command: "render")
        }
        var diagnostics: [Diagnostic] = []
        guard let source = read(console.resolve(templatePath), shown: templatePath, into: &diagnostics) else {
            return fail(diagnostics, console)
        }
        var data = Object()
        if let dataPath = parsed.value("data") {
            guard let text = read(console.resolve(dataPath), shown: dataPath, into: &diagnostics) else { return fail(diagnostics, console) }
            var log = DiagnosticLog()
            guard let node = JSON.parse(text, path: dataPath, log: &log) else { return fail(log.items, console) }
            guard case .object(let o) = LiquidData.value(node) else {
                return fail([.error(node.location, "the data must be a JSON object, found \(node.kindName)")], console)
            }
            data = o
        }
        let html = autoescape == "html"
        let partials = PartialFolder(root: parsed.value("partials").map(console.resolve), shown: parsed.value("partials"), htmlContext: html)
        let environment = Environment(partials: { name throws(LiquidError) in try partials.template(name) }, autoescape: html,
                                      filters: JekyllFilters.filters(markdown: MarkdownRenderer.html),
                                      strictFilters: parsed.flag("strict-filters"), timeZone: zone())
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
