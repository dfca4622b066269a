import Liquid
import Markdown

/// The Markdown pipeline: any text checked against the default budget and rendered, then escaped for
/// Markdown, placed in a page with safe HTML, through cmark-gfm in safe mode, and the HTML put back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for violation in MarkdownBudget.default.violations(in: text) where violation.line < 1 || violation.column < 1 {
        fatalError("violation without a place: \(violation)")
    }
    _ = MarkdownRenderer.html(text)
    let page = "# Title\n\n" + Placeholders.escapeMarkdown(text) + "\n\n\u{E000}0\u{E001}\n\n" + text
    _ = Placeholders.restore(MarkdownRenderer.html(page), ["<p>safe</p>"])
    return 0
}
