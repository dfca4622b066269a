import CCmarkGFM

/// CommonMark with GitHub's extensions through cmark-gfm, in safe mode; all of its pointers live here.
///
/// Safe mode drops raw HTML and links whose scheme is `javascript:`, `vbscript:`, `file:` or a
/// non-image `data:`; tables, strikethrough, autolinks and task lists are on.
public enum MarkdownRenderer {
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Renders Markdown to an HTML fragment.
    public static func html(_ markdown: String) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART | CMARK_OPT_GITHUB_PRE_LANG
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

#if canImport(Glibc)
import Glibc
#endif
