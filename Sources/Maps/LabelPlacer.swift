#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle on the map, possibly turned: a label along a street, a mark, the north arrow.
public struct MapBox: Sendable, Equatable {
    public var cx: Double
    public var cy: Double
    /// Half the width and half the height, before turning.
    public var hw: Double
    public var hh: Double
    /// Radians, counterclockwise on screen is negative (SVG's y points down).
    public var angle: Double

    public init(cx: Double, cy: Double, hw: Double, hh: Double, angle: Double = 0) {
        (self.cx, self.cy, self.hw, self.hh, self.angle) = (cx, cy, hw, hh, angle)
    }

    /// The four corners.
    public var corners: [(Double, Double)] {
        let c = cos(angle), s = sin(angle)
        return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { (cx + $0.0 * c - $0.1 * s, cy + $0.0 * s + $0.1 * c) }
    }

    /// The smallest upright box around it: (minX, minY, maxX, maxY).
    public var bounds: (Double, Double, Double, Double) {
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return (xs.min() ?? cx, ys.min() ?? cy, xs.max() ?? cx, ys.max() ?? cy)
    }

    /// True when the two overlap (the separating axis test on both boxes' edges).
    public func overlaps(_ other: MapBox) -> Bool {
        let a = corners, b = other.corners
        for axis in [angle, angle + .pi / 2, other.angle, other.angle + .pi / 2] {
            let ax = cos(axis), ay = sin(axis)
            let pa = a.map { $0.0 * ax + $0.1 * ay }, pb = b.map { $0.0 * ax + $0.1 * ay }
            if (pa.max() ?? 0) <= (pb.min() ?? 0) || (pb.max() ?? 0) <= (pa.min() ?? 0) { return false }
        }
        return true
    }
}

/// Widths of text in the maps' sans-serif, from the advance widths of DejaVu Sans (thousandths
/// of an em), the widest of the usual system sans-serifs: an SVG made from data alone cannot
/// measure its font, so names are given the most room any reader's font may take.
enum TextWidth {
    /// Space to tilde (U+0020 to U+007E).
    static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
        636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
        634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
        696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
        712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    static func of(_ text: String, size: Double, letterSpacing: Double = 0, bold: Bool = false) -> Double {
        let table = bold ? Self.bold : regular
        var thousandths = 0
        var count = 0
        for c in text.unicodeScalars {
            count += 1
            switch c.value {
            case 0x20...0x7E: thousandths += Int(table[Int(c.value) - 0x20])
            case 0x0300...0x036F, 0x200B...0x200F, 0x2060...0x206F: break  // combining marks, zero-width and direction marks
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFD:
                thousandths += 1000  // wide: CJK, Hangul, full-width forms
            default: thousandths += bold ? 820 : 760
            }
        }
        return Double(thousandths) / 1000 * size + letterSpacing * Double(count)
    }
}

/// Places labels greedily: each takes its place only where its box overlaps nothing placed before
/// it and lies inside the frame. A grid of cells keeps each check to the boxes nearby.
struct LabelPlacer {
    let width: Double
    let height: Double
    static let cell = 64.0
    private(set) var boxes: [MapBox] = []
    private var grid: [Int: [Int]] = [:]

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    func key(_ x: Int, _ y: Int) -> Int { y &* 100_003 &+ x }

    func cells(_ box: MapBox) -> [Int] {
        let (x0, y0, x1, y1) = box.bounds
        let cx0 = Int((max(x0, -1e6) / Self.cell).rounded(.down)), cx1 = Int((min(x1, 1e6) / Self.cell).rounded(.down))
        let cy0 = Int((max(y0, -1e6) / Self.cell).rounded(.down)), cy1 = Int((min(y1, 1e6) / Self.cell).rounded(.down))
        guard cx1 - cx0 < 64, cy1 - cy0 < 64 else { return [] }
        return (cy0...cy1).flatMap { y in (cx0...cx1).map { key($0, y) } }
    }

    /// Marks, the north arrow: taken whatever they overlap.
    mutating func occupy(_ box: MapBox) {
        let index = boxes.count
        boxes.append(box)
        for k in cells(box) { grid[k, default: []].append(index) }
    }

    /// True when the box fits inside the frame (with `margin`) and overlaps nothing placed.
    func fits(_ box: MapBox, margin: Double = 3) -> Bool {
        let (x0, y0, x1, y1) = box.bounds
        guard x0 >= margin, y0 >= margin, x1 <= width - margin, y1 <= height - margin else { return false }
        var seen = Set<Int>()
        for k in cells(box) {
            for i in grid[k] ?? [] where seen.insert(i).inserted {
                if boxes[i].overlaps(box) { return false }
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
