import Glibc
import Synchronization

/// Partials' outputs remembered across the renders of one environment, with the variables each
/// output was made from: a partial that reads the same values again writes the same bytes, so they
/// are copied instead of rendered (a site's header and footer are alike on most of its pages).
///
/// Only a partial that changes nothing but its output and the variables it assigns is remembered
/// (see `Compiler.memoizable`), only outside a `for` loop of its caller and without Markdown
/// escaping; its assignments are made again with the output.
/// What it read is every variable path it evaluated whose first name was found outside the
/// partial's own loops, as far as the path's names go before a `[...]`; each is evaluated again and
/// compared byte for byte before the bytes are reused.
public final class PartialMemo: Sendable {
    /// One variable path a partial read, and what it found.
    struct Read: Sendable {
        let root: Name
        let path: [Name]
        let value: Value
    }

    /// One output, with what the render counted while making it.
    struct Entry: Sendable {
        let reads: [Read]
        let bytes: [UInt8]
        /// What the output limit counted: the bytes, and any text captured.
        let counted: Int
        let iterations: Int
        let madeBytes: Int
        /// The `for` loop registers it set (`offset: continue`), in order.
        let offsets: [(String, Int)]
        /// The variables it assigned (`assign`, `capture`), in order.
        let assigns: [(Name, Value)]
        /// The partials it brought in, each as first met, and how much deeper than it the deepest was.
        let met: [Meeting]
        let deepest: Int
    }

    /// A partial brought in by a remembered one: met again before its bytes are reused, so that the
    /// render knows it (the theme files a page used) and finds it as the first render did.
    struct Meeting: Sendable {
        let name: String
        let template: Template
        let trimmed: Bool
    }

    /// A partial as a render met it: its template, trimmed at the start or not. The key holds the
    /// template, so that no other can be made where it is while its outputs are kept.
    /// Whether it runs inside a `render` partial is part of it too: there an `include` is an error.
    struct Key: Hashable, Sendable {
        let template: Template
        let trimmed: Bool
        let insideRender: Bool

        static func == (a: Key, b: Key) -> Bool {
            a.template === b.template && a.trimmed == b.trimmed && a.insideRender == b.insideRender
        }

        func hash(into h: inout Hasher) {
            h.combine(ObjectIdentifier(template))
            h.combine(trimmed)
            h.combine(insideRender)
        }
    }

    struct Slot {
        var entries: [Entry] = []
        var hits = 0
        var misses = 0
    }

    /// Outputs kept per partial at most, the newest replacing the oldest.
    static let entriesPerPartial = 16
    /// Partials known at most: past them (partials made anew for each render) it starts over.
    static let partialsKnown = 512
    /// A partial that has read other values every time this often is no longer recorded.
    static let missesBeforeGivingUp = 32

    private let slots = Mutex<[Key: Slot]>([:])

    public init() {}

    /// The outputs kept for `key`, oldest first; nil for a partial that has not read the same values
    /// twice in many renders (it is rendered, neither compared nor recorded).
    func entries(_ key: Key) -> [Entry]? {
        slots.withLock { slots in
            let slot = slots[key] ?? Slot()
            guard slot.hits > 0 || slot.misses < Self.missesBeforeGivingUp else { return nil }
            return slot.entries
        }
    }

    /// Lets go of every kept output (and the values it was made from), keeping what was learnt of
    /// each partial: a caller that renders in batches bounds the memory to the last batches' outputs.
    public func forgetOutputs() {
        slots.withLock { slots in
            for key in Array(slots.keys) { slots[key]?.entries.removeAll() }
        }
    }

    /// Outputs taken from memory so far, all partials together.
    var hits: Int { slots.withLock { $0.values.reduce(0) { $0 + $1.hits } } }
    /// Outputs kept now, all partials together.
    var kept: Int { slots.withLock { $0.values.reduce(0) { $0 + $1.entries.count } } }
    /// The partials met so far.
    var keys: [Key] { slots.withLock { Array($0.keys) } }

    func noteHit(_ key: Key) { slots.withLock { $0[key, default: Slot()].hits += 1 } }

    /// Keeps `entry` (unless `spoiled`: its output depended on more than it read, or the partial is
    /// left alone), a miss either way.
    func store(_ entry: Entry, for key: Key, spoiled: Bool = false) {
        slots.withLock { slots in
            if slots[key] == nil, slots.count >= Self.partialsKnown { slots.removeAll() }
            var slot = slots[key] ?? Slot()
            slot.misses += 1
            // A partial left alone keeps nothing.
            let givenUp = slot.hits == 0 && slot.misses >= Self.missesBeforeGivingUp
            if givenUp { slot.entries.removeAll() }
            if !spoiled, !givenUp {
                if slot.entries.count >= Self.entriesPerPartial { slot.entries.removeFirst() }
                slot.entries.append(entry)
            }
            slots[key] = slot
        }
    }

    /// The same value, byte for byte: the same case, text with the same UTF-8 (canonically equal
    /// text written differently is different output), collections item by item.
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.nil, .nil), (.empty, .empty), (.blank, .blank): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.float(x), .float(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)), let (.safe(x), .safe(y)): return sameText(x, y)
        case let (.range(x0, x1), .range(y0, y1)): return x0 == y0 && x1 == y1
        case let (.array(x), .array(y)):
            guard x.count == y.count else { return false }
            if x.withUnsafeBufferPointer({ $0.baseAddress }) == y.withUnsafeBufferPointer({ $0.baseAddress }) { return true }
            return zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)):
            guard x.count == y.count, x.loopDrop == y.loopDrop else { return false }
            if let i = x.storageIdentity, i == y.storageIdentity { return true }
            return zip(x.entries, y.entries).allSatisfy { sameText($0.key, $1.key) && same($0.value, $1.value) }
        default: return false
        }
    }

    static func sameText(_ x: String, _ y: String) -> Bool {
        guard x.utf8.count == y.utf8.count else { return false }
        var x = x, y = y
        return x.withUTF8 { a in y.withUTF8 { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}

/// What a render notes while a partial's output is being remembered.
struct PartialRecording {
    /// Variables found in a scope below this one were there before the partial began.
    let boundary: Int
    /// The depth of partials the partial runs at.
    let depth: Int
    var reads: [PartialMemo.Read] = []
    var offsets: [(String, Int)] = []
    var assigns: [(Name, Value)] = []
    var met: [PartialMemo.Meeting] = []
    var deepest = 0
    /// Inside a `render` partial it brings in: what that one reads, assigns or loops over is its own.
    var isolated = 0
    /// It included a partial whose output depends on more than what it reads: not remembered.
    var spoiled = false

    /// Notes a partial met at `depth`.
    mutating func meet(_ name: String, _ met: RenderContext.MetPartial, depth: Int) {
        deepest = max(deepest, depth - self.depth)
        if !self.met.contains(where: { $0.name == name }) {
            self.met.append(PartialMemo.Meeting(name: name, template: met.template, trimmed: met.trimmed))
        }
    }
}

extension RenderContext {
    /// Notes that the partial being recorded read `root` and then `path` and found `value`, when
    /// `root` is a variable from outside it: not one of its own loops', nor one found where `assign`
    /// writes after the partial assigned it. A path is noted once.
    func noteRead(_ root: Name, _ path: [Name], _ value: Value) {
        guard let made = recording, made.isolated == 0 else { return }
        var i = scopes.count - 1
        while i >= 0 {
            if scopes[i][root] != nil {
                if i >= made.boundary { return }
                // Found where `assign` writes, after the partial assigned it: its own value.
                if i == 0, made.assigns.contains(where: { $0.0.text == root.text }) { return }
                break
            }
            i -= 1
        }
        if made.reads.contains(where: { $0.root.text == root.text && $0.path.map(\.text) == path.map(\.text) }) { return }
        recording?.reads.append(PartialMemo.Read(root: root, path: path, value: value))
    }

    /// Runs a partial's `body` (its scope already in place), or writes what it wrote before from
    /// the same values, and remembers what it writes when that is worth it.
    func runRemembering(_ body: Block, memoizable: Bool, template: Template, trimmed: Bool, at p: Position,
                        into output: inout [UInt8]) throws(LiquidError) {
        guard memoizable, let memo = environment.memo, environment.escaping != .markdown, recording == nil, forloops.isEmpty else {
            try run(body, into: &output)
            return
        }
        let key = PartialMemo.Key(template: template, trimmed: trimmed, insideRender: renderDepth > 0)
        guard let entries = memo.entries(key) else {
            try run(body, into: &output)
            return
        }
        for entry in entries.reversed() where readsAgree(entry.reads, at: p) {
            if fits(entry), meetAgain(entry) {
                replay(entry, into: &output)
                memo.noteHit(key)
                return
            }
            break
        }
        let start = (output: output.count, counted: outputBytes, iterations: iterations, made: madeBytes)
        recording = PartialRecording(boundary: scopes.count, depth: depth)
        defer { recording = nil }
        try run(body, into: &output)
        guard let made = recording else { return }
        memo.store(PartialMemo.Entry(reads: made.reads, bytes: Array(output[start.output...]), counted: outputBytes - start.counted,
                                     iterations: iterations - start.iterations, madeBytes: madeBytes - start.made,
                                     offsets: made.offsets, assigns: made.assigns, met: made.met, deepest: made.deepest),
                   for: key, spoiled: made.spoiled)
    }

    /// Whether every variable path evaluates to what it did.
    private func readsAgree(_ reads: [PartialMemo.Read], at p: Position) -> Bool {
        for read in reads {
            var value = lookup(read.root)
            for name in read.path {
                guard let next = try? Self.property(of: value, name, at: p) else { return false }
                value = next
            }
            if !PartialMemo.same(value, read.value) { return false }
        }
        return true
    }

    /// Meets the partials the kept output brought in, as its render did; false when one is now
    /// another, is met otherwise trimmed, or would be nested too deep (then the partial is rendered,
    /// and meets them itself where it did, with the same result).
    private func meetAgain(_ entry: PartialMemo.Entry) -> Bool {
        guard !entry.met.isEmpty else { return true }
        guard depth + entry.deepest < environment.limits.depth else { return false }
        for m in entry.met {
            guard let (_, now) = try? partial(.string(m.name), at: Position(path: "", line: 0, column: 0)),
                  now.template === m.template, now.trimmed == m.trimmed else { return false }
        }
        return true
    }

    /// Whether what making a kept output counted still fits in the limits: when it would not, the
    /// partial is rendered and stops where it would have.
    private func fits(_ entry: PartialMemo.Entry) -> Bool {
        let limits = environment.limits
        let (loops, loopsOver) = iterations.addingReportingOverflow(entry.iterations)
        let (made, madeOver) = madeBytes.addingReportingOverflow(entry.madeBytes)
        let (written, writtenOver) = outputBytes.addingReportingOverflow(entry.counted)
        return !loopsOver && !madeOver && !writtenOver && loops <= limits.iterations && made <= limits.totalValueBytes
            && written <= limits.outputBytes
    }

    /// Writes a kept output (`fits` said it fits), counts what making it counted, and makes its
    /// assignments and loop registers again.
    private func replay(_ entry: PartialMemo.Entry, into output: inout [UInt8]) {
        iterations += entry.iterations
        madeBytes += entry.madeBytes
        outputBytes += entry.counted
        output.append(contentsOf: entry.bytes)
        for (name, offset) in entry.offsets { forOffsets[name] = offset }
        for (name, value) in entry.assigns { assign(name, value) }
    }
}
