/// A linear pre-pass that keeps cmark-gfm 0.29.0.gfm.6 (Debian 12's) linear on any input.
///
/// That version has shapes whose parse time grows with the square of their length (several were
/// fixed upstream in 0.29.0.gfm.7 to .13, none of which Debian ships). Each comes from a scan that
/// is repeated from many starting points over the same text, and each has a cheap upper bound on
/// its cost that can be computed here in one pass:
///
/// | shape | why cmark-gfm is quadratic | bound used here |
/// |---|---|---|
/// | `*a ` then `_a*_ ` repeated, `"a` repeated, an opening `'` then `don't` repeated | `process_emphasis` walks back over the delimiter stack from each closer; matched quotes are never removed and `openers_bottom` keeps pointers to freed delimiters, so the walk goes to the bottom every time (fixed upstream in cmark 0.30, 75008f1e and 7e49343d) | `process_emphasis` is played here, as gfm.6 runs it, and every step of every walk is counted (with a square-law backstop) |
/// | `![[]()` repeated | after each link, `handle_close_bracket` walks back over every image opener still on the bracket stack to deactivate earlier link openers (fixed in gfm.7, ece074cc) | each `![` costs the number of `]` after it in its paragraph |
/// | `a<![CDATA[`, `a<?`, `a<!A ` repeated without an end | the inline HTML scanner looks for `]]>`, `?>` or `>` to the end of the paragraph from every opener (fixed in cmark 0.30, 8d4b76b0) | each opener costs the distance to the next end of its kind |
/// | `www.a_` repeated, `(www.a<` repeated, `http://a<` repeated, `www.a` then `)` repeated | the autolink extension scans from every `www.` and `://` to the next space, and `autolink_delim` counts all parentheses once for every trailing `)` (fixed in gfm.7: 23abdedb, a10978d8, 2c62c951) | each start costs the length of its run of non-space bytes, times the `)` in it |
/// | `\|` repeated in one row, a header of thousands of cells | `row_from_string` appends each cell to a linked list by walking it (`cmark_llist_append`), and cells find their alignment by walking their row (gfm.12) | at most `maxPipesPerLine` unescaped pipes per line |
/// | many lines, then a delimiter row; delimiter rows of alternating widths | every delimiter row re-parses the whole paragraph as a header row, and each line's first cell walks back to the last pipe (fixed in gfm.7: 9f02cba2, 84abf892) | each delimiter row costs its paragraph's length plus those walks |
/// | a short row under a wide header, repeated | each row is padded with empty cells up to the header's width: output and memory grow with rows × columns (gfm.12 caps it) | each table costs its header's width times the lines that can follow it |
/// | `[a]: ` and a long address, then `[a]` repeated | every use copies the definition's address and title (`chunk_clone`), so parse time, memory and output grow with uses × length (upstream cmark caps expansion, b4f01062) | a definition longer than the allowance divided by the number of `]` in the text is not a definition |
/// | `- ` or `>` thousands deep, then blank lines or emphasis | every line walks the stack of open blocks, and every inline node checks all its ancestors (`S_can_contain`) (fixed in gfm.10/.11 with a depth limit of 100) | a block quote or list marker at column `maxContainerColumn` or later is not a marker |
///
/// Where a bound would be exceeded, the construct is made literal with a backslash, which renders
/// the same characters as text (for the HTML starts, exactly what cmark renders for them when they
/// have no end). The allowance is proportional to the length of the text and large enough that
/// ordinary Markdown — anything a person writes, and every page of the default theme — is never
/// touched: the output of such text stays byte for byte what cmark-gfm renders.
struct MarkdownGuard {
    /// What the guard changed, for a report: the kind, how many times, and the first place.
    struct Intervention: Sendable, Hashable {
        var kind: Kind
        var count: Int
        /// Byte offset in the original text of the first change.
        var offset: Int
    }

    enum Kind: Int, Sendable, Hashable, CaseIterable {
        case delimiters, imageOpeners, htmlStarts, autolinks, tablePipes, tableRows, tableCells, nesting, references
    }

    /// Cost units allowed per byte of text, for each kind of scan, on top of `costFloor`.
    static let costPerByte = 16
    /// A paragraph with at most this many `*`, `_`, `~`, `'` and `"` is charged their square
    /// instead of playing `process_emphasis` over them.
    static let fewDelimiters = 32
    static let costFloor = 1 << 20
    /// Table cells (with the empty ones cmark-gfm adds to short rows) allowed per byte, on top of `cellFloor`.
    static let cellsPerByte = 8
    static let cellFloor = 1 << 16
    /// At most this many unescaped `|` in one line count (a row of at most 129 cells).
    static let maxPipesPerLine = 128
    /// A block quote or list marker from this column on (tabs to multiples of 4) is taken as text:
    /// blocks can nest at most this many levels plus one.
    static let maxContainerColumn = 128

    /// A table the guard kept cmark-gfm from building (its delimiter row shown as typed).
    struct SuppressedTable: Sendable, Hashable {
        /// Offset of the header line's first character.
        var headerOffset: Int
        var columns: Int
        /// The header and every line that could have been a row.
        var rows: Int
    }

    let b: [UInt8]
    var marks: [Int] = []
    var suppressedTables: [SuppressedTable] = []
    var interventions: [Kind: Intervention] = [:]
    let allowance: Int
    let cellAllowance: Int
    var spent: [Int]
    var cellsSpent = 0

    init(_ bytes: [UInt8]) {
        b = bytes
        allowance = Self.saturatingAdd(Self.saturatingMultiply(bytes.count, Self.costPerByte), Self.costFloor)
        cellAllowance = Self.saturatingAdd(Self.saturatingMultiply(bytes.count, Self.cellsPerByte), Self.cellFloor)
        spent = Array(repeating: 0, count: Kind.allCases.count)
    }

    struct Result {
        /// The text to give cmark-gfm: the original bytes when nothing needed changing.
        var bytes: [UInt8]
        /// What was changed, by kind.
        var interventions: [Intervention]
        /// Offsets in the original text before which a backslash was inserted, ascending.
        var insertions: [Int]
        var suppressedTables: [SuppressedTable] = []
    }

    static func defuse(_ bytes: [UInt8]) -> Result {
        var guardian = MarkdownGuard(bytes)
        guardian.run()
        let report = guardian.interventions.values.sorted { $0.kind.rawValue < $1.kind.rawValue }
        guard !guardian.marks.isEmpty else { return Result(bytes: bytes, interventions: report, insertions: []) }
        let suppressed = guardian.suppressedTables
        var sorted = guardian.marks.sorted()
        var unique = 0
        for m in sorted where unique == 0 || sorted[unique - 1] != m {
            sorted[unique] = m
            unique += 1
        }
        sorted.removeLast(sorted.count - unique)
        return Result(bytes: guardian.escaped(sorted), interventions: report, insertions: sorted, suppressedTables: suppressed)
    }

    /// The original bytes with a backslash before every offset of `sorted` (ascending, no repeats).
    func escaped(_ sorted: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count + sorted.count)
        var from = 0
        for m in sorted {
            out.append(contentsOf: b[from..<m])
            out.append(UInt8(ascii: "\\"))
            from = m
        }
        out.append(contentsOf: b[from...])
        return out
    }

    /// Byte offsets in the escaped text back to the original: the number of backslashes before each.
    static func originalOffset(_ offset: Int, insertions sorted: [Int]) -> Int {
        var lo = 0, hi = sorted.count
        // Insertion k lands at escaped offset sorted[k] + k.
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] + mid < offset { lo = mid + 1 } else { hi = mid }
        }
        return offset - lo
    }

    mutating func mark(_ offset: Int, _ kind: Kind) {
        marks.append(offset)
        if var i = interventions[kind] {
            i.count += 1
            interventions[kind] = i
        } else {
            interventions[kind] = Intervention(kind: kind, count: 1, offset: offset)
        }
    }

    /// Charges `cost` to `kind`; false (and nothing charged) when the allowance would be exceeded.
    mutating func afford(_ cost: Int, _ kind: Kind) -> Bool {
        let total = Self.saturatingAdd(spent[kind.rawValue], cost)
        guard total <= allowance else { return false }
        spent[kind.rawValue] = total
        return true
    }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? Int.max : r
    }

    static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? Int.max : r
    }

    // MARK: Lines and paragraphs

    /// Lines as cmark-gfm splits them (LF, CRLF or CR), without their ends.
    func lines() -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, i = 0
        while i < b.count {
            if b[i] == 0x0A || b[i] == 0x0D {
                result.append(start..<i)
                if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
                i += 1
                start = i
            } else {
                i += 1
            }
        }
        if start < b.count { result.append(start..<b.count) }
        return result
    }

    func isBlank(_ line: Range<Int>) -> Bool {
        b[line].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    mutating func run() {
        let all = lines()
        for line in all {
            limitContainers(line)
            limitPipes(line)
        }
        // Paragraphs, inline subjects and tables never span a blank line: runs of non-blank lines
        // hold every one of them.
        // Every `]` may close a use of a reference definition.
        var closers = 0
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "]") { closers += 1 }
            i += 1
        }
        let longestDefinition = allowance / max(closers, 1)
        var k = 0
        while k < all.count {
            if isBlank(all[k]) { k += 1; continue }
            var end = k
            while end + 1 < all.count, !isBlank(all[end + 1]) { end += 1 }
            let chunk = all[k].lowerBound..<all[end].upperBound
            // Most paragraphs hold none of what a scan looks for: find out in one pass.
            var marks = 0, angle = false, bang = false, dash = false, bracket = false, colonOrW = false
            for c in b[chunk] {
                switch c {
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "\""): marks += 1
                case UInt8(ascii: "<"): angle = true
                case UInt8(ascii: "!"): bang = true
                case UInt8(ascii: "-"): dash = true
                case UInt8(ascii: "["): bracket = true
                case UInt8(ascii: ":"), UInt8(ascii: "w"): colonOrW = true
                default: break
                }
            }
            if marks > Self.fewDelimiters {
                delimiters(chunk)
            } else {
                // So few that even every one walking over all the others costs next to nothing.
                let cost = marks * marks
                spent[Kind.delimiters.rawValue] = Self.saturatingAdd(spent[Kind.delimiters.rawValue], cost)
                backstopSpent = Self.saturatingAdd(backstopSpent, cost)
            }
            if bang, bracket { imageOpeners(chunk) }
            if angle { htmlStarts(chunk) }
            if colonOrW { autolinks(chunk) }
            if dash { tableRows(all[k...end]) }
            if bracket { referenceDefinitions(all[k...end], chunk, longest: longestDefinition) }
            k = end + 1
        }
    }

    // MARK: Bytes

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D
    }

    static func isASCIIPunctuation(_ c: UInt8) -> Bool {
        (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
    }

    static func isASCIIAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    // MARK: Nesting

    /// Block quote and list markers at `maxContainerColumn` or later become text. Every open block
    /// a line continues takes at least one column of it, so no block can be deeper than that.
    mutating func limitContainers(_ line: Range<Int>) {
        var col = 0, i = line.lowerBound
        let end = line.upperBound
        while true {
            while i < end, b[i] == 0x20 || b[i] == 0x09 {
                col = b[i] == 0x09 ? (col / 4 + 1) * 4 : col + 1
                i += 1
            }
            guard i < end else { return }
            let c = b[i]
            func spaceOrEnd(_ k: Int) -> Bool { k >= end || b[k] == 0x20 || b[k] == 0x09 }
            var width = 0, escapeAt = i
            if c == UInt8(ascii: ">") {
                width = 1
            } else if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "*"), spaceOrEnd(i + 1) {
                width = 1
            } else if c >= 0x30, c <= 0x39 {
                var j = i
                while j < end, j - i < 10, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
                if j - i <= 9, j < end, b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: ")"), spaceOrEnd(j + 1) {
                    width = j - i + 1
                    escapeAt = j
                }
            }
            guard width > 0 else { return }
            if col >= Self.maxContainerColumn {
                mark(escapeAt, .nesting)
                return
            }
            col += width
            i += width
        }
    }

    // MARK: Table rows

    /// At most `maxPipesPerLine` unescaped pipes in a line; later ones are escaped (inside a table
    /// cell an escaped pipe is a pipe of the cell's text).
    mutating func limitPipes(_ line: Range<Int>) {
        var count = 0
        var i = line.lowerBound
        while i < line.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "|") {
                count += 1
                if count > Self.maxPipesPerLine { mark(i, .tablePipes) }
            }
            i += 1
        }
    }

    /// Whether a line (after block quote markers and indentation) is a table delimiter row that is
    /// not also a setext underline: `|? :?-+:? (| :?-+:?)* |?` with spaces, holding a `|` or a `:`.
    /// Returns the offset of its first character and its number of cells.
    func delimiterRow(_ line: Range<Int>) -> (start: Int, cells: Int)? {
        var i = line.lowerBound
        let end = line.upperBound
        while i < end, b[i] == 0x20 || b[i] == 0x09 || b[i] == UInt8(ascii: ">") { i += 1 }
        let start = i
        func isSpaceChar(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C }
        var sawPipeOrColon = false
        var cells = 0
        if i < end, b[i] == UInt8(ascii: "|") { i += 1; sawPipeOrColon = true }
        while true {
            // One marker: spaces, ':'?, '-'+, ':'?, spaces.
            while i < end, isSpaceChar(b[i]) { i += 1 }
            if i < end, b[i] == UInt8(ascii: ":") { i += 1; sawPipeOrColon = true }
            let dashes = i
            while i < end, b[i] == UInt8(ascii: "-") { i += 1 }
            guard i > dashes else {
                // A trailing pipe may end the row (then only spaces follow).
                if cells > 0, i == dashes, b[i - 1] == UInt8(ascii: "|") || isSpaceChar(b[i - 1]) {
                    while i < end, isSpaceChar(b[i]) { i += 1 }
                    return i == end && sawPipeOrColon ? (start, cells) : nil
                }
                return nil
            }
            if i < end, b[i] == UInt8(ascii: ":") { i += 1; sawPipeOrColon = true }
            while i < end, isSpaceChar(b[i]) { i += 1 }
            cells += 1
            if i < end, b[i] == UInt8(ascii: "|") {
                i += 1
                sawPipeOrColon = true
                continue
            }
            return i == end && sawPipeOrColon ? (start, cells) : nil
        }
    }

    /// Each delimiter row makes cmark-gfm parse its whole paragraph as a header row, and a table
    /// grows to its header's width times its rows: both are charged before the row is let through.
    mutating func tableRows(_ lines: ArraySlice<Range<Int>>) {
        guard let first = lines.first else { return }
        let lines = Array(lines)
        var before = 0          // bytes of the paragraph before this line
        var walks = 0           // how far each line's first cell walks back to a pipe
        var cellWork = 0        // cells² per line: cmark_llist_append walks the row for each cell
        var lastPipe = first.lowerBound
        for (index, line) in lines.enumerated() {
            if let row = delimiterRow(line) {
                let cost = Self.saturatingAdd(Self.saturatingAdd(before, walks), Self.saturatingAdd(cellWork, line.count))
                let cells = Self.saturatingMultiply(min(row.cells, Self.maxPipesPerLine + 1), lines.count - index + 1)
                let total = Self.saturatingAdd(cellsSpent, cells)
                var suppressed = false
                if row.cells > Self.maxPipesPerLine {
                    // Its pipes past the cap are escaped, and then it is no delimiter row at all.
                    suppressed = true
                } else if total > cellAllowance {
                    mark(row.start, .tableCells)
                    suppressed = true
                } else if !afford(cost, .tableRows) {
                    mark(row.start, .tableRows)
                    suppressed = true
                } else {
                    cellsSpent = total
                }
                if suppressed, index > 0 {
                    let header = lines[index - 1]
                    if Self.rowCells(b, contentStart(header)..<header.upperBound) == row.cells {
                        suppressedTables.append(.init(headerOffset: contentStart(header), columns: row.cells, rows: lines.count - index))
                    }
                }
            }
            // This line as part of a paragraph that a later delimiter row will parse.
            var i = line.lowerBound
            while i < line.upperBound, b[i] == 0x20 || b[i] == 0x09 || b[i] == UInt8(ascii: ">") { i += 1 }
            if !(i < line.upperBound && b[i] == UInt8(ascii: "|")) {
                walks = Self.saturatingAdd(walks, line.lowerBound - lastPipe)
            }
            var pipes = 0
            i = line.lowerBound
            while i < line.upperBound {
                if b[i] == UInt8(ascii: "\\") { i += 2; continue }
                if b[i] == UInt8(ascii: "|") { pipes += 1; lastPipe = i }
                i += 1
            }
            let cellsHere = min(pipes, Self.maxPipesPerLine) + 1
            cellWork = Self.saturatingAdd(cellWork, cellsHere * cellsHere)
            before = Self.saturatingAdd(before, line.count + 1)
        }
    }

    /// Cells of a table row: unescaped pipes, less a leading and a trailing one.
    static func rowCells(_ b: [UInt8], _ line: Range<Int>) -> Int {
        let start = line.lowerBound
        var end = line.upperBound
        while end > start, b[end - 1] == 0x20 || b[end - 1] == 0x09 { end -= 1 }
        guard end > start else { return 0 }
        var pipes = 0
        var lastPipe = -1
        var i = start
        while i < end {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "|") { pipes += 1; lastPipe = i }
            i += 1
        }
        let leading = b[start] == UInt8(ascii: "|") ? 1 : 0
        let trailing = lastPipe == end - 1 && end - 1 > start ? 1 : 0
        return max(0, pipes + 1 - leading - trailing)
    }

    // MARK: Reference definitions

    /// Every line that may start a reference definition (`[label]: destination "title"`, after block
    /// quote and list markers): the bytes from its `[` to the end of its title or destination bound
    /// what each use copies. Longer than `longest`, its `[` is escaped and it is not a definition.
    mutating func referenceDefinitions(_ lines: ArraySlice<Range<Int>>, _ chunk: Range<Int>, longest: Int) {
        var found: [UInt8: Int] = [:]
        // The next unescaped `closer` at or after `p`; starts only move forward.
        func nextUnescaped(_ closer: UInt8, from p: Int) -> Int {
            if let f = found[closer], f >= p { return f }
            var k = max(p, (found[closer] ?? -1) + 1)
            while k < chunk.upperBound {
                if b[k] == closer {
                    var slashes = 0
                    while k - slashes - 1 >= chunk.lowerBound, b[k - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
                    if slashes % 2 == 0 { found[closer] = k; return k }
                }
                k += 1
            }
            found[closer] = chunk.upperBound
            return chunk.upperBound
        }
        func isLineEnd(_ k: Int) -> Bool { b[k] == 0x0A || b[k] == 0x0D }
        /// Spaces and tabs, then at most one line end and the next line's block quote markers and spaces.
        func skipSpace(_ k: inout Int) {
            while k < chunk.upperBound, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
            if k < chunk.upperBound, isLineEnd(k) {
                if b[k] == 0x0D, k + 1 < chunk.upperBound, b[k + 1] == 0x0A { k += 1 }
                k += 1
                while k < chunk.upperBound, b[k] == 0x20 || b[k] == 0x09 || b[k] == UInt8(ascii: ">") { k += 1 }
            }
        }
        for line in lines {
            let start = contentStart(line)
            guard start < line.upperBound, b[start] == UInt8(ascii: "[") else { continue }
            // The label: at most 999 characters, no unescaped brackets, may run over lines.
            var j = start + 1
            while j < chunk.upperBound, j - start <= 1000, b[j] != UInt8(ascii: "]"), b[j] != UInt8(ascii: "[") {
                j += b[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard j + 1 < chunk.upperBound, b[j] == UInt8(ascii: "]"), b[j + 1] == UInt8(ascii: ":") else { continue }
            var k = j + 2
            skipSpace(&k)
            // The destination: `<...>` or a run of non-space bytes, on one line.
            if k < chunk.upperBound, b[k] == UInt8(ascii: "<") {
                while k < chunk.upperBound, !isLineEnd(k), b[k] != UInt8(ascii: ">") { k += 1 }
                if k < chunk.upperBound, b[k] == UInt8(ascii: ">") { k += 1 }
            } else {
                while k < chunk.upperBound, !Self.isSpace(b[k]) { k += 1 }
            }
            var end = k
            skipSpace(&k)
            if k < chunk.upperBound, b[k] == UInt8(ascii: "\"") || b[k] == UInt8(ascii: "'") || b[k] == UInt8(ascii: "(") {
                let closer = b[k] == UInt8(ascii: "(") ? UInt8(ascii: ")") : b[k]
                end = min(nextUnescaped(closer, from: k + 1) + 1, chunk.upperBound)
            }
            if end - start > longest { mark(start, .references) }
        }
    }

    /// Where a line's text starts after indentation, block quote markers and list markers.
    func contentStart(_ line: Range<Int>) -> Int {
        var i = line.lowerBound
        let end = line.upperBound
        while i < end {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == UInt8(ascii: ">") { i += 1; continue }
            if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "*"), i + 1 < end, b[i + 1] == 0x20 || b[i + 1] == 0x09 {
                i += 2
                continue
            }
            if c >= 0x30, c <= 0x39 {
                var j = i
                while j < end, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
                if j + 1 < end, b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: ")"), b[j + 1] == 0x20 || b[j + 1] == 0x09 {
                    i = j + 2
                    continue
                }
            }
            break
        }
        return i
    }

    // MARK: Emphasis and smart quotes

    enum CharClass { case space, punctuation, other, unknown }

    func charClass(_ i: Int, in chunk: Range<Int>) -> CharClass {
        guard chunk.contains(i) else { return .space }
        let c = b[i]
        if Self.isSpace(c) { return .space }
        if c >= 0x80 { return .unknown }
        return Self.isASCIIPunctuation(c) ? .punctuation : .other
    }

    /// One entry of cmark-gfm's delimiter stack, as `scan_delims` would push it.
    struct Delimiter {
        var char: UInt8
        var start: Int
        var end: Int
        var canOpen: Bool
        var canClose: Bool
        /// Characters left to match (an emphasis run is used up two or one at a time).
        var left: Int
        var length: Int { end - start }
    }

    /// Whether a delimiter run of `c` between these neighbors can open and close, by `scan_delims`'
    /// rules (non-ASCII neighbors read as letters, the usual case).
    func flanking(_ c: UInt8, _ i: Int, _ j: Int, in chunk: Range<Int>) -> (open: Bool, close: Bool) {
        var before = charClass(i - 1, in: chunk), after = charClass(j, in: chunk)
        if before == .unknown { before = .other }
        if after == .unknown { after = .other }
        let left = after != .space && (after != .punctuation || before != .other)
        let right = before != .space && (before != .punctuation || after != .other)
        switch c {
        case UInt8(ascii: "_"):
            return (left && (!right || before == .punctuation), right && (!left || after == .punctuation))
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let previous = i > chunk.lowerBound ? b[i - 1] : 0
            return (left && !right && previous != UInt8(ascii: "]") && previous != UInt8(ascii: ")"), right)
        case UInt8(ascii: "~"):
            return j - i <= 2 ? (left, right) : (false, false)
        default:
            return (left, right)
        }
    }

    /// `*`, `_`, `~`, `'` and `"`: cmark-gfm's `process_emphasis` is played over the paragraph's
    /// delimiters, as 0.29.0.gfm.6 runs it (matched quotes stay on the stack; a lower bound that
    /// points at a removed delimiter stops nothing), counting every step of every walk back. When a
    /// walk would pass the allowance, this delimiter and all later ones in the paragraph are escaped:
    /// the walks before it are the same either way, since each only looks back.
    ///
    /// Code spans are skipped. Quotes and runs inside what may be an HTML tag, an autolink or a link
    /// destination may be fakes, so they are taken to close but never to open (never to end a walk
    /// early). As a backstop for any reading that differs from cmark-gfm's, no paragraph may hold
    /// more delimiters than the square root of `backstopPerByte` times the text's length allows.
    mutating func delimiters(_ chunk: Range<Int>) {
        let list = delimiterList(chunk)
        guard !list.isEmpty else { return }
        // The backstop: each delimiter may walk over every one before it.
        var cutoff = list.count
        for k in list.indices {
            let total = Self.saturatingAdd(backstopSpent, k)
            if total > backstopAllowance { cutoff = k; break }
            backstopSpent = total
        }
        cutoff = min(cutoff, playEmphasis(list, upTo: cutoff))
        for d in list[cutoff...] {
            for k in d.start..<d.end { mark(k, .delimiters) }
        }
    }

    static let backstopPerByte = 256
    static let backstopFloor = 1 << 24
    var backstopSpent = 0
    var backstopAllowance: Int {
        Self.saturatingAdd(Self.saturatingMultiply(b.count, Self.backstopPerByte), Self.backstopFloor)
    }

    /// The delimiters cmark-gfm may push for a paragraph, in order.
    func delimiterList(_ chunk: Range<Int>) -> [Delimiter] {
        // Backtick runs and, for each, the next run of the same length: a code span.
        var runs: [(start: Int, end: Int)] = []
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "`") {
                var j = i + 1
                while j < chunk.upperBound, b[j] == UInt8(ascii: "`") { j += 1 }
                runs.append((i, j))
                i = j
            } else {
                i += 1
            }
        }
        var closing = [Int](repeating: -1, count: runs.count)
        var lastOfLength: [Int: Int] = [:]
        for r in runs.indices.reversed() {
            let length = runs[r].end - runs[r].start
            closing[r] = lastOfLength[length] ?? -1
            lastOfLength[length] = r
        }

        // The next `>` and `)` after a place; places only move forward.
        let ends: [UInt8] = [UInt8(ascii: ">"), UInt8(ascii: ")")]
        var found = [-1, -1]
        func nextOf(_ kind: Int, after p: Int) -> Int {
            if found[kind] > p { return found[kind] }
            var k = max(p + 1, found[kind] + 1)
            while k < chunk.upperBound, b[k] != ends[kind] { k += 1 }
            found[kind] = k
            return k
        }
        var list: [Delimiter] = []
        var run = 0
        var fakeUntil = chunk.lowerBound   // inside a possible tag, autolink or link destination
        i = chunk.lowerBound
        while i < chunk.upperBound {
            let c = b[i]
            if c == UInt8(ascii: "\\") { i += 2; continue }
            if c == UInt8(ascii: "`") {
                while run < runs.count, runs[run].start < i { run += 1 }
                if run < runs.count, runs[run].start == i {
                    let close = closing[run]
                    i = close >= 0 ? runs[close].end : runs[run].end
                    continue
                }
                i += 1
                continue
            }
            if c == UInt8(ascii: "<") || (c == UInt8(ascii: "(") && i > chunk.lowerBound && b[i - 1] == UInt8(ascii: "]")) {
                let closer = c == UInt8(ascii: "<") ? 0 : 1
                fakeUntil = max(fakeUntil, min(nextOf(closer, after: i) + 1, chunk.upperBound))
                i += 1
                continue
            }
            var j = i + 1
            switch c {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                while j < chunk.upperBound, b[j] == c { j += 1 }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                break
            default:
                i += 1
                continue
            }
            var (open, close) = flanking(c, i, j, in: chunk)
            if i < fakeUntil { close = close || open; open = false }
            if open || close {
                list.append(Delimiter(char: c, start: i, end: j, canOpen: open, canClose: close, left: j - i))
            }
            i = j
        }
        return list
    }

    /// Plays `process_emphasis` over `list[..<count]`, charging each step; returns the index of the
    /// closer whose walk would pass the allowance, or `count`.
    mutating func playEmphasis(_ all: [Delimiter], upTo count: Int) -> Int {
        guard count > 0 else { return count }
        var d = Array(all[..<count])
        var previous = Array(-1..<(count - 1))
        var next = Array(1...count)
        next[count - 1] = -1
        func remove(_ k: Int) {
            if previous[k] >= 0 { next[previous[k]] = next[k] }
            if next[k] >= 0 { previous[next[k]] = previous[k] }
        }
        let limit = allowance - spent[Kind.delimiters.rawValue]
        var steps = 0
        var bottom: [Int: Int] = [:]
        var closer = 0
        while closer >= 0 {
            guard d[closer].canClose else { closer = next[closer]; continue }
            let key = (d[closer].length % 3) << 8 | Int(d[closer].char)
            let stop = bottom[key] ?? -1
            var opener = previous[closer]
            var found = false
            while opener >= 0, opener != stop {
                steps += 1
                if steps > limit {
                    spent[Kind.delimiters.rawValue] = allowance
                    return closer
                }
                if d[opener].canOpen, d[opener].char == d[closer].char,
                   !(d[closer].canOpen || d[opener].canClose) || d[closer].length % 3 == 0
                    || (d[opener].length + d[closer].length) % 3 != 0 {
                    found = true
                    break
                }
                opener = previous[opener]
            }
            let old = closer
            switch d[closer].char {
            case UInt8(ascii: "*"), UInt8(ascii: "_"):
                guard found else { closer = next[closer]; break }
                let use = d[closer].left >= 2 && d[opener].left >= 2 ? 2 : 1
                d[opener].left -= use
                d[closer].left -= use
                var k = previous[closer]
                while k >= 0, k != opener {
                    steps += 1
                    let before = previous[k]
                    remove(k)
                    k = before
                }
                previous[closer] = opener
                if d[opener].left == 0 { remove(opener) }
                if d[closer].left == 0 {
                    let after = next[closer]
                    remove(closer)
                    closer = after
                }
            case UInt8(ascii: "~"):
                let after = next[closer]
                if found, d[opener].length == d[closer].length {
                    var k = closer
                    while k >= 0, k != opener {
                        steps += 1
                        let before = previous[k]
                        remove(k)
                        k = before
                    }
                    remove(opener)
                }
                closer = after
            default:
                closer = next[closer]
            }
            if !found {
                bottom[key] = previous[old]
                if !d[old].canOpen { remove(old) }
            }
        }
        spent[Kind.delimiters.rawValue] += steps
        return count
    }

    // MARK: Image openers

    /// Each `![` costs the number of `]` after it in its paragraph: every link closed after it walks
    /// over it.
    mutating func imageOpeners(_ chunk: Range<Int>) {
        var closers = 0
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "]") { closers += 1 }
            i += 1
        }
        i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "]") { closers -= 1 }
            if b[i] == UInt8(ascii: "!"), i + 1 < chunk.upperBound, b[i + 1] == UInt8(ascii: "["), !afford(closers, .imageOpeners) {
                mark(i + 1, .imageOpeners)
            }
            i += 1
        }
    }

    // MARK: Inline HTML

    /// `<!--`, `<?`, `<![CDATA[` and `<!X` declarations: each costs the distance to the next end of
    /// its kind (`-->`, `?>`, `]]>`, `>`) or to the end of the paragraph.
    mutating func htmlStarts(_ chunk: Range<Int>) {
        let ends = Self.htmlEnds
        // The last end found of each kind (chunk end: none left). Starts only move forward, so each
        // byte is looked at once per kind.
        var found = [Int](repeating: -1, count: ends.count)
        func nextEnd(_ kind: Int, after p: Int) -> Int {
            if found[kind] >= p { return found[kind] }
            let e = ends[kind]
            var k = max(p, found[kind] + 1)
            while k + e.count <= chunk.upperBound {
                if b[k] == e[0], e.count == 1 || (b[k + 1] == e[1] && (e.count == 2 || b[k + 2] == e[2])) {
                    found[kind] = k
                    return k
                }
                k += 1
            }
            found[kind] = chunk.upperBound
            return chunk.upperBound
        }
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            guard b[i] == UInt8(ascii: "<"), i + 1 < chunk.upperBound else { i += 1; continue }
            var kind = -1
            if b[i + 1] == UInt8(ascii: "?") {
                kind = 1
            } else if b[i + 1] == UInt8(ascii: "!"), i + 2 < chunk.upperBound {
                let c = b[i + 2] | 0x20
                if b[i + 2] == UInt8(ascii: "-") { kind = 0 } else if b[i + 2] == UInt8(ascii: "[") { kind = 2 } else if c >= 0x61, c <= 0x7A { kind = 3 }
            }
            if kind >= 0, !afford(nextEnd(kind, after: i + 1) - i, .htmlStarts) { mark(i, .htmlStarts) }
            i += 1
        }
    }

    static let htmlEnds: [[UInt8]] = [Array("-->".utf8), Array("?>".utf8), Array("]]>".utf8), Array(">".utf8)]

    // MARK: Autolinks

    /// `www.` and `://` starts: each costs its run of non-space bytes (scanned to find the link's
    /// end) times one more than the `)` in it (each trailing `)` recounts the parentheses).
    mutating func autolinks(_ chunk: Range<Int>) {
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            guard !Self.isSpace(b[i]) else { i += 1; continue }
            let start = i
            var end = i
            var parens = 0
            while end < chunk.upperBound, !Self.isSpace(b[end]) {
                if b[end] == UInt8(ascii: ")") { parens += 1 }
                end += 1
            }
            let length = end - start
            var k = start
            while k < end {
                var escapeAt = -1
                if b[k] == UInt8(ascii: "w"), k + 4 <= end, b[k + 1] == UInt8(ascii: "w"), b[k + 2] == UInt8(ascii: "w"),
                   b[k + 3] == UInt8(ascii: "."), k == start || !Self.isASCIIAlnum(b[k - 1]) {
                    escapeAt = k + 3
                } else if b[k] == UInt8(ascii: ":"), k + 3 <= end, b[k + 1] == UInt8(ascii: "/"), b[k + 2] == UInt8(ascii: "/") {
                    escapeAt = k
                }
                if escapeAt >= 0, !afford(Self.saturatingMultiply(length, parens + 3), .autolinks) {
                    mark(escapeAt, .autolinks)
                }
                k += 1
            }
            i = end
        }
    }
}
