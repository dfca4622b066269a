import Escaping
import CCmarkGFM
import Synchronization

/// CommonMark with GitHub's extensions through cmark-gfm, in safe mode; all of its pointers live here.
///
/// Safe mode drops raw HTML (but for words marked with their language: `LanguageMarks`) and links
/// whose scheme is `javascript:`, `vbscript:`, `file:` or a non-image `data:`; tables, strikethrough, autolinks and task lists are on.
public enum MarkdownRenderer {
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Renders Markdown to an HTML fragment, in time and size linear in the text's length, whatever
    /// the text (see `MarkdownGuard` for the shapes that would be quadratic in cmark-gfm 0.29.0.gfm.6
    /// and how they are kept linear; ordinary Markdown renders exactly as cmark-gfm renders it).
    public static func html(_ markdown: String) -> String {
        plainParagraph(markdown) ?? placeholderBlocks(markdown) ?? cmarkHTML(markdown)
    }

    /// Always through cmark-gfm; `guarded: false` (for tests) shows what cmark-gfm alone makes.
    static func cmarkHTML(_ markdown: String, guarded: Bool = true) -> String {
        let original = Array(markdown.utf8)
        let guarded = guarded ? MarkdownGuard.defuse(original).bytes : original
        return withDocument(guarded) { document, extensions in
            limitLinkExpansion(document, textBytes: original.count)
            linkRemoteImages(document)
            LanguageMarks.apply(document)
            guard let rendered = cmark_render_html(document, options, extensions) else { return "" }
            defer { free(rendered) }
            return html5(String(cString: rendered))
        } ?? ""
    }

    /// The language of a block that is exactly `<div lang="xx">` (words marked with their language,
    /// see `LanguageMarks`), nil for any other block.
    public static func languageOpening(_ block: String) -> String? { LanguageMarks.opening(block) }

    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART | CMARK_OPT_GITHUB_PRE_LANG

    /// The GitHub extensions, registered and found once (cmark-gfm's registration is not safe from
    /// two threads at once); a static is made once, by the first thread that asks.
    static let parsing = Mutex(())

    nonisolated(unsafe) static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// Parses `bytes` with the GitHub extensions and hands the document to `body`.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> T) -> T? {
        // Parsing and freeing a parser hold `parsing`: cmark-gfm keeps the characters its extensions
        // read (`~` for strikethrough) in one table for the whole process, adds them when a parser
        // takes an extension and takes them out when any parser is freed, so a parse beside another
        // thread's free missed `~~old~~` now and then. Rendering the document needs no lock.
        let parsed: (OpaquePointer, OpaquePointer)? = parsing.withLock { _ in
            guard let parser = cmark_parser_new(options) else { return nil }
            for ext in extensions { cmark_parser_attach_syntax_extension(parser, ext) }
            var bytes = bytes
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        cmark_parser_feed(parser, $0, buffer.count)
                    }
                }
            }
            guard let document = cmark_parser_finish(parser) else {
                cmark_parser_free(parser)
                return nil
            }
            return (parser, document)
        }
        guard let (parser, document) = parsed else { return nil }
        defer {
            cmark_node_free(document)
            parsing.withLock { _ in cmark_parser_free(parser) }
        }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    /// Bytes of link and image addresses and titles allowed per byte of text, on top of `linkFloor`:
    /// what `MarkdownGuard` lets reference definitions expand to, plus the text's own inline links,
    /// so this only acts should the guard's estimate ever fall short.
    static let linkBytesPerByte = MarkdownGuard.costPerByte + 1
    static let linkFloor = MarkdownGuard.costFloor

    /// A reference definition's address is copied into every link that uses it: `[a]` repeated after
    /// one long `[a]: …` makes output quadratic in the text (and past 1 GiB cmark-gfm aborts the
    /// process). Once the addresses and titles written so far pass the allowance, later links and
    /// images are replaced by their text. Returns where the first one replaced started, and how many.
    @discardableResult
    static func limitLinkExpansion(_ document: OpaquePointer, textBytes: Int) -> (line: Int, column: Int, count: Int)? {
        guard let iterator = cmark_iter_new(document) else { return nil }
        var left = MarkdownGuard.saturatingAdd(MarkdownGuard.saturatingMultiply(textBytes, linkBytesPerByte), linkFloor)
        var replaced: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            if left >= 0 {
                // Reading a shared address copies it, so stop reading once past the allowance.
                left -= cmark_node_get_url(node).map { strlen($0) } ?? 0
                if left >= 0 { left -= cmark_node_get_title(node).map { strlen($0) } ?? 0 }
            }
            if left < 0 { replaced.append(node) }
        }
        cmark_iter_free(iterator)
        let first = replaced.first.map { (line: Int(cmark_node_get_start_line($0)), column: Int(cmark_node_get_start_column($0)), count: replaced.count) }
        for node in replaced {
            while let child = cmark_node_first_child(node) {
                cmark_node_unlink(child)
                _ = cmark_node_insert_before(node, child)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return first
    }
}

extension MarkdownRenderer {
    /// Text that no Markdown rule can touch (one line, letters, digits, spaces and `.,;:?` only, not
    /// starting with a digit, at most three spaces and no tab in front, no `www.`) renders as cmark
    /// would render it: one paragraph. Most resident reports are like this, and they skip the parser.
    static func plainParagraph(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all -> String? in
            var start = 0, end = all.count
            while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
            while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 || all[end - 1] == 0x0A { end -= 1 }
            guard start < end else { return "" }
            // A tab or four spaces in front make the text code, not a paragraph.
            guard start < 4, !all[0..<start].contains(0x09) else { return nil }
            guard !(all[start] >= 0x30 && all[start] <= 0x39) else { return nil }
            var previous: UInt8 = 0
            for i in start..<end {
                let b = all[i]
                switch b {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "?"):
                    break
                case UInt8(ascii: "."):
                    if previous == b { return nil }  // smart punctuation makes an ellipsis
                    // `www.` starts a link (the autolink extension), in any case.
                    if i >= start + 3, all[i - 3] | 0x20 == UInt8(ascii: "w"), all[i - 2] | 0x20 == UInt8(ascii: "w"),
                       all[i - 1] | 0x20 == UInt8(ascii: "w") { return nil }
                case 0x20:
                    if previous == b { return nil }  // two spaces can end a line break
                default:
                    return nil
                }
                previous = b
            }
            return "<p>" + String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self) + "</p>\n"
        }
    }

    /// cmark-gfm aligns table cells with `align`, which HTML5 made obsolete: use a style instead.
    static func html5(_ html: String) -> String {
        guard hasAlign(html) else { return html }
        var out = html
        for side in ["left", "center", "right"] {
            out = ByteSearch.replacingAll(" align=\"\(side)\"", with: " style=\"text-align: \(side)\"", in: out)
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

    /// Whether the HTML holds ` align="` (the standard library's generic `firstRange(of:)` took
    /// 3 % of a large build for this one question).
    static func hasAlign(_ html: String) -> Bool { ByteSearch.contains(" align=\"", in: html[...]) }

    /// `http:`, `https:`, `//host` or any other scheme: anything not inside the site.
    static func isRemote(_ url: String) -> Bool {
        let t = url.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasPrefix("//") { return true }
        guard let colon = t.firstIndex(of: ":") else { return false }
        return !t[..<colon].contains("/")
    }
}

import Foundation

// MARK: What the budget checks, read from cmark-gfm's tree

/// Facts about a parsed text that `MarkdownBudget` needs, in cmark-gfm's positions (1-based line;
/// 1-based byte column in the text cmark-gfm was given).
struct MarkdownFacts {
    struct Table {
        /// The line of the header row.
        var headerLine: Int
        var columns: Int
        var rows: Int
    }

    struct DeepRegion {
        var line: Int
        var column: Int
        var depth: Int
    }

    var tables: [Table] = []
    var deepRegions: [DeepRegion] = []
    /// Where links and images began to be replaced by their text, and how many were.
    var linkExpansion: (line: Int, column: Int, count: Int)?
}

extension MarkdownRenderer {
    /// Tables, block quote and list regions nested deeper than `maxDepth`, and the link expansion
    /// limit, for the text `bytes` (already through `MarkdownGuard`) of a text of `textBytes` bytes.
    static func facts(_ bytes: [UInt8], textBytes: Int, maxDepth: Int) -> MarkdownFacts {
        withDocument(bytes) { document, _ in
            var facts = MarkdownFacts()
            facts.linkExpansion = limitLinkExpansion(document, textBytes: textBytes)
            guard let iterator = cmark_iter_new(document) else { return facts }
            defer { cmark_iter_free(iterator) }
            var depth = 0
            var region: (node: OpaquePointer, line: Int, column: Int, depth: Int)?
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST {
                    if event == CMARK_EVENT_ENTER {
                        depth += 1
                        if var r = region {
                            r.depth = max(r.depth, depth)
                            region = r
                        } else if depth > maxDepth {
                            region = (node, Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)), depth)
                        }
                    } else {
                        depth -= 1
                        if let r = region, r.node == node {
                            facts.deepRegions.append(.init(line: r.line, column: r.column, depth: r.depth))
                            region = nil
                        }
                    }
                }
                if event == CMARK_EVENT_ENTER, let name = cmark_node_get_type_string(node), String(cString: name) == "table" {
                    facts.tables.append(table(node))
                }
            }
            return facts
        } ?? MarkdownFacts()
    }

    /// A table's header line, columns and rows. cmark-gfm gives a table (and its header row) the
    /// first line of the paragraph it came from, so the header line is found from the delimiter row:
    /// the line before the first body row's, or the table's last line when it has no body.
    static func table(_ node: OpaquePointer) -> MarkdownFacts.Table {
        var rows = 0
        var columns = 0
        var bodyLine: Int?
        var row = cmark_node_first_child(node)
        while let r = row {
            if rows == 0 {
                var cell = cmark_node_first_child(r)
                while let c = cell { columns += 1; cell = cmark_node_next(c) }
            } else if rows == 1 {
                bodyLine = Int(cmark_node_get_start_line(r))
            }
            rows += 1
            row = cmark_node_next(r)
        }
        let delimiterLine = bodyLine.map { $0 - 1 } ?? Int(cmark_node_get_end_line(node))
        return .init(headerLine: max(1, delimiterLine - 1), columns: columns, rows: rows)
    }
}

extension MarkdownRenderer {
    /// Markdown of only headings (`#` to `######` and a space) and one-line paragraphs, each of
    /// nothing but placeholders (`\u{E000}n\u{E001}`, HTML made elsewhere), every paragraph followed by
    /// an empty line or the end: a report page's, its title and its description. Rendered as cmark-gfm
    /// renders it, without the parser; nil for anything else.
    static func placeholderBlocks(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all -> String? in
            let n = all.count
            /// Placeholders only: U+E000 (EE 80 80), digits, U+E001 (EE 80 81), again and again.
            func placeholdersOnly(_ from: Int, _ to: Int) -> Bool {
                var i = from
                guard i < to else { return false }
                while i < to {
                    guard i + 2 < to, all[i] == 0xEE, all[i + 1] == 0x80, all[i + 2] == 0x80 else { return false }
                    i += 3
                    let digits = i
                    while i < to, all[i] >= 0x30, all[i] <= 0x39 { i += 1 }
                    guard i > digits, i + 2 < to, all[i] == 0xEE, all[i + 1] == 0x80, all[i + 2] == 0x81 else { return false }
                    i += 3
                }
                return true
            }
            var out: [UInt8] = []
            out.reserveCapacity(n + 32)
            var start = 0
            while start < n {
                var end = start
                while end < n, all[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if end == start { continue }
                var level = 0
                while start + level < end, all[start + level] == UInt8(ascii: "#") { level += 1 }
                if level > 0 {
                    guard level <= 6, start + level < end, all[start + level] == 0x20, placeholdersOnly(start + level + 1, end) else { return nil }
                    out += "<h\(level)>".utf8
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: all[(start + level + 1)..<end]))
                    out += "</h\(level)>\n".utf8
                } else {
                    // A paragraph ends at an empty line; a line after it would join it.
                    guard placeholdersOnly(start, end), end + 1 >= n || all[end + 1] == 0x0A else { return nil }
                    out += "<p>".utf8
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: all[start..<end]))
                    out += "</p>\n".utf8
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
