import Maps

/// A small line of counts, one point a week, as inline SVG: drawn from numbers alone, in the text
/// color (`currentColor`), hidden from screen readers because the same numbers are written as text
/// beside it.
package enum Sparkline {
    /// Drawn at this size (CSS may shrink it, never needs to grow it): 12 weeks 20 px apart.
    package static let width = 240.0
    package static let height = 44.0
    package static let pad = 5.0

    /// `top` is the count drawn at full height (default: the largest of `counts`), so that several
    /// lines side by side can share one scale.
    package static func svg(_ counts: [Int], top: Int? = nil) -> String {
        let n = max(counts.count, 2)
        let top = Double(max(top ?? 0, counts.max() ?? 0, 1))
        let step = (width - 2 * pad) / Double(n - 1)
        let points = counts.enumerated().map { i, c in
            (x: pad + Double(i) * step, y: height - pad - Double(c) / top * (height - 2 * pad))
        }
        let line = points.map { "\(SVGText.number($0.x)),\(SVGText.number($0.y))" }.joined(separator: " ")
        var area = "M\(SVGText.number(pad)),\(SVGText.number(height - pad)) "
        area += points.map { "L\(SVGText.number($0.x)),\(SVGText.number($0.y))" }.joined(separator: " ")
        area += " L\(SVGText.number(points.last?.x ?? pad)),\(SVGText.number(height - pad)) Z"
        var out = "<svg class=\"sparkline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        out += " width=\"\(Int(width))\" height=\"\(Int(height))\" aria-hidden=\"true\" focusable=\"false\">"
        out += "<line x1=\"\(SVGText.number(pad))\" y1=\"\(SVGText.number(height - pad))\" x2=\"\(SVGText.number(width - pad))\" y2=\"\(SVGText.number(height - pad))\" stroke=\"currentColor\" stroke-opacity=\"0.35\" stroke-width=\"1\"/>"
        out += "<path d=\"\(area)\" fill=\"currentColor\" fill-opacity=\"0.14\"/>"
        out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        if let last = points.last {
            out += "<circle cx=\"\(SVGText.number(last.x))\" cy=\"\(SVGText.number(last.y))\" r=\"3\" fill=\"currentColor\"/>"
        }
        return out + "</svg>"
    }
}
