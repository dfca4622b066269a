import Fingerprint
import Glibc
import Parallelism

extension OutputManifest {
    /// A manifest's lines as read, before its table is made: what checking OUT's files needs.
    struct Parsed: Sendable {
        var pending: Bool
        let bytes: [UInt8]
        var paths: [String] = [], starts: [Int] = [], entries: [Entry] = []
        /// Every path after the one before it, in the order of their bytes.
        var sorted = true

        /// Reads the lines of `bytes` in one pass, on `workers` threads each taking a part: only the
        /// paths become strings. Nil when it is not one of ours.
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
            whole.paths.reserveCapacity(count / 100)
            whole.starts.reserveCapacity(count / 100 + 1)
            whole.entries.reserveCapacity(count / 100)
            for part in read {
                guard let part else { return nil }
                if let last = whole.paths.last, let first = part.paths.first, !last.utf8Precedes(first) { whole.sorted = false }
                whole.sorted = whole.sorted && part.sorted
                whole.paths += part.paths
                whole.starts += part.starts
                whole.entries += part.entries
            }
            return whole
        }

        /// The end of the line that starts at `i` (its line break, or the end of the bytes).
        static func lineEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
            guard i < b.count, let base = b.baseAddress else { return b.count }
            return memchr(base + i, 0x0A, b.count - i).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? b.count
        }

        /// The lines that start in `range`; nil when one is not a manifest's.
        static func lines(_ bytes: [UInt8], _ range: Range<Int>) -> Parsed? {
            bytes.withUnsafeBufferPointer { b -> Parsed? in
                guard let base = b.baseAddress else { return Parsed(pending: false, bytes: []) }
                var part = Parsed(pending: false, bytes: [])
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
                    let pathBytes = UnsafeBufferPointer(rebasing: b[i..<tabs.0])
                    guard OutputPath.isInside(bytes: pathBytes) else { return nil }
                    let path = String(decoding: pathBytes, as: UTF8.self)
                    if part.sorted, let last = part.paths.last, !last.utf8Precedes(path) { part.sorted = false }
                    var status: Posix.Status?
                    if found == 5 {
                        func decimal(_ from: Int, _ to: Int) -> Int64? { Int64(decimalBytes: UnsafeBufferPointer(rebasing: b[from..<to])) }
                        guard let size = decimal(tabs.1 + 1, tabs.2), let inode = decimal(tabs.2 + 1, tabs.3),
                              let modified = decimal(tabs.3 + 1, tabs.4), let changed = decimal(tabs.4 + 1, end) else { return nil }
                        status = Posix.Status(kind: .file, size: size, inode: UInt64(bitPattern: inode), modified: modified, changed: changed)
                    }
                    part.paths.append(path)
                    part.starts.append(i)
                    part.entries.append(Entry(hash: hash, status: status))
                }
                return part
            }
        }
    }
}
