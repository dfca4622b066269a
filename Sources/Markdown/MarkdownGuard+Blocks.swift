/// The guard's block-level bounds: container nesting, table rows and reference definitions.
extension MarkdownGuard {
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
}
