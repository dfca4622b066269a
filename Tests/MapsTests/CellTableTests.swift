import Testing
import Geo
import TestSupport
@testable import Maps

/// The table that files marks by cell gives, for every cell, what a dictionary of arrays gives.
@Suite("Filing groups by cell")
struct CellTableTests {
    typealias Cell = MarkGroups.Cell

    func filed(_ table: MarkGroups.CellTable, at cell: Cell) -> [Int] {
        var out: [Int] = []
        table.forEach(at: cell) { out.append($0) }
        return out
    }

    @Test("each cell's values in the order filed, through growth, crowded and far-apart cells, negative and huge coordinates")
    func agreesWithADictionary() {
        var random = SeededRandom(seed: 11)
        for round in 0..<60 {
            // Few cells (many values each), many cells, and cells far apart.
            let spread = [3, 40, 1 << 40][round % 3]
            var table = MarkGroups.CellTable(capacity: round % 4)  // grows from too small
            var reference: [Int: [Int]] = [:]
            var cells: [Cell] = []
            for value in 0..<(200 + random.next(2_000)) {
                let cell = Cell(x: random.next(2 * spread) - spread, y: random.next(2 * spread) - spread)
                table.append(value, at: cell)
                if let k = cells.firstIndex(of: cell) { reference[k, default: []].append(value) } else {
                    reference[cells.count] = [value]
                    cells.append(cell)
                }
            }
            for (k, cell) in cells.enumerated() {
                #expect(filed(table, at: cell) == reference[k], "round \(round), cell \(cell)")
            }
            #expect(filed(table, at: Cell(x: Int.max, y: Int.min)).isEmpty)
            #expect(filed(table, at: Cell(x: 3 * spread, y: 0)).isEmpty)
        }
    }

    @Test("the groups of a crowded map are the same as when marks were filed in a dictionary: every mark in one group, none hidden")
    func groupsOfACrowdedMap() {
        var random = SeededRandom(seed: 4)
        let marks = (0..<1_500).map { i in
            (MapSpec.Mark(id: "r\(i)", coordinate: .init(latitude: 0, longitude: 0), category: "c", label: "r\(i)", url: "r\(i).html"),
             random.unit() * 560, random.unit() * 360)
        }
        let groups = MarkGroups.spread(MarkGroups.group(marks))
        #expect(groups.reduce(0) { $0 + $1.marks.count } == marks.count)
        #expect(Set(groups.flatMap { $0.marks.map(\.id) }).count == marks.count)
        #expect(groups.count > 20 && groups.count < 400)
    }
}
