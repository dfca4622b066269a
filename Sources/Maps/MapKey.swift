import Escaping
import Geo

/// The key of a map: what each mark means, how far the scale bar reaches, where the data came from.
/// Pages show it in HTML beside the map (legible at any width and in print); a map that stands
/// alone (`map.svg`) draws it under itself.
public enum MapKey {
    /// Two bars: a round number of meters and a round number of feet, about a fifth of the width.
    static func scale(_ fit: MercatorFit) -> MapDrawing.Scale {
        let mpp = fit.metersPerPixel
        let target = fit.width / 5 * mpp
        let meters = roundNumber(target, from: [20, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000])
        let feet = roundNumber(target * 3.28084, from: [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000, 100000])
        let mText = meters >= 1000 ? "\(count(meters / 1000)) km" : "\(Int(meters)) m"
        let fText = feet >= 5280 && feet.truncatingRemainder(dividingBy: 5280) == 0 ? "\(Int(feet / 5280)) mi" : "\(count(feet)) ft"
        return MapDrawing.Scale(meters: mText, metersLength: meters / mpp, feet: fText, feetLength: feet / 3.28084 / mpp, metersPerPixel: mpp)
    }

    static func roundNumber(_ target: Double, from choices: [Double]) -> Double {
        choices.last { $0 <= target } ?? choices[0]
    }

    /// 2000 → "2,000".
    static func count(_ v: Double) -> String {
        let i = Int(v.rounded())
        guard abs(v - Double(i)) < 1e-9 else { return SVGText.number(v) }
        var out = ""
        for (k, ch) in String(i).reversed().enumerated() {
            if k > 0, k % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return String(out.reversed())
    }

    /// The scale bar as a small SVG of its own, at a fixed size for a page's key: `scale` is in the
    /// map's pixels, drawn here at `factor` of that.
    public static func scaleSVG(_ scale: MapDrawing.Scale, factor: Double = 0.5, labelled: Bool = true) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        let m = scale.metersLength * factor, f = scale.feetLength * factor
        let width = max(m, f) + 70
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scale\" viewBox=\"0 0 \(n(width)) 34\" width=\"\(n(width))\" height=\"34\" \(labelled ? "role=\"img\" aria-label=\"Scale: \(Escape.xml(scale.meters)), \(Escape.xml(scale.feet))\"" : "aria-hidden=\"true\"")>"
        s += "<path d=\"M1 3V9H\(n(1 + m))V3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
        s += "<text x=\"\(n(m + 7))\" y=\"11\" font-size=\"12\" fill=\"currentColor\">\(Escape.xml(scale.meters))</text>"
        s += "<path d=\"M1 31V25H\(n(1 + f))V31\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
        s += "<text x=\"\(n(f + 7))\" y=\"31\" font-size=\"12\" fill=\"currentColor\">\(Escape.xml(scale.feet))</text></svg>"
        return s
    }

    /// A mark's shape in its color, alone, for a legend row (decorative).
    public static func icon(_ shape: MarkShape, color: String, size: Double = 14) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 16 16\" width=\"\(SVGText.number(size))\" height=\"\(SVGText.number(size))\" aria-hidden=\"true\">"
            + "<path d=\"\(shape.path(x: 8, y: 8, r: 6.5))\" fill=\"\(Escape.xml(color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/></svg>"
    }

    /// A group's circle, for the key.
    public static func groupIcon(size: Double = 18) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"\(SVGText.number(size))\" height=\"\(SVGText.number(size))\" aria-hidden=\"true\">"
            + "<circle cx=\"12\" cy=\"12\" r=\"11\" fill=\"#7a8a8f\" stroke=\"#ffffff\" stroke-width=\"1.5\"/><circle cx=\"12\" cy=\"12\" r=\"7\" fill=\"#ffffff\"/>"
            + "<text x=\"12\" y=\"15.5\" font-family=\"system-ui, sans-serif\" font-size=\"10\" font-weight=\"700\" fill=\"#1d2327\" text-anchor=\"middle\">3</text></svg>"
    }

    /// Words broken into lines no wider than `width` at `size`.
    static func wrap(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, TextWidth.of(candidate, size: size) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The key drawn inside a standalone map, under the map's area.
    static func standalone(_ legend: [MapDrawing.LegendItem], scale: MapDrawing.Scale, groupText: String?, attribution: String,
                           empty: String, top: Double, width: Double) -> (svg: String, height: Double) {
        func n(_ v: Double) -> String { SVGText.number(v) }
        var s = "<g class=\"legend\" font-family=\"system-ui, sans-serif\" font-size=\"14\" fill=\"#1d2327\">\n"
        var y = top + 16
        if legend.isEmpty { s += "<text x=\"14\" y=\"\(n(y + 5))\">\(Escape.xml(empty))</text>\n"; y += 26 }
        let columnWidth = (width - 20) / 2
        for (i, item) in legend.enumerated() {
            let x = 14 + Double(i % 2) * columnWidth, rowY = y + Double(i / 2) * 26
            s += "<path d=\"\(item.shape.path(x: x + 7, y: rowY, r: 6.5))\" fill=\"\(Escape.xml(item.color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/>"
            s += "<text x=\"\(n(x + 20))\" y=\"\(n(rowY + 5))\">\(Escape.xml(item.label)) (\(item.count))</text>\n"
        }
        y += Double((legend.count + 1) / 2) * 26
        if let groupText {
            s += "<circle cx=\"21\" cy=\"\(n(y))\" r=\"9\" fill=\"#7a8a8f\" stroke=\"#ffffff\"/><circle cx=\"21\" cy=\"\(n(y))\" r=\"5.5\" fill=\"#ffffff\"/>"
            s += "<text x=\"34\" y=\"\(n(y + 5))\">\(Escape.xml(groupText))</text>\n"
            y += 28
        }
        s += "<g transform=\"translate(14 \(n(y - 8)))\" color=\"#1d2327\">\(scaleSVG(scale, labelled: false))</g>\n"
        y += 44
        for line in wrap(attribution, width: width - 28, size: 12) {
            s += "<text x=\"14\" y=\"\(n(y))\" font-size=\"12\" fill=\"#4f5b62\">\(Escape.xml(line))</text>\n"
            y += 16
        }
        return (s + "</g>\n", y - top)
    }
}
