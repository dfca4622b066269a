import Glibc

/// A rectangle on the map, possibly turned: a label along a street, a mark, the north arrow.
public struct MapBox: Sendable, Equatable {
    public let cx: Double
    public let cy: Double
    /// Half the width and half the height, before turning.
    public let hw: Double
    public let hh: Double
    /// Radians, counterclockwise on screen is negative (SVG's y points down).
    public let angle: Double
    /// The angle's cosine and sine, worked out once: a label is tried at many places, and each
    /// try asks for the corners.
    private let cosine: Double, sine: Double

    public init(cx: Double, cy: Double, hw: Double, hh: Double, angle: Double = 0) {
        (self.cx, self.cy, self.hw, self.hh, self.angle) = (cx, cy, hw, hh, angle)
        (cosine, sine) = angle == 0 ? (1, 0) : (cos(angle), sin(angle))
    }

    /// A box turned by `angle`, whose cosine and sine the caller already has (`cos(angle)`, `sin(angle)`).
    init(cx: Double, cy: Double, hw: Double, hh: Double, angle: Double, cosine: Double, sine: Double) {
        (self.cx, self.cy, self.hw, self.hh, self.angle) = (cx, cy, hw, hh, angle)
        (self.cosine, self.sine) = (cosine, sine)
    }

    /// The four corners, without an array (labels are tried tens of thousands of times a build).
    var corner4: ((Double, Double), (Double, Double), (Double, Double), (Double, Double)) {
        let c = cosine, s = sine
        func at(_ dx: Double, _ dy: Double) -> (Double, Double) { (cx + dx * c - dy * s, cy + dx * s + dy * c) }
        return (at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh))
    }

    /// The smallest upright box around it: (minX, minY, maxX, maxY).
    public var bounds: (Double, Double, Double, Double) {
        let (a, b, c, d) = corner4
        return (min(a.0, b.0, c.0, d.0), min(a.1, b.1, c.1, d.1), max(a.0, b.0, c.0, d.0), max(a.1, b.1, c.1, d.1))
    }

    /// True when the two overlap (the separating axis test on both boxes' edges).
    public func overlaps(_ other: MapBox) -> Bool {
        let a = corner4, b = other.corner4
        func separates(_ axis: Double) -> Bool {
            let ax = cos(axis), ay = sin(axis)
            func p(_ q: (Double, Double)) -> Double { q.0 * ax + q.1 * ay }
            let pa = (p(a.0), p(a.1), p(a.2), p(a.3)), pb = (p(b.0), p(b.1), p(b.2), p(b.3))
            return max(pa.0, pa.1, pa.2, pa.3) <= min(pb.0, pb.1, pb.2, pb.3) || max(pb.0, pb.1, pb.2, pb.3) <= min(pa.0, pa.1, pa.2, pa.3)
        }
        return !(separates(angle) || separates(angle + .pi / 2) || separates(other.angle) || separates(other.angle + .pi / 2))
    }
}

/// Places labels greedily: each takes its place only where its box overlaps nothing placed before
/// it and lies inside the frame. A grid of cells keeps each check to the boxes nearby.
struct LabelPlacer {
    let width: Double
    let height: Double
    static let cell = 64.0
    private(set) var boxes: [MapBox] = []
    /// The boxes in each cell of the frame, row by row. Only cells inside the frame are kept: a box
    /// that fits lies inside it, so any box it overlaps shares one of those cells with it.
    private var grid: [[Int]]
    private let columns: Int, rows: Int

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        columns = max(1, Int((max(width, 0) / Self.cell).rounded(.down)) + 1)
        rows = max(1, Int((max(height, 0) / Self.cell).rounded(.down)) + 1)
        grid = Array(repeating: [], count: columns * rows)
    }

    /// The cells a box touches, inside the frame (none for a box over 64 cells across).
    func cells(_ box: MapBox) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let (x0, y0, x1, y1) = box.bounds
        let cx0 = Int((max(x0, -1e6) / Self.cell).rounded(.down)), cx1 = Int((min(x1, 1e6) / Self.cell).rounded(.down))
        let cy0 = Int((max(y0, -1e6) / Self.cell).rounded(.down)), cy1 = Int((min(y1, 1e6) / Self.cell).rounded(.down))
        guard cx1 - cx0 < 64, cy1 - cy0 < 64 else { return nil }
        let c0 = max(cx0, 0), c1 = min(cx1, columns - 1), r0 = max(cy0, 0), r1 = min(cy1, rows - 1)
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (c0...c1, r0...r1)
    }

    /// Marks, the north arrow: taken whatever they overlap.
    mutating func occupy(_ box: MapBox) {
        let index = boxes.count
        boxes.append(box)
        guard let (cs, rs) = cells(box) else { return }
        for r in rs { for c in cs { grid[r * columns + c].append(index) } }
    }

    /// True when the box fits inside the frame (with `margin`) and overlaps nothing placed.
    func fits(_ box: MapBox, margin: Double = 3) -> Bool {
        let (x0, y0, x1, y1) = box.bounds
        guard x0 >= margin, y0 >= margin, x1 <= width - margin, y1 <= height - margin else { return false }
        guard let (cs, rs) = cells(box) else { return true }
        // A box in two cells is tested twice: the same answer, without keeping a set.
        for r in rs {
            for c in cs {
                for i in grid[r * columns + c] where boxes[i].overlaps(box) { return false }
            }
        }
        return true
    }

    /// Places the box when it fits; true when it did.
    mutating func place(_ box: MapBox) -> Bool {
        guard fits(box) else { return false }
        occupy(box)
        return true
    }
}
