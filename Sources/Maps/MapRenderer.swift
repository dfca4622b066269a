import Escaping
import Geo

/// Draws a map as SVG from the data alone: basemap, boundary, marks (grouped where they overlap),
/// legend with counts, scale bar in meters and feet, north arrow and attribution.
public enum MapRenderer {
    static let markRadius = 7.0
    static let legendRowHeight = 26.0

    public static func svg(_ spec: MapSpec) -> String {
        let points = spec.marks.map(\.coordinate)
        let areaBounds = spec.boundary?.bounds ?? Bounds(enclosing: points)
        let bounds = areaBounds ?? Bounds(enclosing: [Coordinate(latitude: 0, longitude: 0)])!
        let fit = MercatorFit(bounds: padded(bounds), width: spec.width, minHeight: 360, maxHeight: 760)
        let shapes = Dictionary(uniqueKeysWithValues: spec.categories.enumerated().map { ($0.element.key, MarkShape.forCategory(at: $0.offset)) })
        let colors = Dictionary(uniqueKeysWithValues: spec.categories.map { ($0.key, $0.color) })
        let projected = spec.marks.map { m -> (MapSpec.Mark, Double, Double) in
            let p = fit.point(m.coordinate)
            return (m, p.x, p.y)
        }
        let groups = MarkGroups.group(projected, distance: markRadius * 1.7)
        let counts = spec.categories.map { c in (c, spec.marks.filter { $0.category == c.key }.count) }.filter { $0.1 > 0 }
        let legendRows = max(1, (counts.count + 2) / 3)
        let height = fit.height + 16 + Double(legendRows) * legendRowHeight + 14
        let p = spec.idPrefix
        func n(_ v: Double) -> String { SVGText.number(v) }
        func e(_ s: String) -> String { Escape.xml(s) }

        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(n(spec.width)) \(n(height))\" "
        s += "width=\"\(n(spec.width))\" height=\"\(n(height))\" role=\"img\" aria-labelledby=\"\(p)-title \(p)-desc\">\n"
        s += "<title id=\"\(p)-title\">\(e(spec.title))</title>\n"
        s += "<desc id=\"\(p)-desc\">\(e(description(spec, counts: counts, groups: groups, fit: fit)))</desc>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(spec.width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(spec.width))\" height=\"\(n(fit.height))\" fill=\"#ece9e1\"/>\n"
        if let boundary = spec.boundary {
            s += "<path d=\"\(path(boundary.polygons, fit))\" fill=\"#fbfaf7\" fill-rule=\"evenodd\"/>\n"
        }
        s += basemap(spec.basemap, fit)
        if let boundary = spec.boundary {
            s += "<path d=\"\(path(boundary.polygons, fit))\" fill=\"none\" stroke=\"#0b5d5b\" stroke-width=\"2.5\" stroke-linejoin=\"round\" fill-rule=\"evenodd\"/>\n"
        }
        s += "<g class=\"marks\">\n"
        for g in groups {
            s += mark(g, shapes: shapes, colors: colors, groupURL: spec.groupURL, categories: spec.categories)
        }
        s += "</g>\n"
        s += northArrow(x: spec.width - 34, y: 18)
        s += scaleBar(fit: fit, x: 14, y: fit.height - 44)
        s += "<text x=\"\(n(spec.width - 8))\" y=\"\(n(fit.height - 7))\" font-family=\"system-ui, sans-serif\" font-size=\"10\" fill=\"#4f5b62\" text-anchor=\"end\">\(e(spec.attribution))</text>\n"
        s += legend(counts, shapes: shapes, top: fit.height + 10, width: spec.width)
        return s + "</svg>\n"
    }

    /// The bounds grown a little so a boundary never touches the frame.
    static func padded(_ b: Bounds) -> Bounds {
        let dLat = max((b.maxLatitude - b.minLatitude) * 0.04, 0.0005)
        let dLon = max((b.maxLongitude - b.minLongitude) * 0.04, 0.0005)
        return Bounds(enclosing: [Coordinate(latitude: b.minLatitude - dLat, longitude: b.minLongitude - dLon),
                                  Coordinate(latitude: b.maxLatitude + dLat, longitude: b.maxLongitude + dLon)]) ?? b
    }

    static func ring(_ ring: [Coordinate], _ fit: MercatorFit) -> String {
        var out = ""
        var last = ""
        for (i, c) in ring.enumerated() {
            let pt = fit.point(c)
            let xy = "\(SVGText.number(pt.x)) \(SVGText.number(pt.y))"
            if xy == last { continue }
            out += (i == 0 ? "M" : "L") + xy
            last = xy
        }
        return out + "Z"
    }

    static func path(_ polygons: [Polygon], _ fit: MercatorFit) -> String {
        polygons.map { poly in ([poly.outer] + poly.holes).map { ring($0, fit) }.joined() }.joined()
    }

    static func basemap(_ shapes: [MapSpec.BasemapShape], _ fit: MercatorFit) -> String {
        guard !shapes.isEmpty else { return "" }
        var s = "<g class=\"basemap\">\n"
        for shape in shapes where !shape.areas.isEmpty {
            let fill = shape.kind == .water ? "#bcd7ea" : "#cfe6c7"
            let stroke = shape.kind == .water ? "#8fb8d6" : "#98c48b"
            s += "<path d=\"\(path(shape.areas, fit))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1\" fill-rule=\"evenodd\"/>\n"
        }
        for shape in shapes where !shape.lines.isEmpty {
            let d = shape.lines.map { line in
                line.enumerated().map { i, c in
                    let pt = fit.point(c)
                    return (i == 0 ? "M" : "L") + "\(SVGText.number(pt.x)) \(SVGText.number(pt.y))"
                }.joined()
            }.joined()
            s += "<path d=\"\(d)\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linecap=\"round\"/>\n"
        }
        return s + "</g>\n"
    }

    static func mark(_ g: MarkGroup, shapes: [String: MarkShape], colors: [String: String], groupURL: String,
                     categories: [MapSpec.CategoryStyle]) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        if g.marks.count == 1, let m = g.marks.first {
            let shape = shapes[m.category] ?? .circle
            return "<a href=\"\(Escape.xml(m.url))\"><title>\(Escape.xml(m.label))</title>"
                + "<path d=\"\(shape.path(x: g.x, y: g.y, r: markRadius))\" fill=\"\(colors[m.category] ?? "#555555")\" stroke=\"#ffffff\" stroke-width=\"1.5\"/></a>\n"
        }
        let byCategory = categories.compactMap { c -> String? in
            let k = g.marks.filter { $0.category == c.key }.count
            return k == 0 ? nil : "\(c.label) \(k)"
        }
        let single = Set(g.marks.map(\.category)).count == 1 ? g.marks.first?.category : nil
        let fill = single.flatMap { colors[$0] } ?? "#1d2327"
        let r = markRadius + min(6, Double(String(g.marks.count).count) * 2.5)
        let label = "\(g.marks.count) observations here: " + byCategory.joined(separator: ", ")
        var s = "<a href=\"\(Escape.xml(groupURL))\"><title>\(Escape.xml(label))</title>"
        s += "<circle cx=\"\(n(g.x))\" cy=\"\(n(g.y))\" r=\"\(n(r))\" fill=\"\(fill)\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
        s += "<text x=\"\(n(g.x))\" y=\"\(n(g.y + 3.8))\" font-family=\"system-ui, sans-serif\" font-size=\"11\" font-weight=\"700\" fill=\"#ffffff\" text-anchor=\"middle\">\(g.marks.count)</text></a>\n"
        return s
    }

    static func northArrow(x: Double, y: Double) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        return "<g class=\"north\" aria-hidden=\"true\"><circle cx=\"\(n(x))\" cy=\"\(n(y + 14))\" r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>"
            + "<path d=\"M\(n(x)) \(n(y + 2))L\(n(x + 7)) \(n(y + 22))L\(n(x)) \(n(y + 17))L\(n(x - 7)) \(n(y + 22))Z\" fill=\"#1d2327\"/>"
            + "<text x=\"\(n(x))\" y=\"\(n(y + 38))\" font-family=\"system-ui, sans-serif\" font-size=\"11\" font-weight=\"700\" fill=\"#1d2327\" text-anchor=\"middle\">N</text></g>\n"
    }

    /// Two bars: a round number of meters and a round number of feet, about a fifth of the width.
    static func scaleBar(fit: MercatorFit, x: Double, y: Double) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        let mpp = fit.metersPerPixel
        let target = fit.width / 5 * mpp
        let meters = roundNumber(target, from: [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000])
        let feet = roundNumber(target * 3.28084, from: [100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000, 100000])
        let mLen = meters / mpp, fLen = feet / 3.28084 / mpp
        let mText = meters >= 1000 ? "\(fmtCount(meters / 1000)) km" : "\(Int(meters)) m"
        let fText = feet >= 5280 && feet.truncatingRemainder(dividingBy: 5280) == 0 ? "\(Int(feet / 5280)) mi" : "\(fmtCount(feet)) ft"
        var s = "<g class=\"scale\"><rect x=\"\(n(x - 6))\" y=\"\(n(y - 6))\" width=\"\(n(max(mLen, fLen) + 64))\" height=\"38\" fill=\"#ffffff\" fill-opacity=\"0.85\" rx=\"3\"/>"
        s += "<path d=\"M\(n(x)) \(n(y))V\(n(y + 6))H\(n(x + mLen))V\(n(y))\" fill=\"none\" stroke=\"#1d2327\" stroke-width=\"1.5\"/>"
        s += "<text x=\"\(n(x + mLen + 6))\" y=\"\(n(y + 8))\" font-family=\"system-ui, sans-serif\" font-size=\"10\" fill=\"#1d2327\">\(mText)</text>"
        s += "<path d=\"M\(n(x)) \(n(y + 22))V\(n(y + 16))H\(n(x + fLen))V\(n(y + 22))\" fill=\"none\" stroke=\"#1d2327\" stroke-width=\"1.5\"/>"
        s += "<text x=\"\(n(x + fLen + 6))\" y=\"\(n(y + 23))\" font-family=\"system-ui, sans-serif\" font-size=\"10\" fill=\"#1d2327\">\(fText)</text></g>\n"
        return s
    }

    static func roundNumber(_ target: Double, from choices: [Double]) -> Double {
        choices.last { $0 <= target } ?? choices[0]
    }

    static func fmtCount(_ v: Double) -> String {
        let i = Int(v.rounded())
        guard abs(v - Double(i)) < 1e-9 else { return SVGText.number(v) }
        let s = String(i)
        guard s.count > 3 else { return s }
        var out = ""
        for (k, ch) in s.reversed().enumerated() {
            if k > 0, k % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return String(out.reversed())
    }

    static func legend(_ counts: [(MapSpec.CategoryStyle, Int)], shapes: [String: MarkShape], top: Double, width: Double) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        var s = "<g class=\"legend\" font-family=\"system-ui, sans-serif\" font-size=\"13\" fill=\"#1d2327\">\n"
        if counts.isEmpty {
            s += "<text x=\"14\" y=\"\(n(top + 17))\">No observations to show on this map.</text>\n"
        }
        let columnWidth = (width - 20) / 3
        for (i, (c, count)) in counts.enumerated() {
            let x = 14 + Double(i % 3) * columnWidth, y = top + Double(i / 3) * legendRowHeight + 12
            let shape = shapes[c.key] ?? .circle
            s += "<path d=\"\(shape.path(x: x + 7, y: y, r: 6.5))\" fill=\"\(Escape.xml(c.color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/>"
            s += "<text x=\"\(n(x + 20))\" y=\"\(n(y + 4.5))\">\(Escape.xml(c.label)) (\(count))</text>\n"
        }
        return s + "</g>\n"
    }

    /// Words for screen readers: what is shown, how many of each, and where most of it is.
    static func description(_ spec: MapSpec, counts: [(MapSpec.CategoryStyle, Int)], groups: [MarkGroup], fit: MercatorFit) -> String {
        let total = spec.marks.count
        guard total > 0 else { return "Map of \(spec.place) with no observations to show." }
        var text = "Map of \(spec.place) showing \(total) observation\(total == 1 ? "" : "s"): "
        text += counts.map { "\($0.0.label) \($0.1)" }.joined(separator: ", ") + "."
        var cells = [Int](repeating: 0, count: 9)
        for g in groups {
            let col = min(2, max(0, Int(g.x / fit.width * 3))), row = min(2, max(0, Int(g.y / fit.height * 3)))
            cells[row * 3 + col] += g.marks.count
        }
        let names = ["northwest", "north", "northeast", "west", "center", "east", "southwest", "south", "southeast"]
        if total > 1, let best = cells.indices.max(by: { cells[$0] != cells[$1] ? cells[$0] < cells[$1] : $0 > $1 }) {
            text += " The most are in the \(names[best]) part of the map (\(cells[best]))."
        }
        let grouped = groups.filter { $0.marks.count > 1 }
        if !grouped.isEmpty {
            text += " Marks that would overlap are drawn as \(grouped.count) numbered group\(grouped.count == 1 ? "" : "s")."
        }
        return text
    }
}
