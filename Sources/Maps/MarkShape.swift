#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        func n(_ v: Double) -> String { SVGText.number(v) }
        switch self {
        case .circle:
            return "M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0 \(n(-2 * r)) 0Z"
        case .square:
            let s = r * 0.9
            return "M\(n(x - s)) \(n(y - s))H\(n(x + s))V\(n(y + s))H\(n(x - s))Z"
        case .plus:
            let a = r, b = r * 0.38
            return "M\(n(x - b)) \(n(y - a))H\(n(x + b))V\(n(y - b))H\(n(x + a))V\(n(y + b))H\(n(x + b))V\(n(y + a))H\(n(x - b))V\(n(y + b))H\(n(x - a))V\(n(y - b))H\(n(x - b))Z"
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
            var points: [(Double, Double)] = []
            let steps = inner == nil ? count : count * 2
            for i in 0..<steps {
                let angle = (rotation + Double(i) * 360 / Double(steps)) * .pi / 180
                let rr = inner != nil && i % 2 == 1 ? radius * (inner ?? 1) : radius
                points.append((x + rr * cos(angle), y + rr * sin(angle)))
            }
            return "M" + points.map { "\(n($0.0)) \(n($0.1))" }.joined(separator: "L") + "Z"
        }
    }
}
