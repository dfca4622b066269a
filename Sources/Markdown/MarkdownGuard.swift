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
    /// Steps of the emphasis play counted against the square-law backstop (see `backstopAllowance`).
    var backstopSpent = 0

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
}
