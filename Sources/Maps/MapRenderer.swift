import Glibc
import Escaping
import Geo

/// Draws a map as SVG from the data alone: parks and streets by class, the boundary, street and
/// park names that never collide, marks (a group of close reports as one circle showing what it
/// holds), a north arrow, and the words for screen readers; the key goes beside it on the page.
public enum MapRenderer {
    /// The SVG alone (for callers that only want the picture).
    public static func svg(_ spec: MapSpec) -> String { draw(spec).svg }

    /// What a drawing is laid out from besides its pictures: its fits, its groups and their places,
    /// its key and its words. Drawings of the same marks at the same sizes share it, whatever they
    /// link to or whether they stand alone (a neighborhood's home page and its `map.svg`).
    public struct Layout: Sendable {
        let wideFit: MercatorFit
        let narrowFit: MercatorFit?
        let wideGroups: [MarkGroup]
        let narrowGroups: [MarkGroup]?
        let legend: [MapDrawing.LegendItem]
        let groupMeters: Int
        let places: [MapDrawing.Place]
        let narrowPlaces: [MapDrawing.Place]
        let description: String
        let hasGroups: Bool
    }

    public static func layout(_ spec: MapSpec) -> Layout {
        let (wideFit, narrowFit) = fits(frame(spec), spec)
        // Each drawing groups what would overlap at its own scale.
        func grouped(_ fit: MercatorFit) -> [MarkGroup] {
            // Groups whose circles still touch are pushed apart a little, so that no number hides another.
            MarkGroups.spread(MarkGroups.group(spec.marks.map { m in
                let p = fit.point(m.coordinate)
                return (m, p.x, p.y)
            }))
        }
        let wideGroups = grouped(wideFit)
        let narrowGroups = narrowFit.map(grouped)
        let legend = spec.categories.enumerated().compactMap { i, c -> MapDrawing.LegendItem? in
            let n = spec.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
            return n == 0 ? nil : .init(key: c.key, label: c.label, color: c.color, shape: MarkShape.forCategory(at: i), count: n)
        }
        let places = self.places(wideGroups, spec: spec, prefix: spec.idPrefix)
        return Layout(wideFit: wideFit, narrowFit: narrowFit, wideGroups: wideGroups, narrowGroups: narrowGroups, legend: legend,
                      groupMeters: roundMeters(MarkGroups.overlapDistance * wideFit.metersPerPixel), places: places,
                      narrowPlaces: narrowGroups.map { self.places($0, spec: spec, prefix: spec.idPrefix + "n") } ?? [],
                      description: description(spec, legend: legend, places: places),
                      hasGroups: (wideGroups + (narrowGroups ?? [])).contains { $0.marks.count > 1 })
    }

    /// The drawing of `spec`, laid out as `layout` says (which must be `layout(spec)`'s, or one of a
    /// spec with the same marks, sizes, place, words and id prefix).
    public static func draw(_ spec: MapSpec, layout given: Layout? = nil) -> MapDrawing {
        let l = given ?? layout(spec)
        var key: MapKey.Standalone?
        if spec.standalone {
            key = MapKey.Standalone(legend: l.legend, groupText: l.hasGroups ? spec.words.groupKey(l.groupMeters) : nil,
                                    attribution: spec.attribution, empty: spec.words.noReports, words: spec.words)
        }
        let drawn = MapPicture(spec: spec, description: l.description)
        return MapDrawing(wide: drawn.rendition(l.wideFit, idPrefix: spec.idPrefix, key: key, groups: l.wideGroups, places: l.places),
                          narrow: l.narrowFit.map { drawn.rendition($0, idPrefix: spec.idPrefix + "n", key: nil, groups: l.narrowGroups ?? [], places: l.narrowPlaces) },
                          legend: l.legend, places: l.places, narrowPlaces: l.narrowPlaces, groupMeters: l.groupMeters, hasGroups: l.hasGroups,
                          scale: MapKey.scale(l.wideFit), description: l.description)
    }

    /// The wide drawing's fit of `frame`, and the phone drawing's when the spec asks for one.
    static func fits(_ frame: Bounds, _ spec: MapSpec) -> (wide: MercatorFit, narrow: MercatorFit?) {
        let wideFit = spec.keepsShape ? shaped(frame, spec)
            : MercatorFit(bounds: frame, width: spec.width, minHeight: spec.minHeight, maxHeight: spec.maxHeight, margin: 0.04)
        // Phones are taller than wide: the narrow drawing may be taller for its width, and a wide
        // neighborhood gets the streets that cross it drawn on beyond it, with room for their names.
        let narrowFit = narrowSize(spec).map { MercatorFit(bounds: frame, width: $0.width, minHeight: $0.minHeight, maxHeight: $0.maxHeight, margin: 0.04) }
        return (wideFit, narrowFit)
    }

    /// The phone drawing's width and the heights it may take, when the spec asks for one.
    static func narrowSize(_ spec: MapSpec) -> (width: Double, minHeight: Double, maxHeight: Double)? {
        spec.narrowWidth.map { w in (w, max(spec.minHeight * w / spec.width * 1.35, w * 0.8), max(spec.maxHeight * w / spec.width * 1.35, w * 0.8)) }
    }

    /// A fit of the whole frame, never cropped, within `width` × `maxHeight`: a neighborhood taller
    /// than that room is drawn in its own shape (narrower, never under a fifth of `width`); a wider
    /// one takes the room's whole height, with more of the streets around it above and below.
    static func shaped(_ frame: Bounds, _ spec: MapSpec) -> MercatorFit {
        let probe = MercatorFit(bounds: frame, width: 1000, minHeight: 1, maxHeight: 1e9, margin: 0)
        let aspect = max(probe.height / 1000, 1e-6)
        let width = max(min(spec.width, spec.maxHeight / aspect), spec.width / 5).rounded()
        let height = width < spec.width ? (width * aspect).rounded() : spec.maxHeight
        return MercatorFit(bounds: frame, width: width, minHeight: height, maxHeight: height, margin: 0.04)
    }

    /// The ground to fit: the boundary (with every mark), or the marks with room around them (and never less than
    /// `minimumSpan` across) when the map zooms to them.
    static func frame(_ spec: MapSpec) -> Bounds {
        let points = spec.marks.map(\.coordinate)
        var corners: [Coordinate] = []
        if let b = spec.boundary?.bounds {
            corners = [Coordinate(latitude: b.minLatitude, longitude: b.minLongitude), Coordinate(latitude: b.maxLatitude, longitude: b.maxLongitude)]
        }
        let whole = Bounds(enclosing: corners + points) ?? Bounds(enclosing: [Coordinate(latitude: 0, longitude: 0)])!
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
    static func places(_ groups: [MarkGroup], spec: MapSpec, prefix: String) -> [MapDrawing.Place] {
        groups.enumerated().map { i, g in
            let middle = g.marks.count == 1 ? g.marks[0].coordinate : centroid(g.marks.map(\.coordinate))
            let name = spec.streets.corner(middle).map { spec.words.near($0.street, $0.crossing) } ?? spec.words.somewhere(spec.place)
            let counts = spec.categories.compactMap { c -> String? in
                let k = g.marks.reduce(0) { $0 + ($1.category == c.key ? 1 : 0) }
                return k == 0 ? nil : spec.words.categoryCount(c.label, k)
            }
            return MapDrawing.Place(anchor: "\(prefix)-g\(i + 1)", name: name,
                                    summary: spec.words.placeSummary(spec.words.reports(g.marks.count), name, counts.joined(separator: spec.words.separator)),
                                    marks: g.marks)
        }
    }

    static func centroid(_ points: [Coordinate]) -> Coordinate {
        let n = Double(max(points.count, 1))
        return Coordinate(latitude: points.reduce(0) { $0 + $1.latitude } / n, longitude: points.reduce(0) { $0 + $1.longitude } / n)
    }

    /// Words for screen readers: what is shown, how many of each, where most of it is, by street name.
    static func description(_ spec: MapSpec, legend: [MapDrawing.LegendItem], places: [MapDrawing.Place]) -> String {
        let total = spec.marks.count
        guard total > 0 else { return spec.words.empty(spec.place) }
        var text = spec.words.showing(spec.place, spec.words.reports(total)) + ": "
        text += legend.map { "\($0.label) \(spec.words.number($0.count))" }.joined(separator: spec.words.separator) + "."
        if let busiest = places.max(by: { a, b in a.marks.count != b.marks.count ? a.marks.count < b.marks.count : a.anchor > b.anchor }),
           busiest.marks.count > 1 {
            text += " " + spec.words.busiest(busiest.name, busiest.marks.count)
        }
        let grouped = places.filter { $0.marks.count > 1 }.count
        if grouped > 0 { text += " " + spec.words.grouped(grouped) }
        return text
    }
}
