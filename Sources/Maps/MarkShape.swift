import Glibc

/// A distinct shape per category, so marks can be told apart in black and white and by
/// readers who do not see the colors.
public enum MarkShape: Int, CaseIterable, Sendable {
    case circle, square, triangle, diamond, invertedTriangle, hexagon, star, plus, pentagon

    /// The shape of the category at `index` in `site.yml` order.
    public static func forCategory(at index: Int) -> MarkShape {
        allCases[index % allCases.count]
    }

    /// An SVG path centered on (x, y), about `r` in radius.
    public func path(x: Double, y: Double, r: Double) -> String {
        var s = SVGWriter(capacity: 160)
        write(x: x, y: y, r: r, to: &s)
        return s.string
    }

    /// The path's data appended to a drawing.
    func write(x: Double, y: Double, r: Double, to s: inout SVGWriter) {
        switch self {
        case .circle:
            s.add("M\(x - r) \(y)a\(r) \(r) 0 1 0 \(2 * r) 0a\(r) \(r) 0 1 0 \(-2 * r) 0Z")
        case .square:
            let q = r * 0.9
            s.add("M\(x - q) \(y - q)H\(x + q)V\(y + q)H\(x - q)Z")
        case .plus:
            let a = r, b = r * 0.38
            s.add("M\(x - b) \(y - a)H\(x + b)V\(y - b)H\(x + a)V\(y + b)H\(x + b)V\(y + a)H\(x - b)V\(y + b)H\(x - a)V\(y - b)H\(x - b)Z")
        default:
            let (count, rotation, inner): (Int, Double, Double?) = {
                switch self {
                case .triangle: return (3, -90, nil)
                case .invertedTriangle: return (3, 90, nil)
                case .diamond: return (4, -90, nil)
                case .hexagon: return (6, 0, nil)
                case .pentagon: return (5, -90, nil)
                default: return (5, -90, 0.45)  // star
                }
            }()
            let radius = self == .triangle || self == .invertedTriangle ? r * 1.2 : r * 1.05
            let steps = inner == nil ? count : count * 2
            for i in 0..<steps {
                let angle = (rotation + Double(i) * 360 / Double(steps)) * .pi / 180
                let rr = inner != nil && i % 2 == 1 ? radius * (inner ?? 1) : radius
                s.add("\(i == 0 ? "M" : "L")\(x + rr * cos(angle)) \(y + rr * sin(angle))")
            }
            s.add("Z")
        }
    }
}
