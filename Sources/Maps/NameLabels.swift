import Glibc
import Escaping
import Geo

/// Street, park and neighborhood names placed by the program: along their street and never upside
/// down, major streets first, repeated on long streets, never over another name, a mark or the
/// north arrow, and left out where they do not fit.
struct NameLabels {
    static let streetSize = 11.5
    /// An arterial's name where nothing larger fits.
    static let smallStreetSize = 9.5
    static let parkSize = 11.5
    static let placeSize = 19.0
    /// A long street gets its name again after this many pixels.
    static let repeatEvery = 320.0

    struct Placed {
        var text: String
        var box: MapBox
        var style: Style
    }

    enum Style { case street, smallStreet, park, place }

    var placer: LabelPlacer
    var placed: [Placed] = []

    /// A straight stretch of a projected line: where a name can sit.
    struct Run {
        var x0, y0, x1, y1: Double
        var length: Double { ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() }
    }

    /// Appends the runs of a projected line: consecutive segments that turn less than about 12° make one.
    static func appendRuns(_ points: [PlanePoint], to runs: inout [Run]) {
        var start = 0
        func angle(_ i: Int) -> Double { atan2(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x) }
        var i = 1
        while i <= points.count - 1 {
            let bends = i < points.count - 1 && abs(remainder(angle(i) - angle(start), 2 * .pi)) > 0.21
            if i == points.count - 1 || bends {
                let end = i
                runs.append(Run(x0: points[start].x, y0: points[start].y, x1: points[end].x, y1: points[end].y))
                start = end
            }
            i += 1
        }
    }

    /// Names streets, most important first: every street gets its first name before any gets a
    /// second, so a long local street never takes the room an arterial needed; an arterial that
    /// found no room on the usual places is tried at finer steps, on shorter stretches and just
    /// beside its line; then long streets get their name again.
    /// `everywhere`: a long street's name as often as there is room, every `repeatEvery` px (a
    /// picture that small maps show parts of), instead of at most three times.
    mutating func placeStreets(_ streets: [Ground.NamedStreet], _ fit: MercatorFit, everywhere: Bool = false) {
        // Streets outside the frame have no runs and are left out (names are unique, so the order is the same).
        let ordered = streets.compactMap { s -> (name: String, cls: MapSpec.StreetClass, runs: [Run], total: Double)? in
            var runs: [Run] = []
            for i in s.lines.indices where Basemap.mayShow(s.lines[i], fit) {
                if let points = Basemap.projected(s.lines[i], fit, tolerance: 1.5) { Self.appendRuns(points, to: &runs) }
            }
            runs = runs.filter { r in Self.inside(r, fit) }
            return runs.isEmpty ? nil : (s.name, s.streetClass, runs.sorted { $0.length > $1.length }, runs.reduce(0) { $0 + $1.length })
        }
            .sorted { a, b in a.cls != b.cls ? a.cls < b.cls : (a.total != b.total ? a.total > b.total : a.name < b.name) }
        var done = [[(Double, Double)]](repeating: [], count: ordered.count)
        for (i, street) in ordered.enumerated() {
            place(street.name, street.runs, wanted: 1, done: &done[i], step: 24, slack: 10, offsets: [0])
        }
        for (i, street) in ordered.enumerated() where street.cls <= .minor && done[i].isEmpty {
            let beside = Self.streetSize * 0.62 + 3
            let besides = [0, -beside, beside, -2 * beside, 2 * beside, -3 * beside, 3 * beside]
            for name in Self.shortForms(street.name) where done[i].isEmpty {
                place(name, street.runs, wanted: 1, done: &done[i], step: 6, slack: 2, offsets: besides)
            }
            for name in Self.shortForms(street.name) where done[i].isEmpty {
                place(name, street.runs, wanted: 1, done: &done[i], step: 4, slack: 0, offsets: besides,
                      size: Self.smallStreetSize)
            }
        }
        for (i, street) in ordered.enumerated() {
            let wanted = everywhere ? 1 + Int(street.total / Self.repeatEvery) : min(3, 1 + Int(street.total / Self.repeatEvery / 2))
            if done[i].count < wanted {
                place(street.name, street.runs, wanted: wanted, done: &done[i], step: 24, slack: 10, offsets: [0])
            }
        }
    }

    /// A street's name, then shorter forms a map may name it by where the whole name has no room:
    /// without its direction ("W Warren Ave" → "Warren Ave"), then without its kind ("Warren").
    static func shortForms(_ name: String) -> [String] {
        var words = name.split(separator: " ").map(String.init)
        var forms = [name]
        if words.count > 1, ["N", "S", "E", "W", "NE", "NW", "SE", "SW"].contains(words[0]) {
            words.removeFirst()
            forms.append(words.joined(separator: " "))
        }
        if words.count > 1, let last = words.last, Self.kinds.contains(last) {
            words.removeLast()
            forms.append(words.joined(separator: " "))
        }
        return forms
    }

    /// The words for a kind of street that a short form leaves off.
    static let kinds: Set<String> = ["Ave", "Rd", "St", "Blvd", "Hwy", "Dr", "Trl", "Pkwy", "Ln", "Way", "Ct", "Pl", "Fwy", "Expy"]

    /// True when some of the run lies inside the frame (a name outside it would never show).
    static func inside(_ r: Run, _ fit: MercatorFit) -> Bool {
        max(r.x0, r.x1) > 0 && min(r.x0, r.x1) < fit.width && max(r.y0, r.y1) > 0 && min(r.y0, r.y1) < fit.height
    }

    /// Places a street's name on its longest runs until it has `wanted` (counting `done`, where it
    /// already is), at least `repeatEvery` apart; `offsets` move it off the line's middle, sideways.
    mutating func place(_ name: String, _ runs: [Run], wanted: Int, done: inout [(Double, Double)], step: Double,
                        slack: Double, offsets: [Double], size: Double = streetSize) {
        let width = TextWidth.of(name, size: size)
        for run in runs where run.length >= width + slack {
            guard done.count < wanted else { return }
            var a = atan2(run.y1 - run.y0, run.x1 - run.x0)
            if a > .pi / 2 { a -= .pi } else if a <= -.pi / 2 { a += .pi }  // never upside down
            let (cosine, sine) = (cos(a), sin(a))
            let (nx, ny) = (-sine, cosine)
            // From the run's middle outward, a step at a time, while the name stays on the run:
            // it takes the first place where it collides with nothing.
            Self.positions(along: run.length, label: width, step: step, margin: slack / 2) { t in
                for offset in offsets {
                    let cx = run.x0 + (run.x1 - run.x0) * t + nx * offset, cy = run.y0 + (run.y1 - run.y0) * t + ny * offset
                    if done.contains(where: { hypot(cx - $0.0, cy - $0.1) < Self.repeatEvery }) { return true }
                    let box = MapBox(cx: cx, cy: cy, hw: width / 2 + 2, hh: size * 0.62, angle: a, cosine: cosine, sine: sine)
                    if placer.place(box) {
                        placed.append(Placed(text: name, box: box, style: size < Self.streetSize ? .smallStreet : .street))
                        done.append((cx, cy))
                        break
                    }
                }
                return done.count < wanted
            }
        }
    }

    /// Where along a run a name of `label` px may be centered, as fractions of its length, each given
    /// to `body` until it returns false: the middle first, then alternately either side of it in
    /// steps of about `step` px, keeping `margin` px of the run beyond each end of the name (at most
    /// about 240 places).
    static func positions(along length: Double, label: Double, step: Double = 24, margin: Double = 5, _ body: (Double) -> Bool) {
        guard body(0.5) else { return }
        let half = (label / 2 + margin) / length
        guard half < 0.5 else { return }
        let step = max(step / length, 0.002)
        var given = 1
        var k = 1.0
        while 0.5 - k * step >= half, given < 240 {
            guard body(0.5 - k * step), body(0.5 + k * step) else { return }
            given += 2
            k += 1
        }
    }

    mutating func placeParks(_ shapes: [MapSpec.BasemapShape], _ fit: MercatorFit) {
        let parks = shapes.filter { $0.kind == .park && $0.name?.isEmpty == false && !$0.areas.isEmpty }
        var candidates: [(String, Double, Double, Double)] = []
        for park in parks {
            let ring = park.areas.max { $0.outer.count < $1.outer.count }?.outer.map { fit.point($0) } ?? []
            guard let (x, y, area) = Self.centroid(ring) else { continue }
            candidates.append((park.name ?? "", x, y, area))
        }
        for (name, x, y, _) in candidates.sorted(by: { $0.3 > $1.3 }) {
            let w = TextWidth.of(name, size: Self.parkSize)
            let box = MapBox(cx: x, cy: y, hw: w / 2 + 2, hh: Self.parkSize * 0.62)
            if placer.place(box) { placed.append(Placed(text: name, box: box, style: .park)) }
        }
    }

    mutating func placeNeighborhood(_ name: String, _ boundary: Area?, _ fit: MercatorFit) {
        let ring = boundary?.polygons.max { $0.outer.count < $1.outer.count }?.outer.map { fit.point($0) } ?? []
        guard !name.isEmpty, let (x, y, _) = Self.centroid(ring) else { return }
        let text = name.uppercased()
        let w = TextWidth.of(text, size: Self.placeSize, letterSpacing: 2, bold: true)
        // Near the middle, or a little above or below it.
        for dy in [0.0, -40, 40, -80, 80] {
            let box = MapBox(cx: x, cy: y + dy, hw: w / 2 + 4, hh: Self.placeSize * 0.62)
            if placer.place(box) {
                placed.append(Placed(text: text, box: box, style: .place))
                return
            }
        }
    }

    /// The area-weighted middle of a projected ring, and its area; nil for a ring with no area.
    static func centroid(_ ring: [(x: Double, y: Double)]) -> (Double, Double, Double)? {
        guard ring.count >= 3 else { return nil }
        var a = 0.0, cx = 0.0, cy = 0.0
        for (p, q) in zip(ring, ring.dropFirst() + [ring[0]]) {
            let cross = p.x * q.y - q.x * p.y
            a += cross
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
        }
        guard abs(a) > 1e-6, a.isFinite else { return nil }
        return (cx / (3 * a), cy / (3 * a), abs(a) / 2)
    }

    /// The names as SVG, each twice: a white halo drawn first, then the letters over it (what
    /// `paint-order` does, in SVG 1.1 terms every renderer and checker knows).
    func write(to s: inout SVGWriter) {
        guard !placed.isEmpty else { return }
        s.add("<g class=\"names\" font-family=\"system-ui, sans-serif\" text-anchor=\"middle\" aria-hidden=\"true\">\n")
        s.add("<g stroke=\"#ffffff\" stroke-linejoin=\"round\" fill=\"#ffffff\">\n")
        for label in placed { Self.write(label, halo: true, to: &s) }
        s.add("</g>\n<g>\n")
        for label in placed { Self.write(label, halo: false, to: &s) }
        s.add("</g>\n</g>\n")
    }

    /// One name's halo or letters.
    static func write(_ label: Placed, halo: Bool, to s: inout SVGWriter) {
        let font: String, fill: String, width: String
        switch label.style {
        case .street: (font, fill, width) = ("font-size=\"11.5\"", "fill=\"#3c3c3c\"", "3")
        case .smallStreet: (font, fill, width) = ("font-size=\"9.5\" font-weight=\"600\"", "fill=\"#3c3c3c\"", "3")
        case .park: (font, fill, width) = ("font-size=\"11.5\" font-style=\"italic\"", "fill=\"#2d5a27\"", "3")
        case .place: (font, fill, width) = ("font-size=\"19\" font-weight=\"700\" letter-spacing=\"2\"", "fill=\"#0b5d5b\" fill-opacity=\"0.6\"", "4")
        }
        s.add("<text transform=\"translate(\(label.box.cx) \(label.box.cy))")
        if label.box.angle != 0 { s.add(" rotate(\(label.box.angle * 180 / .pi))") }
        s.add(halo ? "\" dy=\"0.35em\" \(font) stroke-width=\"\(width)\">\(xml: label.text)</text>\n"
                   : "\" dy=\"0.35em\" \(font) \(fill)>\(xml: label.text)</text>\n")
    }
}
