import Fingerprint
import Glibc
import Parallelism

extension OutputManifest {
    /// A manifest's lines as read: each path where its bytes are (no string made of it), with its
    /// fingerprint and status, sorted by the paths' bytes, each path once. Looked up by halving.
    struct Parsed: Sendable {
        var pending: Bool
        let bytes: [UInt8]
        /// Per line: where it starts, where its path ends (its first tab) and where it ends (its line
        /// break, or the end of the bytes).
        var starts: [Int] = [], pathEnds: [Int] = [], ends: [Int] = []
        var entries: [Entry] = []
        /// The lines were sorted in the file, each path once; else they were sorted here (stably,
        /// a later line of a path winning).
        var sorted = true

        init(pending: Bool, bytes: [UInt8]) {
            self.pending = pending
            self.bytes = bytes
        }

        var count: Int { starts.count }

        /// The path of line `i`.
        func path(_ i: Int) -> String { String(decoding: bytes[starts[i]..<pathEnds[i]], as: UTF8.self) }

        /// Every path, in the order of their bytes (made as strings: for tests and rare paths).
        var paths: [String] { (0..<count).map(path) }

        /// Reads the lines of `bytes` in one pass, on `workers` threads each taking a part. Nil when
        /// it is not one of ours.
        static func read(_ bytes: [UInt8], workers: Int) -> Parsed? {
            let count = bytes.count
            let head: (pending: Bool, end: Int)? = bytes.withUnsafeBufferPointer { b in
                var i = 0
                while i < count, b[i] == 0x0A { i += 1 }  // empty lines are no lines
                guard i < count else { return nil }
                let end = lineEnd(b, from: i)
                switch UnsafeBufferPointer(rebasing: b[i..<end]) {
                case let h where h.elementsEqual(header.utf8): return (false, end)
                case let h where h.elementsEqual(pendingHeader.utf8): return (true, end)
                default: return nil
                }
            }
            guard let head else { return nil }
            // The parts begin where lines do: at the first byte after a line break.
            var bounds = [min(head.end + 1, count)]
            let parts = max(1, min(workers, count / 65_536 + 1))
            for k in 1..<parts {
                let at = head.end + (count - head.end) * k / parts
                let next = bytes.withUnsafeBufferPointer { lineEnd($0, from: max(at, bounds[bounds.count - 1])) }
                bounds.append(min(next + 1, count))
            }
            bounds.append(count)
            let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
            let read = Parallel.map(ranges, workers: parts) { range in Parsed.lines(bytes, range) }
            var whole = Parsed(pending: head.pending, bytes: bytes)
            let lineCount = read.reduce(0) { $0 + ($1?.count ?? 0) }
            whole.starts.reserveCapacity(lineCount)
            whole.pathEnds.reserveCapacity(lineCount)
            whole.ends.reserveCapacity(lineCount)
            whole.entries.reserveCapacity(lineCount)
            for part in read {
                guard let part else { return nil }
                if whole.count > 0, part.count > 0, !whole.precedes(whole.count - 1, part.starts[0], part.pathEnds[0]) { whole.sorted = false }
                whole.sorted = whole.sorted && part.sorted
                whole.starts += part.starts
                whole.pathEnds += part.pathEnds
                whole.ends += part.ends
                whole.entries += part.entries
            }
            if !whole.sorted { whole.sortLines() }
            return whole
        }

        /// Sorts the lines by their paths' bytes, stably, keeping the last line of each path.
        mutating func sortLines() {
            let order = bytes.withUnsafeBufferPointer { b in
                (0..<count).sorted { i, j in
                    let c = Self.compare(b, starts[i], pathEnds[i], starts[j], pathEnds[j])
                    return c != 0 ? c < 0 : i < j
                }
            }
            var kept: [Int] = []
            kept.reserveCapacity(order.count)
            bytes.withUnsafeBufferPointer { b in
                for i in order {
                    if let last = kept.last, Self.compare(b, starts[last], pathEnds[last], starts[i], pathEnds[i]) == 0 { kept.removeLast() }
                    kept.append(i)
                }
            }
            (starts, pathEnds, ends, entries) = (kept.map { starts[$0] }, kept.map { pathEnds[$0] }, kept.map { ends[$0] }, kept.map { entries[$0] })
        }

        /// Whether line `i`'s path comes before the path at `start..<end` of the bytes.
        func precedes(_ i: Int, _ start: Int, _ end: Int) -> Bool {
            bytes.withUnsafeBufferPointer { Self.compare($0, starts[i], pathEnds[i], start, end) < 0 }
        }

        /// The order of two runs of `b`'s bytes: negative, zero or positive.
        static func compare(_ b: UnsafeBufferPointer<UInt8>, _ s1: Int, _ e1: Int, _ s2: Int, _ e2: Int) -> Int {
            ByteOrder.compare(UnsafeBufferPointer(rebasing: b[s1..<e1]), UnsafeBufferPointer(rebasing: b[s2..<e2]))
        }

        /// The order of the run `s..<e` of `b`'s bytes and `path`'s bytes.
        static func compare(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ path: UnsafeBufferPointer<UInt8>) -> Int {
            ByteOrder.compare(UnsafeBufferPointer(rebasing: b[s..<e]), path)
        }

        /// The first line whose path does not come before `path`'s bytes.
        func lowerBound(_ path: UnsafeBufferPointer<UInt8>) -> Int {
            bytes.withUnsafeBufferPointer { b in
                var low = 0, high = count
                while low < high {
                    let mid = (low + high) / 2
                    if Self.compare(b, starts[mid], pathEnds[mid], path) < 0 { low = mid + 1 } else { high = mid }
                }
                return low
            }
        }

        /// The line of `path`, by halving.
        func index(of path: String) -> Int? {
            var path = path
            return path.withUTF8 { p in
                let i = lowerBound(p)
                guard i < count else { return nil }
                return bytes.withUnsafeBufferPointer { Self.compare($0, starts[i], pathEnds[i], p) == 0 } ? i : nil
            }
        }

        /// The lines of the paths inside the folder `top` (those that begin with `top/`).
        func lines(inside top: String) -> Range<Int> { lines(inside: Array(top.utf8)) }

        /// The lines of the paths inside the folder whose name is the bytes `top`.
        func lines(inside top: [UInt8]) -> Range<Int> {
            var from = top, to = top
            from.append(UInt8(ascii: "/"))
            to.append(UInt8(ascii: "/") + 1)
            let low = from.withUnsafeBufferPointer(lowerBound), high = to.withUnsafeBufferPointer(lowerBound)
            return low..<max(low, high)
        }

        /// The number (from 1) of the first line of `bytes` that is not a manifest's: its header, or
        /// a line after it.
        static func firstBadLine(_ bytes: [UInt8]) -> Int {
            var number = 0, i = 0, headerSeen = false
            while i < bytes.count {
                let end = bytes.withUnsafeBufferPointer { lineEnd($0, from: i) }
                defer { i = end + 1 }
                number += 1
                guard end > i else { continue }
                if !headerSeen {
                    guard bytes[i..<end].elementsEqual(header.utf8) || bytes[i..<end].elementsEqual(pendingHeader.utf8) else { return number }
                    headerSeen = true
                } else if lines(bytes, i..<min(end + 1, bytes.count)) == nil {
                    return number
                }
            }
            return max(number, 1)
        }

        /// The end of the line that starts at `i` (its line break, or the end of the bytes).
        static func lineEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
            guard i < b.count, let base = b.baseAddress else { return b.count }
            return memchr(base + i, 0x0A, b.count - i).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? b.count
        }

        /// The lines that start in `range`; nil when one is not a manifest's.
        static func lines(_ bytes: [UInt8], _ range: Range<Int>) -> Parsed? {
            bytes.withUnsafeBufferPointer { b -> Parsed? in
                var part = Parsed(pending: false, bytes: [])
                guard let base = b.baseAddress else { return part }
                var i = range.lowerBound
                while i < range.upperBound {
                    let end = lineEnd(b, from: i)
                    defer { i = end + 1 }
                    guard end > i else { continue }
                    // A line's fields: path, fingerprint, then size, inode, modification and change times, or none.
                    var tabs: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0), found = 0, from = i
                    while found < 6, from < end, let t = memchr(base + from, 0x09, end - from) {
                        let at = UnsafePointer(t.assumingMemoryBound(to: UInt8.self)) - base
                        switch found {
                        case 0: tabs.0 = at
                        case 1: tabs.1 = at
                        case 2: tabs.2 = at
                        case 3: tabs.3 = at
                        case 4: tabs.4 = at
                        default: return nil  // a sixth tab: seven fields
                        }
                        found += 1
                        from = at + 1
                    }
                    guard found == 1 || found == 5 else { return nil }
                    let hashEnd = found == 1 ? end : tabs.1
                    guard let hash = Fingerprint(hexBytes: bytes[(tabs.0 + 1)..<hashEnd]) else { return nil }
                    // A path the tool wrote is UTF-8: a line with another is no manifest's (its name would
                    // read as another file's).
                    let path = UnsafeBufferPointer(rebasing: b[i..<tabs.0])
                    guard OutputPath.isInside(bytes: path), path.allSatisfy({ $0 < 0x80 }) || String(validating: path, as: UTF8.self) != nil else { return nil }
                    if part.sorted, let last = part.starts.last, compare(b, last, part.pathEnds[part.pathEnds.count - 1], i, tabs.0) >= 0 {
                        part.sorted = false
                    }
                    var status: Posix.Status?
                    if found == 5 {
                        func decimal(_ from: Int, _ to: Int) -> Int64? { Int64(decimalBytes: UnsafeBufferPointer(rebasing: b[from..<to])) }
                        guard let size = decimal(tabs.1 + 1, tabs.2), let inode = decimal(tabs.2 + 1, tabs.3),
                              let modified = decimal(tabs.3 + 1, tabs.4), let changed = decimal(tabs.4 + 1, end) else { return nil }
                        status = Posix.Status(kind: .file, size: size, inode: UInt64(bitPattern: inode), modified: modified, changed: changed)
                    }
                    part.starts.append(i)
                    part.pathEnds.append(tabs.0)
                    part.ends.append(end)
                    part.entries.append(Entry(hash: hash, status: status))
                }
                return part
            }
        }
    }
}
