/// Limits on one Markdown text (a description, a body, a narrative), checked before it is rendered.
///
/// `MarkdownRenderer.html(_:)` is safe on any text — its time and output grow linearly with the
/// text — but a text can still be too big for a page: a 3,000-column table, a short row repeated
/// under a wide header, quotes nested a hundred deep. The budget names those limits; `violations(in:)`
/// reports every one a text breaks, with its line and column in the text, so the caller can refuse
/// the text with a positioned error before it reaches a page.
public struct MarkdownBudget: Sendable, Hashable {
    /// UTF-8 bytes in one text. Default 65,536 (64 KiB, about 10,000 words).
    public var maxBytes: Int
    /// Columns of one table. Default 64.
    public var maxTableColumns: Int
    /// Cells of all the tables of one text, rows × columns (short rows are padded with empty cells,
    /// so this is what the page holds). Default 10,000.
    public var maxTableCells: Int
    /// Block quotes and lists inside one another. Default 16.
    public var maxNestingDepth: Int

    public init(maxBytes: Int = 65_536, maxTableColumns: Int = 64, maxTableCells: Int = 10_000, maxNestingDepth: Int = 16) {
        self.maxBytes = maxBytes
        self.maxTableColumns = maxTableColumns
        self.maxTableCells = maxTableCells
        self.maxNestingDepth = maxNestingDepth
    }

    public static let `default` = MarkdownBudget()

    /// Every limit `markdown` breaks, in the order of the text (size first), and every place where the
    /// renderer has to show Markdown as typed to stay linear (`MarkdownViolation.Kind.renderedAsTyped`).
    /// Time is linear in the text's length.
    public func violations(in markdown: String) -> [MarkdownViolation] {
        let bytes = Array(markdown.utf8)
        let text = TextPositions(bytes)
        var found: [MarkdownViolation] = []
        if bytes.count > maxBytes {
            let (line, column) = text.position(ofByte: max(0, maxBytes))
            found.append(.init(kind: .tooLong, line: line, column: column,
                               message: "the text is \(grouped(bytes.count)) bytes; at most \(grouped(maxBytes)) are allowed"))
        }
        if MarkdownRenderer.plainParagraph(markdown) != nil { return found }

        let guarded = MarkdownGuard.defuse(bytes)
        let facts = MarkdownRenderer.facts(guarded.bytes, textBytes: bytes.count, maxDepth: maxNestingDepth)
        let guardedText = TextPositions(guarded.bytes)
        func originalOffset(line: Int, column: Int) -> Int {
            MarkdownGuard.originalOffset(guardedText.offset(line: line, byteColumn: column), insertions: guarded.insertions)
        }

        var placed: [(offset: Int, violation: MarkdownViolation)] = []
        // Tables cmark-gfm built, and tables the guard kept it from building (still too big here).
        var tables = facts.tables.map { table -> (offset: Int, columns: Int, rows: Int) in
            // Past the guard's cap cmark-gfm saw fewer columns than were written: count the header.
            let columns = table.columns > MarkdownGuard.maxPipesPerLine ? max(table.columns, text.cells(line: table.headerLine)) : table.columns
            return (text.contentStart(line: table.headerLine), columns, table.rows)
        }
        tables += guarded.suppressedTables.map { ($0.headerOffset, $0.columns, $0.rows) }
        tables.sort { $0.offset < $1.offset }
        var cells = 0
        var cellsReported = false
        for table in tables {
            let (line, column) = text.position(ofByte: table.offset)
            if table.columns > maxTableColumns {
                placed.append((table.offset, .init(kind: .tooManyColumns, line: line, column: column,
                                                   message: "a table has \(grouped(table.columns)) columns; at most \(grouped(maxTableColumns)) are allowed")))
            }
            let here = MarkdownGuard.saturatingMultiply(table.rows, table.columns)
            cells = MarkdownGuard.saturatingAdd(cells, here)
            if cells > maxTableCells, !cellsReported {
                cellsReported = true
                let message = here > maxTableCells
                    ? "a table has \(grouped(table.rows)) rows of \(grouped(table.columns)) columns (\(grouped(here)) cells); at most \(grouped(maxTableCells)) cells are allowed in one text"
                    : "this table brings the cells of the text's tables to \(grouped(cells)); at most \(grouped(maxTableCells)) are allowed in one text"
                placed.append((table.offset, .init(kind: .tooManyTableCells, line: line, column: column, message: message)))
            }
        }
        for region in facts.deepRegions {
            let offset = originalOffset(line: region.line, column: region.column)
            let (line, column) = text.position(ofByte: offset)
            placed.append((offset, .init(
                kind: .nestedTooDeep, line: line, column: column,
                message: "block quotes and lists are nested \(grouped(region.depth)) levels deep here; at most \(grouped(maxNestingDepth)) are allowed")))
        }
        for intervention in guarded.interventions {
            let (line, column) = text.position(ofByte: intervention.offset)
            placed.append((intervention.offset, .init(kind: .renderedAsTyped, line: line, column: column,
                                                      message: Self.message(intervention))))
        }
        if let links = facts.linkExpansion {
            let offset = originalOffset(line: links.line, column: links.column)
            let (line, column) = text.position(ofByte: offset)
            placed.append((offset, .init(
                kind: .renderedAsTyped, line: line, column: column,
                message: "links repeat long addresses more than the text's length allows; from here on they are shown as their text (\(grouped(links.count)) in all)")))
        }
        return found + placed.sorted { $0.offset < $1.offset }.map(\.violation)
    }

    static func message(_ i: MarkdownGuard.Intervention) -> String {
        let all = "(\(grouped(i.count)) in all)"
        switch i.kind {
        case .delimiters:
            return "too many emphasis marks and quotes in one paragraph to render in linear time; from here on they are shown as typed \(all)"
        case .imageOpeners:
            return "too many image openers '![' before closing brackets in one paragraph to render in linear time; from here on they are shown as typed \(all)"
        case .htmlStarts:
            return "too many unclosed '<!', '<?' or '<![CDATA[' in one paragraph to render in linear time; from here on they are shown as typed \(all)"
        case .autolinks:
            return "too many web addresses run together ('www.' or '://' without spaces) to render in linear time; from here on they are not made links \(all)"
        case .tablePipes:
            return "more than \(grouped(MarkdownGuard.maxPipesPerLine)) '|' in a line; those past the \(grouped(MarkdownGuard.maxPipesPerLine))th of their line are shown as typed \(all)"
        case .tableRows:
            return "too many table delimiter rows under long paragraphs to render in linear time; from here on they are shown as typed \(all)"
        case .tableCells:
            return "a table here would have more cells (rows × columns) than the text's length allows; its delimiter row is shown as typed, and so are later ones \(all)"
        case .nesting:
            return "block quotes and lists go past column \(grouped(MarkdownGuard.maxContainerColumn)); markers from there on are shown as typed \(all)"
        case .references:
            return "a reference definition is too long for the number of links that could use it; it is shown as typed, and so are others as long \(all)"
        }
    }
}

/// One limit a text breaks, at a line and column of the text (1-based; the column counts characters).
public struct MarkdownViolation: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case tooLong, tooManyColumns, tooManyTableCells, nestedTooDeep
        /// Not a limit of the budget: Markdown that would make cmark-gfm quadratic, which the renderer
        /// shows as typed instead (ordinary text never does this).
        case renderedAsTyped
    }

    public var kind: Kind
    public var line: Int
    public var column: Int
    public var message: String

    public init(kind: Kind, line: Int, column: Int, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: MESSAGE`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// `65536` as `65,536`.
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (k, ch) in digits.enumerated() {
        if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return n < 0 ? "-" + out : out
}

/// Lines of a text's bytes, split as cmark-gfm splits them, for positions.
struct TextPositions {
    let bytes: [UInt8]
    /// Offset where each line starts.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(i + 1) }
            i += 1
        }
        self.starts = starts
    }

    func lineEnd(_ index: Int) -> Int {
        var e = index + 1 < starts.count ? starts[index + 1] : bytes.count
        while e > starts[index], bytes[e - 1] == 0x0A || bytes[e - 1] == 0x0D { e -= 1 }
        return e
    }

    /// The byte offset of a 1-based line and byte column, clamped to the line.
    func offset(line: Int, byteColumn: Int) -> Int {
        let index = min(max(line, 1), starts.count) - 1
        return min(starts[index] + max(byteColumn, 1) - 1, lineEnd(index))
    }

    /// The 1-based line and character column of a byte offset.
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = min(max(offset, 0), bytes.count)
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = starts[lo]
        while i < o {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        // Inside a character: its first byte's column.
        if o < bytes.count, bytes[o] & 0xC0 == 0x80 { column -= 1 }
        return (lo + 1, max(column, 1))
    }

    /// The offset where a line's text starts after indentation and block quote and list markers.
    func contentStart(line: Int) -> Int {
        let index = min(max(line, 1), starts.count) - 1
        return MarkdownGuard(bytes).contentStart(starts[index]..<lineEnd(index))
    }

    /// Cells of a table row written on `line`: unescaped pipes, less a leading and a trailing one.
    func cells(line: Int) -> Int {
        let index = min(max(line, 1), starts.count) - 1
        return MarkdownGuard.rowCells(bytes, contentStart(line: line)..<lineEnd(index))
    }
}
