#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Escaping
import Geo

/// Draws a map as SVG from the data alone: parks and streets by class, the boundary, street and
/// park names that never collide, marks (a group of close reports as one circle showing what it
/// holds), a north arrow, and the words for screen readers; the key goes beside it on the page.
public enum MapRenderer {
    /// The SVG alone (for callers that only want the picture).
    public static func svg(_ spec: MapSpec) -> String { draw(spec).svg }

    public static func draw(_ spec: MapSpec) -> MapDrawing {
        let fit = MercatorFit(bounds: frame(spec), width: spec.width, minHeight: spec.minHeight, maxHeight: spec.maxHeight, margin: 0.04)
        let shapes = Dictionary(spec.categories.enumerated().map { ($0.element.key, MarkShape.forCategory(at: $0.offset)) }, uniquingKeysWith: { a, _ in a })
        let colors = Dictionary(spec.categories.map { ($0.key, $0.color) }, uniquingKeysWith: { a, _ in a })
        let projected = spec.marks.map { m -> (MapSpec.Mark, Double, Double) in
            let p = fit.point(m.coordinate)
            return (m, p.x, p.y)
        }
        let groups = MarkGroups.group(projected, distance: MarkGroups.markRadius * 1.7)
        let legend = spec.categories.enumerated().compactMap { i, c -> MapDrawing.LegendItem? in
            let n = spec.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
            return n == 0 ? nil : .init(key: c.key, label: c.label, color: c.color, shape: MarkShape.forCategory(at: i), count: n)
        }
        let scale = MapKey.scale(fit)
        let groupMeters = roundMeters(MarkGroups.markRadius * 1.7 * scale.metersPerPixel)
        let places = self.places(groups, spec: spec, fit: fit)
        let p = spec.idPrefix
        func n(_ v: Double) -> String { SVGText.number(v) }

        // Marks and the north arrow first: names go around them.
        var placer = LabelPlacer(width: spec.width, height: fit.height)
        let markBoxes = groups.map { g in MapBox(cx: g.x, cy: g.y, hw: g.radius + 1, hh: g.radius + 1) }
        for box in markBoxes { placer.occupy(box) }
        placer.occupy(MapBox(cx: spec.width - 34, cy: 34, hw: 18, hh: 30))
        var names = NameLabels(placer: placer)
        if spec.showsNames {
            names.placeStreets(spec.basemap.filter { $0.kind == .street && $0.streetClass <= .minor }, fit)
            names.placeParks(spec.basemap, fit)
            names.placeStreets(spec.basemap.filter { $0.kind == .street && $0.streetClass > .minor }, fit)
            names.placeNeighborhood(spec.place, spec.boundary, fit)
        }

        let description = self.description(spec, legend: legend, places: places)
        var key: (svg: String, height: Double)?
        if spec.standalone {
            key = MapKey.standalone(legend, scale: scale, groupText: places.contains { $0.marks.count > 1 } ? spec.words.groupKey(groupMeters) : nil,
                                    attribution: spec.attribution, empty: spec.words.noReports, top: fit.height, width: spec.width)
        }
        let height = fit.height + (key?.height ?? 0)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(n(spec.width)) \(n(height))\" "
        s += "width=\"\(n(spec.width))\" height=\"\(n(height))\" role=\"img\" aria-labelledby=\"\(p)-title \(p)-desc\">\n"
        s += "<title id=\"\(p)-title\">\(Escape.xml(spec.title))</title>\n"
        s += "<desc id=\"\(p)-desc\">\(Escape.xml(description))</desc>\n"
        s += "<rect width=\"\(n(spec.width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        s += "<rect width=\"\(n(spec.width))\" height=\"\(n(fit.height))\" fill=\"#ebe7df\"/>\n"
        let boundary = spec.boundary.map { Basemap.areaPath($0.polygons, fit) } ?? ""
        if !boundary.isEmpty { s += "<path d=\"\(boundary)\" fill=\"#f8f6f1\" fill-rule=\"evenodd\"/>\n" }
        s += Basemap.svg(spec.basemap, fit)
        if !boundary.isEmpty {
            s += "<path d=\"\(boundary)\" fill=\"none\" stroke=\"#0b5d5b\" stroke-width=\"2.5\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\" stroke-dasharray=\"8 4\" fill-rule=\"evenodd\"/>\n"
        }
        s += names.svg
        s += "<g class=\"marks\">\n"
        for (g, place) in zip(groups, places) {
            s += mark(g, place: place, shapes: shapes, colors: colors, spec: spec)
        }
        s += "</g>\n"
        s += northArrow(x: spec.width - 34, y: 8, word: spec.words.north)
        if let key { s += key.svg }
        s += "</svg>\n"
        return MapDrawing(svg: s, width: spec.width, height: height, legend: legend, places: places, groupMeters: groupMeters,
                          hasGroups: groups.contains { $0.marks.count > 1 }, scale: scale, description: description,
                          labelBoxes: names.placed.map(\.box), markBoxes: markBoxes)
    }

    /// The ground to fit: the boundary, or the marks with room around them (and never less than
    /// `minimumSpan` across) when the map zooms to them.
    static func frame(_ spec: MapSpec) -> Bounds {
        let points = spec.marks.map(\.coordinate)
        let whole = spec.boundary?.bounds ?? Bounds(enclosing: points) ?? Bounds(enclosing: [Coordinate(latitude: 0, longitude: 0)])!
        guard spec.zoomToMarks, let marks = Bounds(enclosing: points) else { return padded(whole) }
        let mid = marks.center
        let metersPerDegLat = 111_320.0, metersPerDegLon = 111_320.0 * max(cos(mid.latitude * .pi / 180), 0.01)
        let halfLat = max((marks.maxLatitude - marks.minLatitude) * 0.6, spec.minimumSpan / 2 / metersPerDegLat)
        let halfLon = max((marks.maxLongitude - marks.minLongitude) * 0.6, spec.minimumSpan / 2 / metersPerDegLon)
        let zoomed = Bounds(enclosing: [Coordinate(latitude: mid.latitude - halfLat, longitude: mid.longitude - halfLon),
                                        Coordinate(latitude: mid.latitude + halfLat, longitude: mid.longitude + halfLon)]) ?? whole
        // Zooming out past the neighborhood shows nothing more: then the neighborhood it is.
        let bigger = zoomed.maxLatitude - zoomed.minLatitude >= whole.maxLatitude - whole.minLatitude
            && zoomed.maxLongitude - zoomed.minLongitude >= whole.maxLongitude - whole.minLongitude
        return bigger ? padded(whole) : zoomed
    }

    /// The bounds grown a little so a boundary never touches the frame.
    static func padded(_ b: Bounds) -> Bounds {
        let dLat = max((b.maxLatitude - b.minLatitude) * 0.03, 0.0004)
        let dLon = max((b.maxLongitude - b.minLongitude) * 0.03, 0.0004)
        return Bounds(enclosing: [Coordinate(latitude: b.minLatitude - dLat, longitude: b.minLongitude - dLon),
                                  Coordinate(latitude: b.maxLatitude + dLat, longitude: b.maxLongitude + dLon)]) ?? b
    }

    /// 37 m → 40, 130 m → 150: a distance said in round numbers.
    static func roundMeters(_ m: Double) -> Int {
        let steps = [5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000]
        return steps.min { abs(Double($0) - m) < abs(Double($1) - m) } ?? Int(m.rounded())
    }

    /// Each group as a place with a name and the reports it holds.
    static func places(_ groups: [MarkGroup], spec: MapSpec, fit: MercatorFit) -> [MapDrawing.Place] {
        groups.enumerated().map { i, g in
            let middle = g.marks.count == 1 ? g.marks[0].coordinate : centroid(g.marks.map(\.coordinate))
            let name = spec.streets.describe(middle) ?? spec.words.somewhere(spec.place)
            let counts = spec.categories.compactMap { c -> String? in
                let k = g.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
                return k == 0 ? nil : "\(k) \(c.label)"
            }
            return MapDrawing.Place(anchor: "\(spec.idPrefix)-g\(i + 1)", name: name,
                                    summary: "\(spec.words.reports(g.marks.count)) \(name): \(counts.joined(separator: ", "))", marks: g.marks)
        }
    }

    static func centroid(_ points: [Coordinate]) -> Coordinate {
        let n = Double(max(points.count, 1))
        return Coordinate(latitude: points.reduce(0) { $0 + $1.latitude } / n, longitude: points.reduce(0) { $0 + $1.longitude } / n)
    }

    /// A mark links to its report; a group is a small pie of its categories around its number, and
    /// links to the list of exactly its reports. Neither is in the tab order: the same links follow
    /// the map in the page.
    static func mark(_ g: MarkGroup, place: MapDrawing.Place, shapes: [String: MarkShape], colors: [String: String], spec: MapSpec) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        if g.marks.count == 1, let m = g.marks.first {
            let shape = shapes[m.category] ?? .circle
            return "<a href=\"\(Escape.xml(m.url))\" tabindex=\"-1\" aria-label=\"\(Escape.xml(m.label))\"><title>\(Escape.xml(m.label))</title>"
                + "<path d=\"\(shape.path(x: g.x, y: g.y, r: MarkGroups.markRadius))\" fill=\"\(colors[m.category] ?? "#555555")\" stroke=\"#ffffff\" stroke-width=\"1.5\"/></a>\n"
        }
        let r = g.radius
        var s = "<a href=\"\(Escape.xml(spec.groupLink + place.anchor))\" tabindex=\"-1\" aria-label=\"\(Escape.xml(place.summary))\"><title>\(Escape.xml(place.summary))</title>"
        s += "<circle cx=\"\(n(g.x))\" cy=\"\(n(g.y))\" r=\"\(n(r + 1.5))\" fill=\"#ffffff\"/>"
        let slices = spec.categories.compactMap { c -> (String, Int)? in
            let k = g.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
            return k == 0 ? nil : (colors[c.key] ?? "#555555", k)
        }
        if slices.count == 1, let only = slices.first {
            s += "<circle cx=\"\(n(g.x))\" cy=\"\(n(g.y))\" r=\"\(n(r))\" fill=\"\(Escape.xml(only.0))\"/>"
        } else {
            var start = -Double.pi / 2
            let total = Double(g.marks.count)
            for (color, k) in slices {
                let sweep = 2 * .pi * Double(k) / total
                let end = start + sweep
                s += "<path d=\"M\(n(g.x)) \(n(g.y))L\(n(g.x + r * cos(start))) \(n(g.y + r * sin(start)))"
                s += "A\(n(r)) \(n(r)) 0 \(sweep > .pi ? 1 : 0) 1 \(n(g.x + r * cos(end))) \(n(g.y + r * sin(end)))Z\" fill=\"\(Escape.xml(color))\"/>"
                start = end
            }
        }
        s += "<circle cx=\"\(n(g.x))\" cy=\"\(n(g.y))\" r=\"\(n(r * 0.62))\" fill=\"#ffffff\"/>"
        s += "<text x=\"\(n(g.x))\" y=\"\(n(g.y + 4))\" font-family=\"system-ui, sans-serif\" font-size=\"\(g.marks.count >= 100 ? 10 : 11.5)\" font-weight=\"700\" fill=\"#1d2327\" text-anchor=\"middle\">\(g.marks.count)</text></a>\n"
        return s
    }

    static func northArrow(x: Double, y: Double, word: String) -> String {
        func n(_ v: Double) -> String { SVGText.number(v) }
        return "<g class=\"north\" aria-hidden=\"true\"><circle cx=\"\(n(x))\" cy=\"\(n(y + 20))\" r=\"17\" fill=\"#ffffff\" fill-opacity=\"0.9\"/>"
            + "<path d=\"M\(n(x)) \(n(y + 5))L\(n(x + 7)) \(n(y + 26))L\(n(x)) \(n(y + 21))L\(n(x - 7)) \(n(y + 26))Z\" fill=\"#1d2327\"/>"
            + "<text x=\"\(n(x))\" y=\"\(n(y + 52))\" font-family=\"system-ui, sans-serif\" font-size=\"13\" font-weight=\"700\" fill=\"#1d2327\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" text-anchor=\"middle\">\(Escape.xml(word))</text></g>\n"
    }

    /// Words for screen readers: what is shown, how many of each, where most of it is, by street name.
    static func description(_ spec: MapSpec, legend: [MapDrawing.LegendItem], places: [MapDrawing.Place]) -> String {
        let total = spec.marks.count
        guard total > 0 else { return spec.words.empty(spec.place) }
        var text = spec.words.showing(spec.place, spec.words.reports(total)) + ": "
        text += legend.map { "\($0.label) \($0.count)" }.joined(separator: ", ") + "."
        if let busiest = places.max(by: { a, b in a.marks.count != b.marks.count ? a.marks.count < b.marks.count : a.anchor > b.anchor }),
           busiest.marks.count > 1 {
            text += " " + spec.words.busiest(busiest.name, busiest.marks.count)
        }
        let grouped = places.filter { $0.marks.count > 1 }.count
        if grouped > 0 { text += " " + spec.words.grouped(grouped) }
        return text
    }
}
