import CCmarkGFM

/// The one raw HTML that safe mode keeps: words marked with their language.
///
/// A translated story that quotes a resident writes the quote in the resident's language, so
/// screen readers and the narration read it with the right voice:
///
///     <div lang="en">
///
///     > basketball hoop in the street
///
///     </div>
///
/// and, inside a paragraph, `<span lang="en">in the street</span>`. Only these exact tags, opened
/// and closed in the same block, become elements (with `dir="auto"`); any other raw HTML is still
/// dropped, as is a tag without its partner.
enum LanguageMarks {
    /// The language of a block that is exactly `<div lang="xx">`, nil for any other.
    static func opening(_ block: String) -> String? { Tag(block, block: true)?.language }

    /// Turns each matched pair of language tags in `document` into elements that render as written.
    static func apply(_ document: OpaquePointer) {
        var byParent: [OpaquePointer: [(node: OpaquePointer, tag: Tag)]] = [:]
        var parents: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                  let literal = cmark_node_get_literal(node), let parent = cmark_node_parent(node),
                  let tag = Tag(String(cString: literal), block: type == CMARK_NODE_HTML_BLOCK) else { continue }
            if byParent[parent] == nil { parents.append(parent) }
            byParent[parent, default: []].append((node, tag))
        }
        cmark_iter_free(iterator)
        for parent in parents {
            var open: [(node: OpaquePointer, tag: Tag)] = []
            var pairs: [(OpaquePointer, OpaquePointer, String)] = []
            for item in byParent[parent] ?? [] {
                if item.tag.language != nil {
                    open.append(item)
                } else if let last = open.last, last.tag.name == item.tag.name, let language = last.tag.language {
                    open.removeLast()
                    pairs.append((last.node, item.node, "<\(last.tag.name) lang=\"\(language)\" dir=\"auto\">"))
                }
            }
            for (opening, closing, start) in pairs {
                let block = cmark_node_get_type(opening) == CMARK_NODE_HTML_BLOCK
                replace(opening, with: start, block: block)
                replace(closing, with: "</" + (block ? "div" : "span") + ">", block: block)
            }
        }
    }

    /// Puts an element that writes `html` (and nothing else) where `node` was.
    static func replace(_ node: OpaquePointer, with html: String, block: Bool) {
        guard let element = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE) else { return }
        _ = cmark_node_set_on_enter(element, html)
        _ = cmark_node_set_on_exit(element, "")
        _ = cmark_node_insert_before(node, element)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// `<div lang="xx">`, `</div>`, `<span lang="xx">` or `</span>`, exactly (a block's final line end aside).
    struct Tag {
        var name: String
        /// The language of an opening tag; nil for a closing one.
        var language: String?

        init?(_ literal: String, block: Bool) {
            var text = Substring(literal)
            while text.last == "\n" || text.last == "\r" { text.removeLast() }
            let name = block ? "div" : "span"
            self.name = name
            if text == "</\(name)>" {
                language = nil
                return
            }
            let prefix = "<\(name) lang=\"", suffix = "\">"
            guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else { return nil }
            let tag = text.dropFirst(prefix.count).dropLast(suffix.count)
            guard Self.isLanguageTag(tag) else { return nil }
            language = String(tag)
        }

        /// `en`, `es-MX`, `zh-Hant`: letters, digits and hyphens in BCP 47's shape, nothing to escape.
        static func isLanguageTag(_ s: Substring) -> Bool {
            let parts = s.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2...3).contains(first.count),
                  first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else { return false }
            return parts.dropFirst().allSatisfy { p in
                (1...8).contains(p.count) && p.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            }
        }
    }
}
