/// The guard's play of cmark-gfm 0.29.0.gfm.6's `process_emphasis`, counting every step.
extension MarkdownGuard {
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
}
