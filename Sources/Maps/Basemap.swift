import Geo

/// The ground under the marks: parks and water, then streets by class (a casing under a fill, wider
/// and darker for the larger ones), every line simplified to the map's resolution and left out when
/// it lies outside the frame.
enum Basemap {
    /// Line width, casing and fill of each street class.
    static func style(_ c: MapSpec.StreetClass) -> (width: Double, casing: String, fill: String) {
        switch c {
        case .freeway: return (7, "#b08d4f", "#f4cf7e")
        case .principal: return (5.5, "#c0a77a", "#fbe7b8")
        case .minor: return (4.5, "#c4b79f", "#fdf3dc")
        case .collector: return (3.5, "#c6beb0", "#ffffff")
        case .local: return (2.4, "#d3ccc0", "#ffffff")
        }
    }

    /// A projected polyline, simplified; nil when all of it lies outside the frame. Callers pass
    /// over the lines that `mayShow` leaves out first, without copying them.
    static func projected(_ line: Ground.Line, _ fit: MercatorFit, tolerance: Double) -> [PlanePoint]? {
        let points = line.points.map(fit.point(unfitted:))
        // Kept when any segment may cross the frame: a long straight street crosses it with both ends outside.
        guard let first = points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
        guard x1 > -50, x0 < fit.width + 50, y1 > -50, y0 < fit.height + 50 else { return nil }
        let simple = Simplification.line(points, tolerance: tolerance)
        return simple.count >= 2 ? simple : nil
    }

    /// False for a line whose box lies outside the frame (by a pixel more than `projected`'s test
    /// of its points, so that rounding never leaves out a line it keeps): it is left out before its
    /// points are placed. North is up: the box's highest point has the smallest pixel y.
    static func mayShow(_ line: Ground.Line, _ fit: MercatorFit) -> Bool { mayShow((line.low, line.high), fit) }

    /// The same for any box in the projection's units.
    static func mayShow(_ box: (low: PlanePoint, high: PlanePoint), _ fit: MercatorFit) -> Bool {
        let low = fit.point(unfitted: box.low), high = fit.point(unfitted: box.high)
        return high.x > -51 && low.x < fit.width + 51 && low.y > -51 && high.y < fit.height + 51
    }

    /// `M x y L x y …` (and `Z` when closed), appended as bytes: written into a buffer on the stack
    /// and appended a few hundred bytes at a time (a path holds thousands of numbers).
    static func appendPathData(_ points: [PlanePoint], closed: Bool, to out: inout [UInt8]) {
        let size = 512, point = 2 * SVGText.longest + 2
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
            guard let base = buffer.baseAddress else { return }
            var n = 0
            for (i, p) in points.enumerated() {
                if n + point > size {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
                    n = 0
                }
                buffer[n] = i == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L")
                n += 1
                n += SVGText.write(p.x, to: base + n)
                buffer[n] = UInt8(ascii: " ")
                n += 1
                n += SVGText.write(p.y, to: base + n)
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
            if closed { out.append(UInt8(ascii: "Z")) }
        }
    }

    /// Polygons (with holes) as one path, simplified; "" when nothing of them is left.
    static func areaPath(_ polygons: [Polygon], _ fit: MercatorFit, tolerance: Double = 0.25) -> String {
        var out: [UInt8] = []
        for polygon in polygons {
            let outer = polygon.outer.map { PlanePoint(fit.point($0)) }
            let holes = polygon.holes.map { $0.map { PlanePoint(fit.point($0)) } }
            guard let simple = Simplification.polygon(outer: outer, holes: holes, tolerance: tolerance) else { continue }
            appendPathData(simple.outer, closed: true, to: &out)
            for hole in simple.holes { appendPathData(hole, closed: true, to: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The frame's fill, the neighborhood inside its boundary, the basemap over it, then the
    /// boundary's line: everything under a map's names and marks.
    static func writeFrame(_ ground: Ground, boundary: Area?, _ fit: MercatorFit, to s: inout SVGWriter) {
        s.add("<rect width=\"\(fit.width)\" height=\"\(fit.height)\" fill=\"#ebe7df\"/>\n")
        let boundary = boundary.map { areaPath($0.polygons, fit) } ?? ""
        if !boundary.isEmpty { s.add("<path d=\"\(boundary)\" fill=\"#f8f6f1\" fill-rule=\"evenodd\"/>\n") }
        write(ground, fit, to: &s)
        if !boundary.isEmpty {
            s.add("<path class=\"boundary\" d=\"\(boundary)\" fill=\"none\" stroke=\"#0b5d5b\" stroke-width=\"2.5\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\" stroke-dasharray=\"8 4\" fill-rule=\"evenodd\"/>\n")
        }
    }

    /// The ground appended to a drawing (nothing when it has no shapes).
    static func write(_ ground: Ground, _ fit: MercatorFit, to s: inout SVGWriter) {
        guard !ground.shapes.isEmpty else { return }
        s.add("<g class=\"basemap\" aria-hidden=\"true\">\n")
        // A park or water whose box lies outside the frame is not drawn: nothing of it would show.
        for (shape, box) in zip(ground.areas, ground.areaBoxes) where mayShow(box, fit) {
            let d = areaPath(shape.areas, fit)
            guard !d.isEmpty else { continue }
            let (fill, stroke) = shape.kind == .water ? ("#bcd7ea", "#8fb8d6") : ("#d3e8cb", "#a2c996")
            s.add("<path d=\"\(d)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1\" fill-rule=\"evenodd\"/>\n")
        }
        // Small streets first, so larger ones cross over them; all casings before all fills.
        var byClass: [(MapSpec.StreetClass, [UInt8])] = []
        for (cls, lines) in ground.linesByClass {
            var d: [UInt8] = []
            // By index, so the many lines outside a zoomed frame are passed over without being copied.
            for i in lines.indices where mayShow(lines[i], fit) {
                if let points = projected(lines[i], fit, tolerance: 0.5) { appendPathData(points, closed: false, to: &d) }
            }
            if !d.isEmpty { byClass.append((cls, d)) }
        }
        for (cls, d) in byClass {
            let st = style(cls)
            s.add("<path d=\"")
            s.add(bytes: d)
            s.add("\" fill=\"none\" stroke=\"\(st.casing)\" stroke-width=\"\(st.width + 1.6)\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
        }
        for (cls, d) in byClass {
            let st = style(cls)
            s.add("<path d=\"")
            s.add(bytes: d)
            s.add("\" fill=\"none\" stroke=\"\(st.fill)\" stroke-width=\"\(st.width)\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
        }
        s.add("</g>\n")
    }
}
