import Geo

/// Marks that would overlap at the map's size become one group with a count.
public struct MarkGroup: Sendable {
    public var x: Double
    public var y: Double
    public var marks: [MapSpec.Mark]
}

public enum MarkGroups {
    /// Groups marks whose centers lie closer than `distance` pixels to a group's first mark.
    /// Marks are taken in the order given, so the same input always gives the same groups; a
    /// grid of cells `distance` wide keeps it linear in the number of marks.
    public static func group(_ marks: [(MapSpec.Mark, Double, Double)], distance: Double) -> [MarkGroup] {
        var groups: [MarkGroup] = []
        var cells: [Cell: [Int]] = [:]
        let d2 = distance * distance
        for (mark, x, y) in marks {
            let cell = Cell(x: Int((x / distance).rounded(.down)), y: Int((y / distance).rounded(.down)))
            var found: Int?
            search: for dx in -1...1 {
                for dy in -1...1 {
                    for g in cells[Cell(x: cell.x + dx, y: cell.y + dy)] ?? [] {
                        let ex = groups[g].x - x, ey = groups[g].y - y
                        if ex * ex + ey * ey < d2 {
                            if found.map({ g < $0 }) ?? true { found = g }
                        }
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
        return groups
    }

    struct Cell: Hashable {
        var x: Int
        var y: Int
    }
}
