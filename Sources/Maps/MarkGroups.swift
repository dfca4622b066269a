import Glibc

/// Marks drawn where they are, or, where they would overlap, one circle with their number.
public struct MarkGroup: Sendable {
    public var x: Double
    public var y: Double
    public var marks: [MapSpec.Mark]
    /// Where each of `marks` is on the drawing, in its order.
    public var points: [(x: Double, y: Double)] = []

    /// The radius it is drawn with: a mark's, or a circle that grows slowly with its number.
    public var radius: Double {
        marks.count == 1 ? MarkGroups.markRadius : MarkGroups.groupRadius(marks.count)
    }

    /// The longest distance between two of its marks on the drawing, in pixels.
    public var span: Double {
        var most = 0.0
        for i in points.indices {
            for j in points.indices where j > i {
                most = max(most, hypot(points[i].x - points[j].x, points[i].y - points[j].y))
            }
        }
        return most
    }
}

public enum MarkGroups {
    public static let markRadius = 7.0
    /// Marks this close on a drawing (about two marks' widths) would overlap: they may share a circle.
    public static let overlapDistance = 4 * markRadius
    /// Two groups whose circles touch become one while all their marks stay within this of each other.
    public static let mergeSpan = 1.5 * overlapDistance

    static func groupRadius(_ n: Int) -> Double { min(26, 11 + 2.4 * log2(Double(max(n, 2)))) }

    /// Groups the marks of one drawing by what would overlap at its scale: a mark joins the first
    /// group whose every mark lies within `distance` pixels of it, else starts one; then groups whose
    /// circles would touch are merged while all their marks stay within `mergeSpan`. Marks are taken
    /// in the order given, so the same input always gives the same groups; a grid of cells keeps it
    /// near linear.
    public static func group(_ marks: [(MapSpec.Mark, Double, Double)], distance: Double = overlapDistance,
                             mergeSpan: Double = mergeSpan) -> [MarkGroup] {
        // A report's locator map has one mark: it is its own group.
        if marks.count == 1, let (mark, x, y) = marks.first { return [MarkGroup(x: x, y: y, marks: [mark], points: [(x, y)])] }
        var groups: [MarkGroup] = []
        // Each group is filed under the cell of its first mark: every member lies within `distance` of it.
        var cells = CellTable(capacity: marks.count)
        // The box around each group's marks: a mark within `distance` of its far corners is near them all.
        var boxes: [Box] = []
        let d2 = distance * distance
        for (mark, x, y) in marks {
            let cell = Cell(x: Int((x / distance).rounded(.down)), y: Int((y / distance).rounded(.down)))
            var found: Int?
            for dx in -1...1 {
                for dy in -1...1 {
                    cells.forEach(at: Cell(x: cell.x + dx, y: cell.y + dy)) { g in
                        guard found.map({ g < $0 }) ?? true else { return }
                        let near = boxes[g].farthest(x, y) <= d2
                            || groups[g].points.allSatisfy { p in (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) <= d2 }
                        if near { found = g }
                    }
                }
            }
            if let g = found {
                let n = Double(groups[g].marks.count)
                groups[g].x = (groups[g].x * n + x) / (n + 1)
                groups[g].y = (groups[g].y * n + y) / (n + 1)
                groups[g].marks.append(mark)
                groups[g].points.append((x, y))
                boxes[g].add(x, y)
            } else {
                cells.append(groups.count, at: cell)
                boxes.append(Box(x0: x, y0: y, x1: x, y1: y))
                groups.append(MarkGroup(x: x, y: y, marks: [mark], points: [(x, y)]))
            }
        }
        return separate(groups, mergeSpan: mergeSpan)
    }

    /// How far a circle may be pushed from where its marks are, so that it does not cover another.
    public static let spreadShift = 20.0

    /// Pushes apart the circles that still touch (merging them would have joined marks too far
    /// apart), the larger group moving less, each at most `shift` pixels from where it was: a
    /// number is never hidden under another.
    public static func spread(_ start: [MarkGroup], shift: Double = spreadShift) -> [MarkGroup] {
        var groups = start
        guard groups.count > 1 else { return groups }
        let home = groups.map { (x: $0.x, y: $0.y) }
        // Spreading moves circles, never what is in them: each radius is worked out once.
        let radii = groups.map(\.radius)
        let size = 2 * groupRadius(1 << 20) + 2
        for _ in 0..<32 {
            let cells = CellTable.index(groups, size: size)
            var moved = false
            for i in groups.indices {
                let c = Cell(groups[i], size: size)
                for dx in -1...1 {
                    for dy in -1...1 {
                        cells.forEach(at: Cell(x: c.x + dx, y: c.y + dy)) { j in
                            guard j > i else { return }
                            var ex = groups[j].x - groups[i].x, ey = groups[j].y - groups[i].y
                            let reach = radii[i] + radii[j] + 1.5
                            let d = (ex * ex + ey * ey).squareRoot()
                            guard d < reach - 0.01 else { return }
                            if d < 0.001 { (ex, ey) = (0, 1) } else { (ex, ey) = (ex / d, ey / d) }
                            let ni = Double(groups[i].marks.count), nj = Double(groups[j].marks.count)
                            let push = reach - d
                            let before = (groups[i].x, groups[i].y, groups[j].x, groups[j].y)
                            move(&groups[i], by: -push * nj / (ni + nj), along: (ex, ey), home: home[i], shift: shift)
                            move(&groups[j], by: push * ni / (ni + nj), along: (ex, ey), home: home[j], shift: shift)
                            if before != (groups[i].x, groups[i].y, groups[j].x, groups[j].y) { moved = true }
                        }
                    }
                }
            }
            if !moved { break }
        }
        return groups
    }

    /// Moves a group `distance` along a unit vector, kept within `shift` of `home`.
    private static func move(_ g: inout MarkGroup, by distance: Double, along u: (Double, Double), home: (x: Double, y: Double), shift: Double) {
        var x = g.x + distance * u.0, y = g.y + distance * u.1
        let ox = x - home.x, oy = y - home.y, o = (ox * ox + oy * oy).squareRoot()
        if o > shift { (x, y) = (home.x + ox * shift / o, home.y + oy * shift / o) }
        (g.x, g.y) = (x, y)
    }

    /// Merges groups whose circles would touch, while the merged group's marks stay within `mergeSpan`.
    static func separate(_ start: [MarkGroup], mergeSpan: Double) -> [MarkGroup] {
        var groups = start
        var radii = groups.map(\.radius)
        let size = 2 * groupRadius(1 << 20) + 2
        var merged = true
        var rounds = 0
        while merged, rounds < 64 {
            merged = false
            rounds += 1
            let cells = CellTable.index(groups, size: size)
            var gone = [Bool](repeating: false, count: groups.count)
            for i in groups.indices where !gone[i] {
                let c = Cell(groups[i], size: size)
                for dx in -1...1 {
                    for dy in -1...1 {
                        cells.forEach(at: Cell(x: c.x + dx, y: c.y + dy)) { j in
                            guard j > i, !gone[j] else { return }
                            let ex = groups[i].x - groups[j].x, ey = groups[i].y - groups[j].y
                            let reach = radii[i] + radii[j] + 1.5
                            guard ex * ex + ey * ey < reach * reach, Self.within(groups[i], groups[j], mergeSpan) else { return }
                            let ni = Double(groups[i].marks.count), nj = Double(groups[j].marks.count)
                            groups[i].x = (groups[i].x * ni + groups[j].x * nj) / (ni + nj)
                            groups[i].y = (groups[i].y * ni + groups[j].y * nj) / (ni + nj)
                            groups[i].marks += groups[j].marks
                            groups[i].points += groups[j].points
                            radii[i] = groups[i].radius
                            gone[j] = true
                            merged = true
                        }
                    }
                }
            }
            groups = groups.enumerated().filter { !gone[$0.offset] }.map(\.element)
            radii = radii.enumerated().filter { !gone[$0.offset] }.map(\.element)
        }
        return groups
    }

    /// Whether every mark of `a` lies within `span` of every mark of `b` (each group's own marks already do).
    static func within(_ a: MarkGroup, _ b: MarkGroup, _ span: Double) -> Bool {
        let s2 = span * span
        var box = Box(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
        for p in a.points + b.points { box.add(p.x, p.y) }
        if (box.x1 - box.x0) * (box.x1 - box.x0) + (box.y1 - box.y0) * (box.y1 - box.y0) <= s2 { return true }
        for p in a.points {
            for q in b.points where (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) > s2 { return false }
        }
        return true
    }

    /// The box around some marks.
    struct Box {
        var x0, y0, x1, y1: Double

        mutating func add(_ x: Double, _ y: Double) { (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y)) }

        /// The squared distance from a point to the box's farthest corner.
        func farthest(_ x: Double, _ y: Double) -> Double {
            let dx = max(abs(x - x0), abs(x - x1)), dy = max(abs(y - y0), abs(y - y1))
            return dx * dx + dy * dy
        }
    }

    struct Cell: Equatable {
        var x: Int
        var y: Int

        init(x: Int, y: Int) { (self.x, self.y) = (x, y) }

        /// The cell, `size` pixels wide, of a group's center.
        init(_ g: MarkGroup, size: Double) { self.init(x: Int((g.x / size).rounded(.down)), y: Int((g.y / size).rounded(.down))) }
    }
}

extension MarkGroups {
    /// Positions filed by cell, each cell's in the order they were filed: a table with open
    /// addressing and a hash of two multiplications (a drawing files a few hundred groups, and looks
    /// up the nine cells around each of them).
    struct CellTable {
        private var slotCells: [Cell]
        /// Per slot, its cell's first and last entry; -1 while the slot is free.
        private var firsts: [Int]
        private var lasts: [Int]
        /// Per entry, in the order filed: its value, its cell and the next entry of its cell (-1 after the last).
        private var values: [Int] = []
        private var cells: [Cell] = []
        private var nexts: [Int] = []
        private var mask: Int

        init(capacity: Int) {
            var size = 16
            while size < 2 * capacity { size <<= 1 }
            mask = size - 1
            slotCells = Array(repeating: Cell(x: 0, y: 0), count: size)
            firsts = Array(repeating: -1, count: size)
            lasts = firsts
            values.reserveCapacity(capacity)
            cells.reserveCapacity(capacity)
            nexts.reserveCapacity(capacity)
        }

        /// Each group's position in `groups`, filed by the cell of its center.
        static func index(_ groups: [MarkGroup], size: Double) -> CellTable {
            var table = CellTable(capacity: groups.count)
            for (i, g) in groups.enumerated() { table.append(i, at: Cell(g, size: size)) }
            return table
        }

        /// The slot that holds `cell`, or the free one where it goes.
        private func slot(_ cell: Cell) -> Int {
            let h = UInt64(bitPattern: Int64(cell.x)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(cell.y)) &* 0xC2B2_AE3D_27D4_EB4F
            var i = Int(truncatingIfNeeded: h >> 32) & mask
            while firsts[i] >= 0, slotCells[i] != cell { i = (i + 1) & mask }
            return i
        }

        mutating func append(_ value: Int, at cell: Cell) {
            // At most half the slots in use, so that a free one is always near.
            if 2 * (values.count + 1) > mask + 1 { grow() }
            let entry = values.count
            values.append(value)
            cells.append(cell)
            nexts.append(-1)
            let s = slot(cell)
            if firsts[s] < 0 {
                slotCells[s] = cell
                firsts[s] = entry
            } else {
                nexts[lasts[s]] = entry
            }
            lasts[s] = entry
        }

        /// Twice the slots, every entry filed again in its order.
        private mutating func grow() {
            var bigger = CellTable(capacity: mask + 1)
            for (value, cell) in zip(values, cells) { bigger.append(value, at: cell) }
            self = bigger
        }

        /// Calls `body` with the values filed at `cell`, in the order they were filed.
        func forEach(at cell: Cell, _ body: (Int) -> Void) {
            var entry = firsts[slot(cell)]
            while entry >= 0 {
                body(values[entry])
                entry = nexts[entry]
            }
        }
    }
}
