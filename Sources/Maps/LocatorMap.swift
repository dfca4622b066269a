import Escaping
import Geo

/// A neighborhood's ground at one locator drawing's scale, drawn once into a picture of its own
/// (boundary, parks, water, streets and their names), that every report's locator map of that
/// drawing shows a window of: only the window, the mark, the north arrow, the scale bar and the
/// words are each page's own.
public struct LocatorGround: Sendable {
    /// The whole picture: the neighborhood's box with half a window's room around it, so a window
    /// centered on any point of the box lies inside the picture.
    public let fit: MercatorFit
    /// A window's size: the drawing a report page shows.
    public let windowWidth: Double
    public let windowHeight: Double
    /// The scale bar's lengths, the same in every window (see `MapKey.scale`).
    let scale: MapDrawing.Scale

    /// The picture for windows the size and scale of `reference` (a locator map fitted around
    /// the middle of `box`), covering `box`.
    init(reference: MercatorFit, box: Bounds) {
        fit = MercatorFit(bounds: box, scaleOf: reference, padX: (reference.width / 2).rounded(.up), padY: (reference.height / 2).rounded(.up))
        (windowWidth, windowHeight) = (reference.width, reference.height)
        let middle = fit.point(box.center)
        scale = MapKey.scale(fit.window(x: middle.x - windowWidth / 2, y: middle.y - windowHeight / 2, width: windowWidth, height: windowHeight))
    }

    /// The page's styles never reach into a picture it shows, so the picture carries the dark
    /// ground of its own: the default theme's (`site.css`), for the same classes and colors.
    static let darkStyle = """
        <style>@media (prefers-color-scheme: dark) {
        svg.map rect[fill="#ebe7df"] { fill: #22292c; }
        svg.map path[fill="#f8f6f1"] { fill: #2b3337; }
        svg.map path.boundary { stroke: #6fd0c9; }
        svg.map .basemap path[fill="#d3e8cb"] { fill: #294a33; stroke: #3d6b48; }
        svg.map .basemap path[fill="#bcd7ea"] { fill: #1f3f59; stroke: #2d5a7c; }
        svg.map .basemap path[stroke="#d3ccc0"], svg.map .basemap path[stroke="#c6beb0"] { stroke: #171c1e; }
        svg.map .basemap path[stroke="#c4b79f"], svg.map .basemap path[stroke="#c0a77a"], svg.map .basemap path[stroke="#b08d4f"] { stroke: #121517; }
        svg.map .basemap path[stroke="#ffffff"] { stroke: #4f5a5f; }
        svg.map .basemap path[stroke="#fdf3dc"] { stroke: #6b6552; }
        svg.map .basemap path[stroke="#fbe7b8"] { stroke: #7d6f4a; }
        svg.map .basemap path[stroke="#f4cf7e"] { stroke: #94773b; }
        svg.map .names > g:first-child { fill: #1b2124; stroke: #1b2124; }
        svg.map .names text[fill="#3c3c3c"] { fill: #dde3e6; }
        svg.map .names text[fill="#2d5a27"] { fill: #a6dba0; }
        svg.map .names text[fill="#0b5d5b"] { fill: #6fd0c9; }
        }</style>

        """

    /// True when `window` (one of this picture's windows) lies inside the picture.
    func covers(_ window: MercatorFit) -> Bool {
        let origin = window.transfer((x: 0, y: 0), from: fit)
        return origin.x <= 0.5 && origin.y <= 0.5 && origin.x + fit.width >= window.width - 0.5 && origin.y + fit.height >= window.height - 0.5
    }

    /// The window centered (to the whole pixel) on `c`, `height` tall (a locator's own height unless told).
    func window(around c: Coordinate, height: Double? = nil) -> MercatorFit {
        let p = fit.point(c), h = height ?? windowHeight
        return fit.window(x: (p.x - windowWidth / 2).rounded(), y: (p.y - h / 2).rounded(), width: windowWidth, height: h)
    }
}

/// The wide and the phone drawing's grounds of a neighborhood's locator maps.
public struct LocatorGrounds: Sendable {
    public let wide: LocatorGround
    public let narrow: LocatorGround?
}

extension MapRenderer {
    /// The grounds of a neighborhood's locator maps, for a spec set as a locator is (`zoomToMarks`,
    /// its sizes; its marks are not used): each window the scale and size that a locator map of a
    /// report at the neighborhood's middle has. Nil without a boundary (then each map is drawn whole).
    public static func locatorGrounds(_ spec: MapSpec) -> LocatorGrounds? {
        guard let box = spec.boundary?.bounds, !spec.keepsShape else { return nil }
        var probe = spec
        probe.marks = [MapSpec.Mark(id: "", coordinate: box.center, category: "", label: "", url: "")]
        let (wide, narrow) = fits(frame(probe), spec)
        return LocatorGrounds(wide: LocatorGround(reference: wide, box: box), narrow: narrow.map { LocatorGround(reference: $0, box: box) })
    }

    /// A locator ground's picture, as a file of its own: the ground, the boundary and, with `names`,
    /// the names as each whole map draws them, long streets named as often as there is room (without,
    /// each window names what it shows around its own marks: see `windowed`).
    public static func groundPicture(_ spec: MapSpec, _ ground: LocatorGround, names withNames: Bool = true) -> String {
        let fit = ground.fit
        var names = NameLabels(placer: LabelPlacer(width: fit.width, height: fit.height))
        if spec.showsNames, withNames {
            names.placeStreets(spec.ground.majorNames, fit, everywhere: true)
            names.placeParks(spec.basemap, fit)
            names.placeStreets(spec.ground.minorNames, fit, everywhere: true)
            names.placeNeighborhood(spec.place, spec.boundary, fit)
        }
        var s = SVGWriter(capacity: 65_536)
        s.add("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        s.add("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(fit.width) \(fit.height)\" width=\"\(fit.width)\" height=\"\(fit.height)\">\n")
        s.add(raw: LocatorGround.darkStyle)
        Basemap.writeFrame(spec.ground, boundary: spec.boundary, fit, to: &s)
        names.write(to: &s)
        s.add("</svg>\n")
        return s.string
    }

    /// A report's locator map: windows onto the ground pictures at `href` and `narrowHref`
    /// (relative to the page), centered on its marks, with the marks, north arrow, scale bar and
    /// words drawn over them.
    /// Nil when a window would reach past its picture (a report far outside the neighborhood): then
    /// the map is drawn whole.
    public static func locator(_ spec: MapSpec, grounds: LocatorGrounds, href: String, narrowHref: String) -> MapDrawing? {
        let middle = Bounds(enclosing: spec.marks.map(\.coordinate))?.center ?? grounds.wide.fit.bounds.center
        let wide = grounds.wide.window(around: middle), narrow = grounds.narrow.map { ($0.window(around: middle), $0) }
        guard grounds.wide.covers(wide), narrow.map({ $0.1.covers($0.0) }) ?? true else { return nil }
        return windowed(spec, wide: (wide, grounds.wide, href), narrow: narrow.map { ($0.0, $0.1, narrowHref) })
    }

    /// A map made of windows (`fit`, each a window of its ground's picture at `href`), with the
    /// marks, north arrow, scale bar and words drawn over them. The words, the places and the
    /// description are made once for both drawings.
    /// With `names`, the names of what each window shows are placed in it around its marks, the
    /// north arrow and the scale bar (its ground is drawn without names); else they are the ground's.
    static func windowed(_ spec: MapSpec, wide: (fit: MercatorFit, ground: LocatorGround, href: String),
                         narrow: (fit: MercatorFit, ground: LocatorGround, href: String)?, names: Bool = false) -> MapDrawing {
        func grouped(_ fit: MercatorFit) -> [MarkGroup] {
            // Groups whose circles still touch are pushed apart a little, so that no number hides another.
            MarkGroups.spread(MarkGroups.group(spec.marks.map { m in
                let p = fit.point(m.coordinate)
                return (m, p.x, p.y)
            }))
        }
        let wideGroups = grouped(wide.fit)
        let narrowGroups = narrow.map { grouped($0.fit) } ?? []
        let legend = spec.categories.enumerated().compactMap { i, c -> MapDrawing.LegendItem? in
            let n = spec.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
            return n == 0 ? nil : .init(key: c.key, label: c.label, color: c.color, shape: MarkShape.forCategory(at: i), count: n)
        }
        let places = self.places(wideGroups, spec: spec, prefix: spec.idPrefix)
        // The same groups at both sizes (one report is always its own) are the same places, named once.
        let sameGroups = narrowGroups.map { $0.marks.map(\.id) } == wideGroups.map { $0.marks.map(\.id) }
        let narrowPlaces = narrow == nil ? []
            : sameGroups ? places.enumerated().map { i, p in
                var q = p
                q.anchor = "\(spec.idPrefix)n-g\(i + 1)"
                return q
            }
            : self.places(narrowGroups, spec: spec, prefix: spec.idPrefix + "n")
        let description = self.description(spec, legend: legend, places: places)
        let drawn = MapPicture(spec: spec, description: description)
        return MapDrawing(wide: drawn.window(wide.fit, of: wide.ground, href: wide.href, idPrefix: spec.idPrefix, groups: wideGroups, places: places,
                                             names: names),
                          narrow: narrow.map { drawn.window($0.fit, of: $0.ground, href: $0.href, idPrefix: spec.idPrefix + "n", groups: narrowGroups,
                                                            places: narrowPlaces, names: names) },
                          legend: legend, places: places, narrowPlaces: narrowPlaces,
                          groupMeters: roundMeters(MarkGroups.overlapDistance * wide.ground.scale.metersPerPixel),
                          hasGroups: (wideGroups + narrowGroups).contains { $0.marks.count > 1 },
                          scale: wide.ground.scale, description: description)
    }
}

extension MapPicture {
    /// A window of a locator ground, `fit` (a window of `ground.fit`): the picture at `href` under
    /// the marks, the north arrow and the scale bar, with the map's title and description.
    func window(_ fit: MercatorFit, of ground: LocatorGround, href: String, idPrefix p: String, groups: [MarkGroup],
                places: [MapDrawing.Place], names placesNames: Bool = false) -> MapDrawing.Rendition {
        let (width, height) = (fit.width, fit.height)
        let markBoxes = groups.map { g in MapBox(cx: g.x, cy: g.y, hw: g.radius + 1, hh: g.radius + 1) }
        let (north, bar) = corners(fit, scale: ground.scale, marks: markBoxes)
        // Names go around the marks, the north arrow and the scale bar, as on a map drawn whole.
        var placer = LabelPlacer(width: width, height: height)
        for box in markBoxes + [north.box, bar.box] { placer.occupy(box) }
        var names = NameLabels(placer: placer)
        if placesNames, spec.showsNames {
            names.placeStreets(spec.ground.majorNames, fit)
            names.placeParks(spec.basemap, fit)
            names.placeStreets(spec.ground.minorNames, fit)
            names.placeNeighborhood(spec.place, spec.boundary, fit)
        }
        // Where the picture's top left corner is: the window's own, moved by whole pixels.
        let origin = fit.transfer((x: 0, y: 0), from: ground.fit)
        let role = groups.isEmpty ? "role=\"img\" " : ""
        var s = SVGWriter(capacity: 2_048 + 160 * groups.count)
        open(width: width, height: height, role: role, idPrefix: p, to: &s)
        s.add("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ebe7df\"/>\n")
        s.add("<image class=\"ground\" href=\"\(xml: href)\" x=\"\(origin.x)\" y=\"\(origin.y)\" width=\"\(ground.fit.width)\" height=\"\(ground.fit.height)\" aria-hidden=\"true\"/>\n")
        names.write(to: &s)
        s.add("<g class=\"marks\">\n")
        for (g, place) in Swift.zip(groups, places) { mark(g, place: place, to: &s) }
        s.add("</g>\n")
        drawNorthAndBar(north: north.value, bar: bar.value, scale: ground.scale, to: &s)
        s.add("</svg>\n")
        return MapDrawing.Rendition(svg: s.string, width: width, height: height, labelBoxes: names.placed.map(\.box),
                                    markBoxes: markBoxes + [bar.box, north.box])
    }
}
