import Escaping
import Geo

/// The key of a map: what each mark means, how far the scale bar reaches, where the data came from.
/// Pages show the legend and credit in HTML beside the map (legible at any width and in print); a
/// map that stands alone (`map.svg`) draws them under itself. The scale bar is on the map.
public enum MapKey {
    /// Two bars: a round number of meters and a round number of feet, about a fifth of the width.
    static func scale(_ fit: MercatorFit) -> MapDrawing.Scale {
        let mpp = fit.metersPerPixel
        let target = max(fit.width / 5, 70) * mpp
        let meters = roundNumber(target, from: [20, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000])
        let metric = meters >= 1000 ? GroundLength(amount: meters / 1000, unit: .kilometers) : GroundLength(amount: meters, unit: .meters)
        // Feet up to a mile, then whole miles.
        let targetFeet = target * 3.28084
        let imperial = targetFeet >= 5280 ? GroundLength(amount: roundNumber(targetFeet / 5280, from: [1, 2, 5, 10, 20, 50]), unit: .miles)
            : GroundLength(amount: roundNumber(targetFeet, from: [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000]), unit: .feet)
        let feet = imperial.unit == .miles ? imperial.amount * 5280 : imperial.amount
        return MapDrawing.Scale(metric: metric, metersLength: meters / mpp, imperial: imperial, feetLength: feet / 3.28084 / mpp, metersPerPixel: mpp)
    }

    static func roundNumber(_ target: Double, from choices: [Double]) -> Double {
        choices.last { $0 <= target } ?? choices[0]
    }

    /// 2000 → "2,000".
    static func count(_ v: Double) -> String {
        let i = Int(v.rounded())
        guard abs(v - Double(i)) < 1e-9 else { return SVGText.number(v) }
        // Groups of three digits from the right: "2000" → "2,000".
        let digits = Array(String(i.magnitude).utf8)
        var out: [UInt8] = i < 0 ? [UInt8(ascii: "-")] : []
        for (k, d) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(d)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A mark's shape in its color, alone, for a legend row (decorative).
    public static func icon(_ shape: MarkShape, color: String, size: Double = 14) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 16 16\" width=\"\(SVGText.number(size))\" height=\"\(SVGText.number(size))\" aria-hidden=\"true\">"
            + "<path d=\"\(shape.path(x: 8, y: 8, r: 6.5))\" fill=\"\(Escape.xml(color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/></svg>"
    }

    /// A group's circle, for the key.
    public static func groupIcon(size: Double = 26) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"\(SVGText.number(size))\" height=\"\(SVGText.number(size))\" aria-hidden=\"true\">"
            + "<path d=\"M12 1A11 11 0 0 1 23 12L12 12Z\" fill=\"#d55e00\"/><path d=\"M23 12A11 11 0 0 1 3 18.5L12 12Z\" fill=\"#009e73\"/>"
            + "<path d=\"M3 18.5A11 11 0 0 1 12 1L12 12Z\" fill=\"#0072b2\"/><circle cx=\"12\" cy=\"12\" r=\"7\" fill=\"#ffffff\"/>"
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

    /// The scale bar drawn on the map, at its bottom left on a white ground: it grows and shrinks
    /// with the map, so it stays true at any size.
    static func scaleBar(_ scale: MapDrawing.Scale, words: MapWords = MapWords(), x: Double, bottom: Double) -> (svg: String, box: MapBox) {
        var s = SVGWriter(capacity: 1_024)
        let box = scaleBar(scale, words: words, x: x, bottom: bottom, to: &s)
        return (s.string, box)
    }

    /// The scale bar appended to a drawing, its words in the page's language; returns the room it takes.
    @discardableResult
    static func scaleBar(_ scale: MapDrawing.Scale, words: MapWords, x: Double, bottom: Double, to s: inout SVGWriter) -> MapBox {
        let m = scale.metersLength, f = scale.feetLength
        let (metric, imperial) = (words.length(scale.metric), words.length(scale.imperial))
        let width = scaleBarWidth(scale, metric: metric, imperial: imperial)
        let top = bottom - 38
        // Words of a right-to-left script still start just past their bar: their logical end sits there.
        func direction(_ label: String) -> String { words.rightToLeft && Self.hasRightToLeftLetters(label) ? "direction=\"rtl\" text-anchor=\"end\" " : "" }
        s.add("<g class=\"scale\" font-family=\"system-ui, sans-serif\" font-size=\"13\" fill=\"#1d2327\" aria-hidden=\"true\">")
        s.add("<rect x=\"\(x)\" y=\"\(top)\" width=\"\(width)\" height=\"38\" rx=\"3\" fill=\"#ffffff\" fill-opacity=\"0.88\"/>")
        s.add("<path d=\"M\(x + 6) \(top + 6)V\(top + 12)H\(x + 6 + m)V\(top + 6)\" fill=\"none\" stroke=\"#1d2327\" stroke-width=\"1.5\"/>")
        s.add("<text \(direction(metric))x=\"\(x + 12 + m)\" y=\"\(top + 15)\">\(xml: metric)</text>")
        s.add("<path d=\"M\(x + 6) \(top + 32)V\(top + 26)H\(x + 6 + f)V\(top + 32)\" fill=\"none\" stroke=\"#1d2327\" stroke-width=\"1.5\"/>")
        s.add("<text \(direction(imperial))x=\"\(x + 12 + f)\" y=\"\(top + 33)\">\(xml: imperial)</text></g>\n")
        return scaleBarBox(width: width, x: x, bottom: bottom)
    }

    /// Whether `text` holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko
    /// and their presentation forms): "500 م" does, "500 m" does not.
    static func hasRightToLeftLetters(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFDFF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }
    }

    /// How wide the scale bar is drawn: its longer bar and its words.
    static func scaleBarWidth(_ scale: MapDrawing.Scale, metric: String, imperial: String) -> Double {
        max(scale.metersLength + 8 + TextWidth.of(metric, size: 13), scale.feetLength + 8 + TextWidth.of(imperial, size: 13)) + 12
    }

    /// The room the scale bar takes at (`x`, `bottom`).
    static func scaleBarBox(width: Double, x: Double, bottom: Double) -> MapBox {
        MapBox(cx: x + width / 2, cy: bottom - 38 + 19, hw: width / 2, hh: 19)
    }

    /// The key drawn inside a standalone map, under the map's area: legend with counts, what a
    /// group is, the credit.
    struct Standalone {
        var legend: [MapDrawing.LegendItem]
        var groupText: String?
        var attribution: String
        var empty: String
        var words = MapWords()

        func svg(top: Double, width: Double) -> (svg: String, height: Double) {
            func n(_ v: Double) -> String { SVGText.number(v) }
            // Right to left, the key starts at the right edge and its text runs leftward.
            let rtl = words.rightToLeft
            func x(_ v: Double) -> String { n(rtl ? width - v : v) }
            var s = "<g class=\"legend\" font-family=\"system-ui, sans-serif\" font-size=\"14\" fill=\"#1d2327\"\(rtl ? " direction=\"rtl\"" : "")>\n"
            var y = top + 20
            if legend.isEmpty { s += "<text x=\"\(x(14))\" y=\"\(n(y + 5))\">\(Escape.xml(empty))</text>\n"; y += 26 }
            let columnWidth = (width - 20) / 2
            for (i, item) in legend.enumerated() {
                let left = 14 + Double(i % 2) * columnWidth, rowY = y + Double(i / 2) * 26
                let markX = rtl ? width - left - 7 : left + 7
                s += "<path d=\"\(item.shape.path(x: markX, y: rowY, r: 6.5))\" fill=\"\(Escape.xml(item.color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/>"
                s += "<text x=\"\(x(left + 20))\" y=\"\(n(rowY + 5))\">\(Escape.xml(item.label)) (\(Escape.xml(words.number(item.count))))</text>\n"
            }
            y += Double((legend.count + 1) / 2) * 26
            if let groupText {
                s += "<circle cx=\"\(x(21))\" cy=\"\(n(y))\" r=\"9\" fill=\"#7a8a8f\" stroke=\"#ffffff\"/><circle cx=\"\(x(21))\" cy=\"\(n(y))\" r=\"5.5\" fill=\"#ffffff\"/>"
                for line in MapKey.wrap(groupText, width: width - 48, size: 14) {
                    s += "<text x=\"\(x(34))\" y=\"\(n(y + 5))\">\(Escape.xml(line))</text>\n"
                    y += 19
                }
                y += 9
            }
            y += 4
            for line in MapKey.wrap(attribution, width: width - 28, size: 12) {
                s += "<text x=\"\(x(14))\" y=\"\(n(y))\" font-size=\"12\" fill=\"#4f5b62\">\(Escape.xml(line))</text>\n"
                y += 16
            }
            return (s + "</g>\n", y - top)
        }
    }
}
