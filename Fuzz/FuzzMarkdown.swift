import Liquid
import Markdown

/// The Markdown pipeline: any text escaped for Markdown, placed in a page with safe HTML, through
/// cmark-gfm in safe mode, and the HTML put back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = MarkdownRenderer.html(text)
    let page = "# Title\n\n" + Placeholders.escapeMarkdown(text) + "\n\n\u{E000}0\u{E001}\n\n" + text
    _ = Placeholders.restore(MarkdownRenderer.html(page), ["<p>safe</p>"])
    return 0
}
