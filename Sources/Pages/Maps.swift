import Words
import Assembly
import CivilTime
import Fingerprint
import Geo
import Liquid
import Loading
import Maps

/// A map a page shows: which observations, its title, and how it is framed.
package struct MapRequest: Sendable {
    package enum Kind: String, Sendable {
        /// The whole neighborhood (the home page, `map.svg`).
        case neighborhood
        /// Zoomed to its reports, with the boundary around them for context (story, coalition, digest).
        case reports
        /// One report on a small map (an observation's page).
        case locator
        /// Zoomed to its reports, drawn at the size a printed page shows it (flyers).
        case printed
    }

    package var observations: [Observation]
    package var title: String
    package var kind: Kind
    /// A printed map's height: the room its flyer leaves it (`FlyerSpace`).
    package var printedHeight = 290.0

    package init(_ observations: [Observation], title: String, kind: Kind = .reports) {
        self.observations = observations
        self.title = title
        self.kind = kind
    }

    /// A printed map of these observations, as tall as its flyer leaves room for.
    package static func printed(_ observations: [Observation], title: String, height: Double) -> MapRequest {
        var request = MapRequest(observations, title: title, kind: .printed)
        request.printedHeight = height.rounded()
        return request
    }

    /// Names this drawing among a page's maps (the same request draws the same map).
    package var key: String { "\(title)|\(kind.rawValue)|\(printedHeight)" }

    /// What the drawing depends on, for the render cache: every input of its marks. A page takes
    /// the words of only the reports its lists show (`ViewModels.listedReports`), so a mark made
    /// from anything not hashed here would leave the pages that draw it stale.
    package func hash(into h: inout FingerprintBuilder, fingerprint: Fingerprint) {
        h.add(fingerprint)
        h.add(title)
        h.add(kind.rawValue)
        h.add(printedHeight.bitPattern)
        for o in observations {
            h.add(o.id)
            h.add(o.category)
            h.add(o.title ?? "")
            switch o.location {
            case .written(let text): h.add("w" + text)
            case .near(let street, let crossing): h.add("n" + street + "\t" + (crossing ?? ""))
            case .inNeighborhood: h.add("i")
            }
            h.add(o.coordinate.latitude.bitPattern)
            h.add(o.coordinate.longitude.bitPattern)
            h.add(Int(o.observed.instant))
        }
    }
}

/// The neighborhood's maps, drawn from the view models' data with links relative to a page.
extension ViewModels {
    /// A map for the page at `pagePath`; its groups link to the list of places under it on the same page
    /// (`map.svg`, which stands alone, links to the home page's list).
    package func map(_ request: MapRequest, pagePath: String) -> MapDrawing {
        let root = Routes.root(of: pagePath)
        let spec = spec(request, pagePath: pagePath)
        switch request.kind {
        case .locator:
            // One report, on the neighborhood's ground drawn once (`locatorGroundFile`): a window of it.
            if spec.marks.count == 1, let grounds = locatorGrounds,
               let drawn = MapRenderer.locator(spec, grounds: grounds, href: root + Routes.locatorGround, narrowHref: root + Routes.locatorGroundPhone) {
                return drawn
            }
        case .reports:
            // Windows of the zoom levels' grounds, each drawn once (`zoomedGroundFile`).
            if let grounds = zoomedGrounds, let drawn = MapRenderer.zoomed(spec, grounds: grounds, href: { root + Routes.zoomedGround($0, phone: $1) }) {
                return drawn
            }
        case .neighborhood:
            // `map.svg` (made before the pages) and the pages' drawing differ only in their titles,
            // links and key: the pages take its layout, and let it go.
            var marks = FingerprintBuilder()
            for m in spec.marks { marks.add(m.id) }
            let key = root + "|" + marks.value.description
            if spec.standalone {
                let layout = MapRenderer.layout(spec)
                neighborhoodLayouts.withLock { $0[key] = layout }
                return MapRenderer.draw(spec, layout: layout)
            }
            return MapRenderer.draw(spec, layout: neighborhoodLayouts.withLock { $0.removeValue(forKey: key) })
        case .printed:
            break
        }
        return MapRenderer.draw(spec)
    }

    /// The zoom levels a map of reports shows (wide, and on phones), when it is made of windows.
    package func zoomedLevels(_ request: MapRequest) -> (wide: Int, narrow: Int?)? {
        guard request.kind == .reports, let grounds = zoomedGrounds else { return nil }
        return MapRenderer.zoomedLevels(spec(request, pagePath: Routes.home), grounds: grounds)
    }

    /// What a map for the page at `pagePath` is drawn from.
    func spec(_ request: MapRequest, pagePath: String) -> MapSpec {
        let root = Routes.root(of: pagePath)
        let marks = hood.mappable(request.observations).sorted { ($0.observed.instant, $0.id) < ($1.observed.instant, $1.id) }.map { o in
            MapSpec.Mark(id: o.id, coordinate: o.coordinate, category: o.category,
                         label: markLabels[o.id] ?? markLabel(o), url: root + Routes.observation(o.id))
        }
        var spec = MapSpec(title: request.title, place: hood.name, boundary: hood.boundary, ground: ground, marks: marks,
                           categories: site.categories.map { .init(key: $0.key, label: $0.label, color: $0.color) },
                           // A printed map lists no places to link to: its circles link nowhere.
                           groupLink: request.kind == .printed ? "" : pagePath == Routes.neighborhoodMap ? root + Routes.home + "#" : "#",
                           attribution: mapAttribution, idPrefix: "map", streets: streets, words: mapWords)
        // Pages show a second drawing on phones (and group at its scale); `map.svg` groups the same way, so
        // its circles link to the home page's places; print draws only the one.
        spec.narrowWidth = request.kind == .printed ? nil : 320
        spec.pieces = mapPieces
        switch request.kind {
        case .neighborhood:
            spec.standalone = pagePath == Routes.neighborhoodMap
        case .printed:
            spec.keepsShape = true
            spec.width = FlyerSpace.columnWidth
            spec.minHeight = request.printedHeight
            spec.maxHeight = request.printedHeight
        case .reports:
            Self.setReports(&spec)
        case .locator:
            Self.setLocator(&spec)
        }
        return spec
    }

    /// A map zoomed to its reports (a story's, a coalition's, a week's).
    static func setReports(_ spec: inout MapSpec) {
        spec.zoomToMarks = true
        spec.width = 640
        spec.minHeight = 320
        spec.maxHeight = 600
        spec.narrowWidth = 320
    }

    /// A report's locator map: zoomed to 650 m around it, small.
    static func setLocator(_ spec: inout MapSpec) {
        spec.zoomToMarks = true
        spec.width = 560
        spec.minHeight = 300
        spec.maxHeight = 360
        spec.minimumSpan = 650
        spec.narrowWidth = 320
    }

    /// What the neighborhood's locator grounds are drawn from: its boundary, basemap and name, as a locator map.
    static func locatorSpec(hood: NeighborhoodSite, ground: Ground) -> MapSpec {
        var spec = MapSpec(title: "", place: hood.name, boundary: hood.boundary, ground: ground, marks: [],
                           categories: [], groupLink: "#", attribution: "")
        setLocator(&spec)
        return spec
    }

    /// What the neighborhood's zoom levels are drawn from: its boundary, basemap and name, as a map of reports.
    static func reportsSpec(hood: NeighborhoodSite, ground: Ground) -> MapSpec {
        var spec = MapSpec(title: "", place: hood.name, boundary: hood.boundary, ground: ground, marks: [],
                           categories: [], groupLink: "#", attribution: "")
        setReports(&spec)
        return spec
    }

    /// `OUT/<slug>/assets/map-ground-N.svg` (or its phone drawing's): the ground of zoom level N
    /// under the maps of reports that show it, drawn once; nil when there is no such level.
    package func zoomedGroundFile(_ level: Int, phone: Bool) -> String? {
        guard let grounds = zoomedGrounds else { return nil }
        let levels = phone ? grounds.narrow : grounds.wide
        guard levels.indices.contains(level) else { return nil }
        return MapRenderer.groundPicture(Self.reportsSpec(hood: hood, ground: self.ground), levels[level], names: false)
    }

    /// `OUT/<slug>/assets/locator-ground.svg` (or its phone drawing's): the ground under every
    /// report's locator map, drawn once; nil without a boundary.
    package func locatorGroundFile(phone: Bool) -> String? {
        guard let grounds = locatorGrounds, let ground = phone ? grounds.narrow : grounds.wide else { return nil }
        return MapRenderer.groundPicture(Self.locatorSpec(hood: hood, ground: self.ground), ground)
    }

    /// The neighborhood's height over its width as a whole-neighborhood map draws it (1 without a boundary).
    package var printedShape: Double {
        guard let b = hood.boundary?.bounds else { return 1 }
        let fit = MercatorFit(bounds: b, width: 1000, minHeight: 1, maxHeight: 1e9, margin: 0)
        return fit.height / 1000
    }

    /// A report's name on a map: its title and day.
    package func markLabel(_ o: Observation) -> String { t("title_and_date", ["title": title(o), "date": longDate(o.observed.day)]) }

    /// What templates see of a map: the picture, its key in HTML, the reports by place, and the
    /// groups of both drawings, each with its reports, newest first (on a map of thousands, only its
    /// newest: `groupListLimit`), for its link to open; the rest of a group is counted (`more`) and
    /// found in the list of all reports (`more_url`).
    package func mapValue(_ drawing: MapDrawing, pagePath: String) -> Value {
        let places: [Value] = drawing.places.map { place in
            let shown = place.marks.prefix(Self.placeListLimit)
            return .object(Object([
                ("anchor", .string(place.anchor)), ("name", .string(place.name)), ("summary", .string(place.summary)),
                ("count", .int(place.marks.count)), ("more", .int(place.marks.count - shown.count)),
                ("url", .string(place.marks.count == 1 ? place.marks[0].url : "#" + place.anchor)),
                ("reports", .array(shown.map { m in .object(Object([("title", .string(m.label)), ("url", .string(m.url))])) })),
            ]))
        }
        let (grouped, limit) = Self.listedGroups(drawing)
        let allReports = Routes.root(of: pagePath) + Routes.observations
        let groups: [Value] = grouped.map { place in
            let shown = place.marks.reversed().prefix(limit)
            return .object(Object([
                ("anchor", .string(place.anchor)), ("name", .string(place.name)), ("summary", .string(place.summary)),
                ("heading", .string(t("map_group_heading", ["reports": mapWords.reports(place.marks.count), "place": place.name]))),
                ("count", .int(place.marks.count)),
                ("reports", .array(shown.map { m in observationValues[m.id] ?? .object(Object([("url", .string(m.url)), ("heading", .string(m.label))])) })),
                ("more", .int(place.marks.count - shown.count)), ("more_url", .string(allReports)),
            ]))
        }
        return .object(Object([
            ("svg", .safe(drawing.svg)), ("narrow_svg", drawing.narrow.map { .safe($0.svg) } ?? .nil),
            ("legend", .array(drawing.legend.map { item in
                .object(Object([("icon", legendIcon(item.shape, color: item.color)), ("label", .string(item.label)), ("count", .int(item.count))]))
            })),
            ("has_groups", .bool(drawing.hasGroups)), ("group_icon", Self.groupIcon),
            ("group_key", .string(mapWords.groupKey(drawing.groupMeters))), ("group_meters", .int(drawing.groupMeters)),
            ("attribution", .string(mapAttribution)),
            ("places", .array(places)), ("groups", .array(groups)), ("description", .string(drawing.description)),
        ]))
    }

    /// The groups of both drawings, which the lists under a map show, and how many reports each lists.
    static func listedGroups(_ drawing: MapDrawing) -> (groups: [MapDrawing.Place], limit: Int) {
        let grouped = (drawing.places + drawing.narrowPlaces).filter { $0.marks.count > 1 }
        return (grouped, groupListLimit(groups: grouped.count, reports: grouped.reduce(0) { $0 + $1.marks.count }))
    }

    /// The reports whose cards (words, title, date) the lists under `drawing` show, sorted: of all the
    /// reports a map draws, the only ones whose words its page shows.
    package static func listedReports(_ drawing: MapDrawing) -> [String] {
        let (grouped, limit) = listedGroups(drawing)
        return Set(grouped.flatMap { $0.marks.reversed().prefix(limit).map(\.id) }).sorted()
    }

    /// A legend row's icon: the category's, made once, unless the shape or color is another.
    package func legendIcon(_ shape: MarkShape, color: String) -> Value {
        legendIcons.first { $0.shape == shape && $0.color == color }?.icon ?? .safe(MapKey.icon(shape, color: color))
    }

    /// What a group is, in the key under every map.
    package static let groupIcon = Value.safe(MapKey.groupIcon())

    /// A place under a map lists at most this many of its reports.
    package static let placeListLimit = 100

    /// How many reports each group under a map lists: every one while the groups of both drawings
    /// hold at most 1,000 in all (every sample neighborhood: the list has exactly the group's count);
    /// past that, each group its newest, about 600 on the page in all (a map of 200,000 reports would
    /// otherwise write each one, twice, into its page: 64 MB).
    package static func groupListLimit(groups: Int, reports: Int) -> Int {
        reports <= 1_000 ? reports : max(1, 600 / max(1, groups))
    }

    /// The basemap as the maps draw it (made once, in `init`).
    package static func basemapShapes(_ hood: NeighborhoodSite) -> [MapSpec.BasemapShape] {
        hood.basemap.map { f in
            let kind: MapSpec.BasemapShape.Kind = switch f.kind {
            case .park: .park
            case .water: .water
            case .street: .street
            }
            return MapSpec.BasemapShape(kind: kind, name: f.name,
                                 streetClass: MapSpec.StreetClass(f.roadClass, name: f.name), areas: f.areas, lines: f.lines)
        }
    }

    /// What every map of the neighborhood shares: boundary, basemap, categories, attribution.
    package static func mapFingerprint(site: SiteSettings, hood: NeighborhoodSite) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(hood.name)
        h.add(site.mapAttribution)
        h.add(site.categories.count)
        for c in site.categories { h.add(c.key); h.add(c.label); h.add(c.color) }
        h.tag(hood.boundary == nil ? 0 : 1)
        ShapeFingerprint.add(hood.boundary?.polygons ?? [], to: &h)
        ShapeFingerprint.add(hood.basemap, to: &h)
        return h.value
    }

    /// `OUT/<slug>/map.svg`: every published observation, as a file of its own, with its key.
    package func neighborhoodMapFile() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + map(neighborhoodMapRequest, pagePath: Routes.neighborhoodMap).svg
    }

    /// What `map.svg` is drawn from (with `mapFingerprint` and the language's words).
    package var neighborhoodMapRequest: MapRequest {
        MapRequest(hood.observations, title: t("map_file", ["place": hood.name]), kind: .neighborhood)
    }

    /// The line under every map: `map_attribution` of `site.yml`, else the language's default.
    package var mapAttribution: String {
        site.mapAttribution == SiteSettings.defaultMapAttribution ? t("default_map_attribution") : site.mapAttribution
    }

    /// "2,000 ft", "2000 قدم": a scale bar's length with the language's number and unit
    /// (`map_scale_feet` and its kin: `TranslationKeys.optional`); the unit's symbol when a file has none.
    /// A message with plural forms picks one by the whole amount ("1 milla", "2 millas"); a fraction
    /// ("2.5 km") takes its `other` form, as CLDR's rules do for a number with decimals.
    static func scaleLength(_ g: GroundLength, _ l: Language) -> String {
        let key = "map_scale_" + g.unit.rawValue, amount = l.number(g.amount)
        // Only when the language file has no words for the unit (or they fail) is the symbol written.
        func symbol() -> String { amount + " " + g.symbol }
        guard l.messages[key] != nil else { return symbol() }
        let whole = g.amount == g.amount.rounded() && abs(g.amount) < 1e15
        let count: (String, Value) = whole ? ("count", .int(Int(g.amount))) : ("form", .string("other"))
        return (try? l.render(key, ["length": .string(amount), count.0: count.1], html: false)) ?? symbol()
    }

    /// The words of the maps, in the site's language (made once, in `init`).
    package static func mapWords(_ l: Language) -> MapWords {
        var w = MapWords()
        let m = WordMemo()
        w.reports = { n in m.words(.init(kind: 0, n: n)) { l.text("map_reports", count: n) } }
        w.showing = { p, r in m.words(.init(kind: 1, a: p, b: r)) { l.text("map_showing", ["place": p, "reports": r]) } }
        w.empty = { l.text("map_empty", ["place": $0]) }
        w.busiest = { p, n in m.words(.init(kind: 2, n: n, a: p)) { l.text("map_busiest", count: n, ["place": p]) } }
        w.grouped = { n in m.words(.init(kind: 3, n: n)) { l.text("map_grouped", count: n) } }
        w.somewhere = { p in m.words(.init(kind: 4, a: p)) { l.text("map_somewhere", ["place": p]) } }
        w.groupKey = { l.text("map_group_key", ["meters": l.number($0)]) }
        w.noReports = l.text("map_no_reports")
        w.north = l.text("map_north")
        w.near = { a, b in
            m.words(.init(kind: b == nil ? 5 : 6, a: a, b: b ?? "")) {
                b.map { l.text("map_near_corner", ["street": a, "crossing": $0]) } ?? l.text("map_near_street", ["street": a])
            }
        }
        w.categoryCount = { c, n in m.words(.init(kind: 7, n: n, a: c)) { l.text("map_category_count", count: n, ["category": c]) } }
        w.placeSummary = { r, p, c in m.words(.init(kind: 8, a: r, b: p, c: c)) { l.text("map_place_summary", ["reports": r, "place": p, "counts": c]) } }
        w.separator = l.text("list_separator")
        w.number = { n in m.words(.init(kind: 9, n: n)) { l.number(n) } }
        w.length = { g in m.words(.init(kind: 10, a: g.unit.rawValue, b: String(g.amount))) { scaleLength(g, l) } }
        w.rightToLeft = l.direction == "rtl"
        return w
    }
}
