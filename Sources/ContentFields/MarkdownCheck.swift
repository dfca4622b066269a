import Diagnostics
import Markdown

/// Residents' and organizers' Markdown held to the site's budget (`limits` in `site.yml`): too long,
/// too many table columns or cells, nested too deep are errors; a shape the renderer must show as
/// typed to stay fast is a warning. Each at its place in the file.
public enum MarkdownCheck {
    /// `start` is where the text begins in its file; `quoted` when the value there opens with a quote.
    public static func check(_ text: String, at start: SourceLocation, quoted: Bool = false, budget: MarkdownBudget, log: inout DiagnosticLog) {
        for v in budget.violations(in: text) {
            let place = v.line == 1 ? start.at(line: start.line, column: start.column + (quoted ? 1 : 0) + v.column - 1)
                : start.at(line: start.line + v.line - 1, column: v.column)
            if v.kind == .renderedAsTyped {
                log.warning(place, v.message)
            } else {
                log.error(place, v.message + "; shorten it, or raise the limit under 'limits' in site.yml")
            }
        }
    }
}
