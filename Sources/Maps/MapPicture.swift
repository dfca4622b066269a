import Escaping
import Geo
import Glibc

/// One drawing of a map at one size: ground, boundary, names, marks and groups, north arrow and
/// scale bar, and (for a map that stands alone) its key under it.
final class MapPicture {
    let spec: MapSpec
    let description: String

    init(spec: MapSpec, description: String) {
        self.spec = spec
        self.description = description
    }

    /// The shape and color of a category: its first entry's (a site has a handful, so a search is
    /// quicker than a dictionary made per map).
    func style(_ category: String) -> (shape: MarkShape, color: String)? {
        guard let i = spec.categories.firstIndex(where: { $0.key == category }) else { return nil }
        return (MarkShape.forCategory(at: i), spec.categories[i].color)
    }

    /// The drawing at `fit`'s size, with the groups made at that size and their places.
    func rendition(_ fit: MercatorFit, idPrefix p: String, key: MapKey.Standalone?, groups: [MarkGroup],
                   places: [MapDrawing.Place]) -> MapDrawing.Rendition {
        let width = fit.width
        let scale = MapKey.scale(fit)
        // Marks, the north arrow and the scale bar first: names go around them.
        var placer = LabelPlacer(width: width, height: fit.height)
        let markBoxes = groups.map { g in MapBox(cx: g.x, cy: g.y, hw: g.radius + 1, hh: g.radius + 1) }
        for box in markBoxes { placer.occupy(box) }
        let (north, bar) = corners(fit, scale: scale, marks: markBoxes)
        placer.occupy(north.box)
        placer.occupy(bar.box)
        var names = NameLabels(placer: placer)
        if spec.showsNames {
            names.placeStreets(spec.ground.majorNames, fit)
            names.placeParks(spec.basemap, fit)
            names.placeStreets(spec.ground.minorNames, fit)
            names.placeNeighborhood(spec.place, spec.boundary, fit)
        }
        let drawnKey = key.map { $0.svg(top: fit.height, width: width) }
        let height = fit.height + (drawnKey?.height ?? 0)
        // A picture, unless it holds links: then a graphics document whose links a screen reader can
        // browse (still outside the tab order), never an image with controls inside.
        let role = groups.isEmpty ? "role=\"img\" " : ""
        // Room for the drawing at once: it would otherwise be copied each time it outgrew its storage.
        var s = SVGWriter(capacity: 8_192 + 160 * groups.count)
        open(width: width, height: height, role: role, idPrefix: p, to: &s)
        // Whatever the page does with the SVG's box, nothing of the ground shows outside the frame.
        s.add("<clipPath id=\"\(p)-frame\"><rect width=\"\(width)\" height=\"\(fit.height)\"/></clipPath>\n")
        s.add("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n")
        s.add("<g clip-path=\"url(#\(p)-frame)\">\n")
        // The ground is the same on every map of this fit: the boundary is the neighborhood's, as is `pieces`.
        spec.pieces.add(.init(ground: spec.ground, placement: fit.placement), to: &s) { s in
            Basemap.writeFrame(spec.ground, boundary: spec.boundary, fit, to: &s)
        }
        s.add("</g>\n")
        names.write(to: &s)
        s.add("<g class=\"marks\">\n")
        for (g, place) in zip(groups, places) { mark(g, place: place, to: &s) }
        s.add("</g>\n")
        drawNorthAndBar(north: north.value, bar: bar.value, scale: scale, to: &s)
        if let drawnKey { s.add(raw: drawnKey.svg) }
        s.add("</svg>\n")
        return MapDrawing.Rendition(svg: s.string, width: width, height: height, labelBoxes: names.placed.map(\.box),
                                    markBoxes: markBoxes + [bar.box, north.box])
    }

    /// The drawing's `<svg>` start tag, with its title and description (its accessible name).
    func open(width: Double, height: Double, role: String, idPrefix p: String, to s: inout SVGWriter) {
        s.add("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\(spec.narrowWidth == nil ? "" : (p == spec.idPrefix ? " map-wide" : " map-narrow"))\" ")
        // On a right-to-left page the drawing's labels (street names, the scale) still sit where the geometry puts them.
        if spec.words.rightToLeft { s.add("direction=\"ltr\" ") }
        s.add("viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" \(role)aria-labelledby=\"\(p)-title \(p)-desc\">\n")
        s.add("<title id=\"\(p)-title\">\(xml: spec.title)</title>\n")
        s.add("<desc id=\"\(p)-desc\">\(xml: description)</desc>\n")
    }

    /// The north arrow's and the scale bar's places: the corners where they cover the fewest marks.
    func corners(_ fit: MercatorFit, scale: MapDrawing.Scale, marks markBoxes: [MapBox])
        -> (north: (box: MapBox, value: (Double, Double)), bar: (box: MapBox, value: (Double, Double))) {
        let width = fit.width
        let corners = [(width - 34, 8), (34, 8), (width - 34, fit.height - 68)].map { x, y in (MapBox(cx: x, cy: y + 30, hw: 18, hh: 30), (x, y)) }
        let north = Self.leastCrowded(corners, marks: markBoxes, fallback: corners[0])
        // Every map of a neighborhood at one scale has the same bar: its words are measured once.
        let barKey = MapPieces.Key(kind: 3, a: scale.metric.amount, b: scale.imperial.amount, c: scale.metersLength, d: scale.feetLength,
                                   first: scale.metric.unit.rawValue, second: scale.imperial.unit.rawValue)
        let barWidth = spec.pieces.number(barKey) {
            MapKey.scaleBarWidth(scale, metric: spec.words.length(scale.metric), imperial: spec.words.length(scale.imperial))
        }
        let bars = [(8, fit.height - 6), (width - barWidth - 8, fit.height - 6), (8, 50.0)].map { x, bottom in
            (MapKey.scaleBarBox(width: barWidth, x: x, bottom: bottom), (x, bottom))
        }
        let bar = Self.leastCrowded(bars.filter { !$0.0.overlaps(north.box) }, marks: markBoxes, fallback: bars[0])
        return (north, bar)
    }

    /// The north arrow at its corner and the scale bar at its own (kept pieces when drawn before).
    func drawNorthAndBar(north: (Double, Double), bar: (Double, Double), scale: MapDrawing.Scale, to s: inout SVGWriter) {
        let (x, y) = north, word = spec.words.north
        spec.pieces.add(.init(kind: 0, a: x, b: y, first: word), to: &s) { northArrow(x: x, y: y, word: word, to: &$0) }
        let (barX, barBottom) = bar
        let (metric, imperial) = (spec.words.length(scale.metric), spec.words.length(scale.imperial))
        spec.pieces.add(.init(kind: spec.words.rightToLeft ? 2 : 1, a: barX, b: barBottom, c: scale.metersLength, d: scale.feetLength, first: metric, second: imperial), to: &s) {
            MapKey.scaleBar(scale, words: spec.words, x: barX, bottom: barBottom, to: &$0)
        }
    }

    /// The first of the places whose box covers the fewest marks; `fallback` when there is none.
    static func leastCrowded<T>(_ places: [(MapBox, T)], marks: [MapBox], fallback: (MapBox, T)) -> (box: MapBox, value: T) {
        var best = fallback, fewest = Int.max
        for (box, value) in places {
            let count = marks.reduce(0) { $0 + ($1.overlaps(box) ? 1 : 0) }
            if count < fewest { (best, fewest) = ((box, value), count) }
            if count == 0 { break }
        }
        return (best.0, best.1)
    }

    /// A mark links to its report; a group is a small pie of its categories around its number, and
    /// links to the list of exactly its reports. Neither is in the tab order: the same links follow
    /// the map in the page.
    func mark(_ g: MarkGroup, place: MapDrawing.Place, to s: inout SVGWriter) {
        if g.marks.count == 1, let m = g.marks.first {
            let style = style(m.category)
            let shape = style?.shape ?? .circle
            s.add("<a href=\"\(xml: m.url)\" tabindex=\"-1\" aria-label=\"\(xml: m.label)\"><title>\(xml: m.label)</title><path d=\"")
            shape.write(x: g.x, y: g.y, r: MarkGroups.markRadius, to: &s)
            s.add("\" fill=\"\(style?.color ?? "#555555")\" stroke=\"#ffffff\" stroke-width=\"1.5\"/></a>\n")
            return
        }
        let r = g.radius
        let linked = !spec.groupLink.isEmpty
        if linked {
            s.add("<a href=\"\(xml: spec.groupLink + place.anchor)\" tabindex=\"-1\" aria-label=\"\(xml: place.summary)\"><title>\(xml: place.summary)</title>")
        } else {
            s.add("<g role=\"img\" aria-label=\"\(xml: place.summary)\"><title>\(xml: place.summary)</title>")
        }
        s.add("<circle cx=\"\(g.x)\" cy=\"\(g.y)\" r=\"\(r + 1.5)\" fill=\"#ffffff\"/>")
        let slices = spec.categories.compactMap { c -> (String, Int)? in
            let k = g.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
            return k == 0 ? nil : (style(c.key)?.color ?? "#555555", k)
        }
        if slices.count == 1, let only = slices.first {
            s.add("<circle cx=\"\(g.x)\" cy=\"\(g.y)\" r=\"\(r)\" fill=\"\(xml: only.0)\"/>")
        } else {
            var start = -Double.pi / 2
            let total = Double(g.marks.count)
            for (color, k) in slices {
                let sweep = 2 * .pi * Double(k) / total
                let end = start + sweep
                s.add("<path d=\"M\(g.x) \(g.y)L\(g.x + r * cos(start)) \(g.y + r * sin(start))")
                s.add("A\(r) \(r) 0 \(sweep > .pi ? "1" : "0") 1 \(g.x + r * cos(end)) \(g.y + r * sin(end))Z\" fill=\"\(xml: color)\"/>")
                start = end
            }
        }
        s.add("<circle cx=\"\(g.x)\" cy=\"\(g.y)\" r=\"\(r * 0.62)\" fill=\"#ffffff\"/>")
        s.add("<text x=\"\(g.x)\" y=\"\(g.y + 4)\" font-family=\"system-ui, sans-serif\" font-size=\"\(g.marks.count >= 100 ? "10.0" : "11.5")\" font-weight=\"700\" fill=\"#1d2327\" text-anchor=\"middle\">\(g.marks.count)</text>\(linked ? "</a>" : "</g>")\n")
    }

    func northArrow(x: Double, y: Double, word: String, to s: inout SVGWriter) {
        s.add("<g class=\"north\" aria-hidden=\"true\"><circle cx=\"\(x)\" cy=\"\(y + 20)\" r=\"17\" fill=\"#ffffff\" fill-opacity=\"0.9\"/>")
        s.add("<path d=\"M\(x) \(y + 5)L\(x + 7) \(y + 26)L\(x) \(y + 21)L\(x - 7) \(y + 26)Z\" fill=\"#1d2327\"/>")
        s.add("<g font-family=\"system-ui, sans-serif\" font-size=\"13\" font-weight=\"700\" text-anchor=\"middle\">")
        s.add("<text x=\"\(x)\" y=\"\(y + 52)\" fill=\"#ffffff\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\">\(xml: word)</text>")
        s.add("<text x=\"\(x)\" y=\"\(y + 52)\" fill=\"#1d2327\">\(xml: word)</text></g></g>\n")
    }
}
