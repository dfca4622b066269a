import CCmarkGFM

/// CommonMark with GitHub's extensions through cmark-gfm, in safe mode; all of its pointers live here.
///
/// Safe mode drops raw HTML and links whose scheme is `javascript:`, `vbscript:`, `file:` or a
/// non-image `data:`; tables, strikethrough, autolinks and task lists are on.
public enum MarkdownRenderer {
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Renders Markdown to an HTML fragment.
    public static func html(_ markdown: String) -> String {
        plainParagraph(markdown) ?? cmarkHTML(markdown)
    }

    /// Always through cmark-gfm.
    static func cmarkHTML(_ markdown: String) -> String {
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
        linkRemoteImages(document)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return html5(String(cString: rendered))
    }
}

extension MarkdownRenderer {
    /// Text that no Markdown rule can touch (one line, letters, digits, spaces and `.,;:?` only, not
    /// starting with a digit) renders as cmark would render it: one paragraph. Most resident reports
    /// are like this, and they skip the parser.
    static func plainParagraph(_ text: String) -> String? {
        var u = Substring(text).utf8[...]
        while let f = u.first, f == 0x20 || f == 0x09 { u = u.dropFirst() }
        while let l = u.last, l == 0x20 || l == 0x09 || l == 0x0A { u = u.dropLast() }
        guard let first = u.first, !(first >= 0x30 && first <= 0x39) else { return u.isEmpty ? "" : nil }
        var previousSpace = false
        for b in u {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "?"):
                previousSpace = false
            case UInt8(ascii: "."):
                previousSpace = false
            case 0x20:
                if previousSpace { return nil }  // two spaces can end a line break
                previousSpace = true
            default:
                return nil
            }
        }
        let body = String(decoding: u, as: UTF8.self)
        if body.contains("..") { return nil }  // smart punctuation makes an ellipsis
        return "<p>" + body + "</p>\n"
    }

    /// cmark-gfm aligns table cells with `align`, which HTML5 made obsolete: use a style instead.
    static func html5(_ html: String) -> String {
        guard html.contains(" align=\"") else { return html }
        var out = html
        for side in ["left", "center", "right"] {
            out = out.replacingOccurrences(of: " align=\"\(side)\"", with: " style=\"text-align: \(side)\"")
        }
        return out
    }

    /// Images from another host become links to them: a page never loads anything from elsewhere.
    static func linkRemoteImages(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var images: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if isRemote(url) { images.append(node) }
        }
        cmark_iter_free(iterator)
        for image in images {
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            _ = cmark_node_set_url(link, cmark_node_get_url(image))
            while let child = cmark_node_first_child(image) {
                cmark_node_unlink(child)
                _ = cmark_node_append_child(link, child)
            }
            _ = cmark_node_insert_before(image, link)
            cmark_node_unlink(image)
            cmark_node_free(image)
        }
    }

    /// `http:`, `https:`, `//host` or any other scheme: anything not inside the site.
    static func isRemote(_ url: String) -> Bool {
        let t = url.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasPrefix("//") { return true }
        guard let colon = t.firstIndex(of: ":") else { return false }
        return !t[..<colon].contains("/")
    }
}

import Foundation
