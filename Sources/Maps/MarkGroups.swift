import Glibc

/// Marks drawn where they are, or, where they would overlap, one circle with their number.
public struct MarkGroup: Sendable {
    public var x: Double
    public var y: Double
    public var marks: [MapSpec.Mark]

    /// The radius it is drawn with: a mark's, or a circle that grows slowly with its number.
    public var radius: Double {
        marks.count == 1 ? MarkGroups.markRadius : MarkGroups.groupRadius(marks.count)
    }
}

public enum MarkGroups {
    public static let markRadius = 7.0

    static func groupRadius(_ n: Int) -> Double { min(26, 11 + 2.4 * log2(Double(max(n, 2)))) }

    /// Groups the marks so that no two drawn circles overlap: marks closer than `distance` pixels to
    /// a group's first mark join it, then groups that would still overlap are merged (at their
    /// weighted middle) until none do. Marks are taken in the order given, so the same input
    /// always gives the same groups; a grid of cells keeps it near linear.
    public static func group(_ marks: [(MapSpec.Mark, Double, Double)], distance: Double) -> [MarkGroup] {
        // A report's locator map has one mark: it is its own group.
        if marks.count == 1, let (mark, x, y) = marks.first { return [MarkGroup(x: x, y: y, marks: [mark])] }
        var groups: [MarkGroup] = []
        var cells: [Cell: [Int]] = [:]
        let d2 = distance * distance
        for (mark, x, y) in marks {
            let cell = Cell(x: Int((x / distance).rounded(.down)), y: Int((y / distance).rounded(.down)))
            var found: Int?
            for dx in -1...1 {
                for dy in -1...1 {
                    for g in cells[Cell(x: cell.x + dx, y: cell.y + dy)] ?? [] {
                        let ex = groups[g].x - x, ey = groups[g].y - y
                        if ex * ex + ey * ey < d2, found.map({ g < $0 }) ?? true { found = g }
                    }
                }
            }
            if let g = found {
                groups[g].marks.append(mark)
            } else {
                cells[cell, default: []].append(groups.count)
                groups.append(MarkGroup(x: x, y: y, marks: [mark]))
            }
        }
        return separate(groups)
    }

    /// Merges groups whose circles overlap until none do.
    static func separate(_ start: [MarkGroup]) -> [MarkGroup] {
        var groups = start
        let size = 2 * groupRadius(1 << 20) + 2
        var merged = true
        var rounds = 0
        while merged, rounds < 64 {
            merged = false
            rounds += 1
            var cells: [Cell: [Int]] = [:]
            for (i, g) in groups.enumerated() {
                cells[Cell(x: Int((g.x / size).rounded(.down)), y: Int((g.y / size).rounded(.down))), default: []].append(i)
            }
            var gone = Set<Int>()
            for i in groups.indices where !gone.contains(i) {
                let c = Cell(x: Int((groups[i].x / size).rounded(.down)), y: Int((groups[i].y / size).rounded(.down)))
                for dx in -1...1 {
                    for dy in -1...1 {
                        for j in cells[Cell(x: c.x + dx, y: c.y + dy)] ?? [] where j > i && !gone.contains(j) {
                            let ex = groups[i].x - groups[j].x, ey = groups[i].y - groups[j].y
                            let reach = groups[i].radius + groups[j].radius + 1.5
                            guard ex * ex + ey * ey < reach * reach else { continue }
                            let ni = Double(groups[i].marks.count), nj = Double(groups[j].marks.count)
                            groups[i].x = (groups[i].x * ni + groups[j].x * nj) / (ni + nj)
                            groups[i].y = (groups[i].y * ni + groups[j].y * nj) / (ni + nj)
                            groups[i].marks += groups[j].marks
                            gone.insert(j)
                            merged = true
                        }
                    }
                }
            }
            groups = groups.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        }
        return groups
    }

    struct Cell: Hashable {
        var x: Int
        var y: Int
    }
}
