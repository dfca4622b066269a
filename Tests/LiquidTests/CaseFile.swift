import Diagnostics
import Formats
import Foundation
import Liquid
import LiquidFiles
import Markdown

/// A test case in the golden-liquid JSON format, with our extra keys for the environment.
struct LiquidCase: Sendable, CustomStringConvertible {
    var name: String
    var template: String
    var data: Object
    var results: [String]
    var invalid: Bool
    var partials: [String: String]
    var autoescape: Bool
    var relativeBase: String
    var absoluteBase: String
    var timeZone: TimeZone
    var now: Int64

    var description: String { name }

    /// Reads every case of a golden-liquid file (`{"tests": [...]}`).
    static func load(_ path: String) -> [LiquidCase] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var log = DiagnosticLog()
        guard let root = JSON.parse(String(decoding: data, as: UTF8.self), path: path, log: &log),
              let tests = root["tests"]?.items else { return [] }
        return tests.map { t in
            var partials: [String: String] = [:]
            for e in t["templates"]?.entries ?? [] { partials[e.key] = e.value.scalarText ?? "" }
            var results = (t["results"]?.items ?? []).compactMap(\.scalarText)
            if let r = t["result"]?.scalarText { results = [r] }
            var object = Object()
            if let d = t["data"], case .object(let o) = LiquidData.value(d) { object = o }
            var autoescape = false
            if case .bool(let b)? = t["autoescape"]?.value { autoescape = b }
            var invalid = false
            if case .bool(let b)? = t["invalid"]?.value { invalid = b }
            var now: Int64 = 0
            if case .number(let n, _)? = t["now"]?.value { now = Int64(n) }
            return LiquidCase(
                name: t["name"]?.scalarText ?? "?", template: t["template"]?.scalarText ?? "", data: object,
                results: results, invalid: invalid, partials: partials, autoescape: autoescape,
                relativeBase: t["relative_base"]?.scalarText ?? "", absoluteBase: t["absolute_base"]?.scalarText ?? "",
                timeZone: t["timezone"]?.scalarText.flatMap(TimeZone.init(identifier:)) ?? .gmt, now: now)
        }
    }

    /// Renders the case; the output, or the error.
    func run() -> Result<String, LiquidError> {
        let partials = partials
        let html = autoescape
        let environment = Environment(
            partials: { name throws(LiquidError) in
                guard let source = partials[name] else { return nil }
                return try Template(source, path: name, htmlContext: html)
            },
            autoescape: autoescape,
            filters: JekyllFilters.filters(relativeBase: relativeBase, absoluteBase: absoluteBase, markdown: MarkdownRenderer.html),
            timeZone: timeZone, now: now)
        do {
            let template = try Template(self.template, path: "case", htmlContext: autoescape)
            return .success(try template.render(data, environment: environment))
        } catch {
            return .failure(error)
        }
    }

    /// Nil when the case passes, else what went wrong.
    func failure() -> String? {
        switch run() {
        case .success(let out):
            if invalid { return "expected an error, rendered \(out.debugDescription)" }
            return results.contains(out) ? nil : "expected \(results.first.debugDescription), rendered \(out.debugDescription)"
        case .failure(let e):
            return invalid ? nil : "unexpected error: \(e)"
        }
    }
}
