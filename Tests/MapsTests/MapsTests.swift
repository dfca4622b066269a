import TestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Escaping
import Testing
@testable import Geo
@testable import Maps

@Suite("Maps drawn from the data")
struct MapsTests {
    let square = Area(polygons: [Polygon(outer: [
        .init(latitude: 42.0, longitude: -83.2), .init(latitude: 42.0, longitude: -83.1),
        .init(latitude: 42.1, longitude: -83.1), .init(latitude: 42.1, longitude: -83.2), .init(latitude: 42.0, longitude: -83.2),
    ])])

    @Test("the projection fits the bounds inside the margin, north up")
    func projection() throws {
        let bounds = try #require(square.bounds)
        let fit = MercatorFit(bounds: bounds, width: 800, minHeight: 300, maxHeight: 900, margin: 0.05)
        let sw = fit.point(.init(latitude: 42.0, longitude: -83.2)), ne = fit.point(.init(latitude: 42.1, longitude: -83.1))
        #expect(sw.x >= 39.9 && ne.x <= 760.1)
        #expect(ne.y < sw.y, "north is up")
        #expect(abs((sw.x + ne.x) / 2 - 400) < 0.01, "centered")
        // 0.1° of longitude at 42.05° N is about 8,276 m across 720 px.
        #expect(abs(fit.metersPerPixel - 8276.0 / (ne.x - sw.x)) < 1)
    }

    @Test("a mark joins a group only when it is within the distance of every mark in it")
    func grouping() {
        func mark(_ id: String) -> MapSpec.Mark { .init(id: id, coordinate: .init(latitude: 0, longitude: 0), category: "c", label: id, url: id) }
        let marks = [(mark("a"), 10.0, 10.0), (mark("b"), 15.0, 10.0), (mark("c"), 80.0, 10.0), (mark("d"), 23.0, 10.0)]
        // d is 8 px from b but 13 px from a: it starts a group of its own; their circles would touch,
        // and they merge only while all three stay within the merge span.
        #expect(MarkGroups.group(marks, distance: 12, mergeSpan: 12).map { $0.marks.map(\.id) } == [["a", "b"], ["c"], ["d"]])
        #expect(MarkGroups.group(marks, distance: 12, mergeSpan: 14).map { $0.marks.map(\.id) } == [["a", "b", "d"], ["c"]])
        let alone = MarkGroups.group(marks, distance: 12, mergeSpan: 12)[1]
        #expect(alone.x == 80 && alone.y == 10, "a mark alone stays where it is")
    }

    @Test("every group's marks lie within the merge span of each other, every mark is in exactly one group, and groups that touch could not merge")
    func groupsStayCompact() {
        var marks: [(MapSpec.Mark, Double, Double)] = []
        var random = SeededRandom(seed: 20_261_129)
        func next() -> Double { Double(random.next() >> 33) / Double(1 << 31) }
        for i in 0..<3000 {
            // Clustered: most marks crowd around a few spots, as reports do.
            let spot = Double(i % 7) * 100
            marks.append((.init(id: "m\(i)", coordinate: .init(latitude: 0, longitude: 0), category: "c", label: "", url: ""),
                          spot + next() * 120, 50 + next() * 500))
        }
        let groups = MarkGroups.group(marks)
        #expect(groups.reduce(0) { $0 + $1.marks.count } == 3000)
        #expect(Set(groups.flatMap { $0.marks.map(\.id) }).count == 3000)
        for g in groups { #expect(g.span <= MarkGroups.mergeSpan + 1e-9, "a group \(g.span) px across") }
        for i in groups.indices {
            for j in groups.indices where j > i {
                let d = ((groups[i].x - groups[j].x) * (groups[i].x - groups[j].x) + (groups[i].y - groups[j].y) * (groups[i].y - groups[j].y)).squareRoot()
                if d < groups[i].radius + groups[j].radius + 1.5 {
                    #expect(!MarkGroups.within(groups[i], groups[j], MarkGroups.mergeSpan), "groups \(i) and \(j) touch and could have merged")
                }
            }
        }
    }

    @Test("circles that touch but could not merge are pushed apart, each a little, so that no number hides another")
    func spreadApart() {
        var marks: [(MapSpec.Mark, Double, Double)] = []
        var random = SeededRandom(seed: 20_261_203)
        func next() -> Double { Double(random.next() >> 33) / Double(1 << 31) }
        for i in 0..<400 {
            marks.append((.init(id: "m\(i)", coordinate: .init(latitude: 0, longitude: 0), category: "c", label: "", url: ""),
                          Double(i % 5) * 90 + next() * 70, 50 + next() * 300))
        }
        func overlaps(_ groups: [MarkGroup]) -> Int {
            var n = 0
            for i in groups.indices {
                for j in groups.indices where j > i && hypot(groups[i].x - groups[j].x, groups[i].y - groups[j].y) < groups[i].radius + groups[j].radius {
                    n += 1
                }
            }
            return n
        }
        let grouped = MarkGroups.group(marks)
        let spread = MarkGroups.spread(grouped)
        #expect(overlaps(grouped) > 5, "the case is crowded: \(overlaps(grouped)) circles overlap before")
        #expect(overlaps(spread) * 4 <= overlaps(grouped), "\(overlaps(spread)) still overlap of \(overlaps(grouped))")
        #expect(zip(grouped, spread).allSatisfy { hypot($0.x - $1.x, $0.y - $1.y) <= MarkGroups.spreadShift + 1e-9 }, "none moves far from its marks")
        #expect(zip(grouped, spread).allSatisfy { $0.marks.map(\.id) == $1.marks.map(\.id) })
        #expect(MarkGroups.spread(grouped).map(\.x) == spread.map(\.x), "the same every time")
    }

    @Test("a thousand reports at one corner make one group, quickly")
    func oneSpot() {
        let marks = (0..<1000).map { i in (MapSpec.Mark(id: "m\(i)", coordinate: .init(latitude: 0, longitude: 0), category: "c", label: "", url: ""), 100.0, 100.0) }
        let groups = MarkGroups.group(marks)
        #expect(groups.count == 1 && groups[0].marks.count == 1000)
    }

    @Test("ten thousand marks and a thousand streets draw into a map small enough for a phone")
    func manyMarks() {
        var marks: [MapSpec.Mark] = []
        for i in 0..<10_000 {
            let lat = 42.0 + Double((i * 7919) % 1000) / 10_000, lon = -83.2 + Double((i * 104_729) % 1000) / 10_000
            marks.append(.init(id: "o\(i)", coordinate: .init(latitude: lat, longitude: lon), category: i % 2 == 0 ? "a" : "b",
                               label: "Observation \(i)", url: "observations/o\(i)/index.html"))
        }
        let drawing = MapRenderer.draw(MapSpec(title: "Map", place: "Test", boundary: square, basemap: grid(lines: 1000), marks: marks,
                                               categories: [.init(key: "a", label: "A", color: "#d55e00"), .init(key: "b", label: "B", color: "#0072b2")],
                                               groupLink: "#", attribution: "test"))
        #expect(drawing.svg.utf8.count < 400_000, "\(drawing.svg.utf8.count) bytes")
        #expect(drawing.legend.map { "\($0.label) \($0.count)" } == ["A 5000", "B 5000"])
        #expect(drawing.places.reduce(0) { $0 + $1.marks.count } == 10_000)
        #expect(drawing.hasGroups)
    }

    /// Streets in a grid over the square: `lines` of them, alternately north-south and east-west,
    /// every tenth a principal arterial.
    func grid(lines: Int, names: (Int) -> String = { "Street \($0)" }) -> [MapSpec.BasemapShape] {
        (0..<lines).map { i in
            let t = Double(i / 2) / Double(max(lines / 2, 1)) * 0.1
            let line: [Coordinate] = i % 2 == 0
                ? [.init(latitude: 42.0, longitude: -83.2 + t), .init(latitude: 42.05, longitude: -83.2 + t + 0.0001), .init(latitude: 42.1, longitude: -83.2 + t)]
                : [.init(latitude: 42.0 + t, longitude: -83.2), .init(latitude: 42.0 + t, longitude: -83.1)]
            return .init(kind: .street, name: names(i), streetClass: i % 10 == 0 ? .principal : .local, areas: [], lines: [line])
        }
    }

    func sampleSpec(marks count: Int) -> MapSpec {
        let marks = (0..<count).map { (i: Int) -> MapSpec.Mark in
            let latitude: Double = 42.01 + Double((i * 37) % 80) / 1000
            let longitude: Double = -83.19 + Double((i * 53) % 80) / 1000
            return MapSpec.Mark(id: "o\(i)", coordinate: Coordinate(latitude: latitude, longitude: longitude),
                                category: i % 3 == 0 ? "a" : "b", label: "Report \(i)", url: "observations/o\(i)/index.html")
        }
        return MapSpec(title: "Map of Test", place: "Test", boundary: square, basemap: grid(lines: 60), marks: marks,
                       categories: [.init(key: "a", label: "Speeding", color: "#d55e00"), .init(key: "b", label: "Potholes", color: "#0072b2")],
                       groupLink: "#", attribution: "Streets: test")
    }

    @Test("no name on the map overlaps another name, a mark, the scale bar or the north arrow, and every name lies inside the map, at both sizes")
    func labelsNeverCollide() throws {
        for count in [0, 40, 400] {
            var spec = sampleSpec(marks: count)
            spec.narrowWidth = 320
            let drawing = MapRenderer.draw(spec)
            let narrow = try #require(drawing.narrow)
            for rendition in [drawing.wide, narrow] {
                #expect(rendition.labelBoxes.count >= 3, "names were placed (\(rendition.labelBoxes.count)) with \(count) marks")
                for (i, a) in rendition.labelBoxes.enumerated() {
                    for b in rendition.labelBoxes[(i + 1)...] { #expect(!a.overlaps(b), "\(a) overlaps \(b)") }
                    for m in rendition.markBoxes { #expect(!a.overlaps(m), "\(a) crosses the mark \(m)") }
                    let (x0, y0, x1, y1) = a.bounds
                    #expect(x0 >= 0 && y0 >= 0 && x1 <= rendition.width && y1 <= rendition.height)
                }
            }
        }
    }

    @Test("each drawing groups what would overlap at its own scale: the phone's groups are its own, with their own anchors")
    func narrowDrawing() throws {
        var spec = sampleSpec(marks: 300)
        spec.narrowWidth = 320
        let drawing = MapRenderer.draw(spec)
        let narrow = try #require(drawing.narrow)
        #expect(narrow.width == 320 && drawing.width == 800)
        #expect(drawing.svg.contains("class=\"map map-wide\"") && narrow.svg.contains("class=\"map map-narrow\""))
        #expect(drawing.svg.contains("id=\"map-title\"") && narrow.svg.contains("id=\"mapn-title\""))
        // Every report is in exactly one place on each drawing; the phone's places are fewer (more is close there).
        let ids = spec.marks.map(\.id).sorted()
        #expect(drawing.places.flatMap { $0.marks.map(\.id) }.sorted() == ids)
        #expect(drawing.narrowPlaces.flatMap { $0.marks.map(\.id) }.sorted() == ids)
        #expect(drawing.narrowPlaces.count < drawing.places.count)
        #expect(drawing.narrowPlaces.allSatisfy { $0.anchor.hasPrefix("mapn-g") } && drawing.places.allSatisfy { $0.anchor.hasPrefix("map-g") })
        for place in drawing.narrowPlaces where place.marks.count > 1 { #expect(narrow.svg.contains("href=\"#\(place.anchor)\"")) }
        // On the wide drawing, a group's reports are within the merge span of each other in its own pixels.
        let fit = MercatorFit(bounds: MapRenderer.frame(spec), width: 800, minHeight: spec.minHeight, maxHeight: spec.maxHeight, margin: 0.04)
        for place in drawing.places {
            let points = place.marks.map { fit.point($0.coordinate) }
            for p in points { for q in points { #expect(hypot(p.x - q.x, p.y - q.y) <= MarkGroups.mergeSpan + 1e-6) } }
        }
    }

    @Test("an arterial crowded by marks along its line is still named on the phone drawing, by a shorter name when needed")
    func arterialNamedAmongMarks() throws {
        var spec = sampleSpec(marks: 0)
        spec.narrowWidth = 320
        var basemap = grid(lines: 40).map { shape -> MapSpec.BasemapShape in
            var local = shape
            local.streetClass = .local
            return local
        }
        basemap.append(.init(kind: .street, name: "W Warren Ave", streetClass: .principal, areas: [],
                             lines: [[.init(latitude: 42.05, longitude: -83.2), .init(latitude: 42.05, longitude: -83.1)]]))
        spec.basemap = basemap
        // Reports every 0.006° along the avenue: the gaps between their marks are short.
        spec.marks = (0..<17).map { i in .init(id: "o\(i)", coordinate: .init(latitude: 42.05, longitude: -83.199 + Double(i) * 0.006),
                                               category: "a", label: "", url: "o\(i)") }
        let drawing = MapRenderer.draw(spec)
        let narrow = try #require(drawing.narrow)
        for svg in [drawing.svg, narrow.svg] {
            #expect(NameLabels.shortForms("W Warren Ave").contains { svg.contains(">\($0)</text>") })
        }
        #expect(NameLabels.shortForms("W Warren Ave") == ["W Warren Ave", "Warren Ave", "Warren"])
        #expect(NameLabels.shortForms("Michigan Ave") == ["Michigan Ave", "Michigan"])
        #expect(NameLabels.shortForms("I-94") == ["I-94"])
    }

    @Test("a street's class is the source's, or read from its name when the source has none")
    func derivedClass() {
        #expect(MapSpec.StreetClass("principal_arterial", name: "Main St") == .principal)
        #expect(MapSpec.StreetClass(nil, name: "I-94") == .freeway)
        #expect(MapSpec.StreetClass("", name: "M-10") == .freeway)
        #expect(MapSpec.StreetClass(nil, name: "Southfield Fwy") == .freeway)
        #expect(MapSpec.StreetClass(nil, name: "W Vernor Hwy") == .minor)
        #expect(MapSpec.StreetClass(nil, name: "Rosa Parks Blvd") == .minor)
        #expect(MapSpec.StreetClass(nil, name: "Pitt St") == .local)
        #expect(MapSpec.StreetClass(nil, name: "I-Street") == .local)
        #expect(MapSpec.StreetClass(nil, name: nil) == .local)
    }

    @Test("streets are named by class: an arterial gets its name before any local street, and before any street gets a second")
    func namesByClass() {
        var spec = sampleSpec(marks: 0)
        // Forty local streets and one short arterial, all crossing the same spot.
        spec.basemap = grid(lines: 40, names: { "Local \($0)" }).map { shape -> MapSpec.BasemapShape in
            var local = shape
            local.streetClass = .local
            return local
        } + [.init(kind: .street, name: "Short Arterial", streetClass: .minor, areas: [],
                   lines: [[.init(latitude: 42.03, longitude: -83.16), .init(latitude: 42.03, longitude: -83.14)]])]
        let drawing = MapRenderer.draw(spec)
        #expect(drawing.svg.contains(">Short Arterial</text>"))
    }

    /// Every corner of the boundary lies on the drawing.
    func expectWholeBoundary(_ spec: MapSpec, _ drawing: MapDrawing) {
        let fit = MapRenderer.shaped(MapRenderer.frame(spec), spec)
        #expect(fit.width == drawing.width && fit.height == drawing.height)
        for corner in square.polygons[0].outer {
            let p = fit.point(corner)
            #expect(p.x >= 0 && p.y >= 0 && p.x <= drawing.width && p.y <= drawing.height, "the boundary's corner \(p) is on the map")
        }
    }

    @Test("a printed map draws the whole neighborhood uncropped: a tall one in its own shape, a wide one with the room's height")
    func printedKeepsShape() {
        var spec = sampleSpec(marks: 20)
        spec.narrowWidth = nil
        spec.keepsShape = true
        spec.width = 490
        spec.minHeight = 300
        spec.maxHeight = 300
        // The square (0.1° by 0.1° at 42° N) is taller than wide in Mercator: at most 300 px tall, it is narrower than 490.
        let tall = MapRenderer.draw(spec)
        #expect(abs(tall.height - 300) <= 1 && tall.width < 300 && tall.width > 200, "\(tall.width) × \(tall.height)")
        expectWholeBoundary(spec, tall)
        spec.maxHeight = 900
        spec.minHeight = 900
        let wide = MapRenderer.draw(spec)
        #expect(wide.width == 490 && wide.height == 900)
        expectWholeBoundary(spec, wide)
    }

    @Test("a long street crossing the whole map is drawn and named, though both its ends lie outside")
    func streetsCrossingTheFrame() {
        var spec = sampleSpec(marks: 0)
        spec.zoomToMarks = true
        spec.marks = [.init(id: "a", coordinate: .init(latitude: 42.05, longitude: -83.15), category: "a", label: "", url: "")]
        spec.basemap = [.init(kind: .street, name: "W Warren Ave", streetClass: .principal, areas: [],
                              lines: [[.init(latitude: 42.0502, longitude: -83.3), .init(latitude: 42.0502, longitude: -83.0)]])]
        let drawing = MapRenderer.draw(spec)
        #expect(drawing.svg.contains(">W Warren Ave</text>"))
        #expect(drawing.svg.contains("stroke=\"#fbe7b8\""), "the street is drawn in its class's color")
    }

    @Test("street names read left to right: never upside down")
    func namesNeverUpsideDown() throws {
        let drawing = MapRenderer.draw(sampleSpec(marks: 10))
        for box in drawing.labelBoxes {
            #expect(abs(box.angle) <= .pi / 2 + 1e-9, "angle \(box.angle)")
        }
        // The SVG's rotations say the same.
        let rotations = drawing.svg.split(separator: "rotate(").dropFirst().compactMap { Double($0.prefix { $0 != " " && $0 != ")" }) }
        #expect(!rotations.isEmpty)
        #expect(rotations.allSatisfy { abs($0) <= 90 })
    }

    @Test("a name that does not fit is left out rather than drawn over another")
    func crowdedNamesLeftOut() {
        // 400 parallel streets about 2 px apart: hardly any of their names fit.
        let spec = MapSpec(title: "Map", place: "Test", boundary: square, basemap: grid(lines: 800), marks: [],
                           categories: [], groupLink: "#", attribution: "")
        let drawing = MapRenderer.draw(spec)
        #expect(drawing.labelBoxes.count < 250, "most of the 800 names are left out")
        for (i, a) in drawing.labelBoxes.enumerated() {
            for b in drawing.labelBoxes[(i + 1)...] { #expect(!a.overlaps(b)) }
        }
        // Only placed names are drawn (each as halo and letters), and the north arrow's N and the scale's two.
        #expect(drawing.svg.components(separatedBy: "<text ").count - 1 == 2 * drawing.labelBoxes.count + 4)
    }

    @Test("each group's circle links to the list of exactly its reports, and the list says what it holds")
    func groupsLinkTheirReports() throws {
        var spec = sampleSpec(marks: 300)
        spec.groupLink = "index.html#"
        let drawing = MapRenderer.draw(spec)
        let groups = drawing.places.filter { $0.marks.count > 1 }
        #expect(!groups.isEmpty)
        #expect(drawing.places.flatMap { $0.marks.map(\.id) }.sorted() == spec.marks.map(\.id).sorted())
        for place in groups {
            #expect(drawing.svg.contains("href=\"index.html#\(place.anchor)\""))
            let a = place.marks.filter { $0.category == "a" }.count, b = place.marks.count - a
            let counts = [a > 0 ? "\(a) Speeding" : nil, b > 0 ? "\(b) Potholes" : nil].compactMap { $0 }.joined(separator: ", ")
            #expect(place.summary.hasPrefix("\(place.marks.count) reports "))
            #expect(place.summary.hasSuffix(": " + counts))
        }
        #expect(Set(drawing.places.map(\.anchor)).count == drawing.places.count, "anchors are unique")
        // A single report links straight to its page.
        if let single = drawing.places.first(where: { $0.marks.count == 1 }) {
            #expect(drawing.svg.contains("href=\"\(single.marks[0].url)\""))
        }
    }

    @Test("a group's number is dark on white, whatever its colors (contrast well above 4.5:1)")
    func groupNumbersContrast() {
        let drawing = MapRenderer.draw(sampleSpec(marks: 300))
        #expect(drawing.svg.contains("fill=\"#1d2327\" text-anchor=\"middle\">"))
        #expect(!drawing.svg.contains("fill=\"#ffffff\" text-anchor=\"middle\""))
    }

    @Test("marks are out of the tab order, and every link in the map is named in words")
    func marksOutOfTabOrder() {
        let svg = MapRenderer.svg(sampleSpec(marks: 300))
        let links = svg.components(separatedBy: "<a ").dropFirst()
        #expect(!links.isEmpty)
        for link in links {
            #expect(link.contains("tabindex=\"-1\""))
            #expect(link.contains("aria-label=\"") && !link.contains("aria-label=\"\""))
        }
    }

    @Test("the description counts reports by category and names where the most are")
    func description() {
        let streets = StreetIndex([(name: "Street A", line: [.init(latitude: 42.0, longitude: -83.2), .init(latitude: 42.1, longitude: -83.2)]),
                                   (name: "Street B", line: [.init(latitude: 42.0, longitude: -83.1), .init(latitude: 42.1, longitude: -83.1)])])
        var spec = sampleSpec(marks: 0)
        spec.streets = streets
        spec.marks = (0..<6).map { i in .init(id: "o\(i)", coordinate: .init(latitude: 42.05, longitude: -83.1999), category: i < 4 ? "a" : "b", label: "", url: "") }
        let drawing = MapRenderer.draw(spec)
        #expect(drawing.description.hasPrefix("Map of Test showing 6 reports: Speeding 4, Potholes 2."))
        #expect(drawing.description.contains("The most are near Street A (6)."), "\(drawing.description)")
        spec.marks = []
        #expect(MapRenderer.draw(spec).description == "Map of Test with no reports to show.")
    }

    @Test("a map zoomed to its reports shows them with room around, never less than the least span, never more than the neighborhood")
    func zoom() throws {
        var spec = sampleSpec(marks: 0)
        spec.zoomToMarks = true
        spec.marks = [.init(id: "a", coordinate: .init(latitude: 42.05, longitude: -83.15), category: "a", label: "", url: ""),
                      .init(id: "b", coordinate: .init(latitude: 42.051, longitude: -83.151), category: "a", label: "", url: "")]
        let frame = MapRenderer.frame(spec)
        #expect(frame.minLatitude < 42.05 && frame.maxLatitude > 42.051 && frame.minLongitude < -83.151 && frame.maxLongitude > -83.15)
        let fit = MercatorFit(bounds: frame, width: 800, minHeight: 0, maxHeight: 10_000)
        #expect(fit.metersPerPixel * 800 >= 690, "at least about 700 m across")
        #expect(frame.maxLongitude - frame.minLongitude < 0.05, "zoomed in")
        // Reports at opposite corners: the whole neighborhood it is.
        spec.marks[1].coordinate = .init(latitude: 42.099, longitude: -83.101)
        spec.marks[0].coordinate = .init(latitude: 42.001, longitude: -83.199)
        let whole = MapRenderer.frame(spec)
        #expect(whole.minLatitude <= 42.0 && whole.maxLatitude >= 42.1)
    }

    @Test("a standalone map draws its key under the picture: legend with counts, what a group is, scale, the credit wrapped")
    func standaloneKey() {
        var spec = sampleSpec(marks: 300)
        spec.standalone = true
        spec.attribution = String(repeating: "Streets © City of Detroit open data ", count: 12)
        let drawing = MapRenderer.draw(spec)
        #expect(drawing.svg.contains("Speeding (100)") && drawing.svg.contains("Potholes (200)"))
        #expect(drawing.svg.contains(">A circle with a number: that many reports close together; the colors around it show their categories<"))
        #expect(drawing.svg.components(separatedBy: "font-size=\"12\" fill=\"#4f5b62\"").count > 3, "the credit wraps onto lines")
        #expect(drawing.height > MapRenderer.draw(sampleSpec(marks: 300)).height)
    }

    @Test("numbers have fixed decimals and no exponent")
    func numbers() {
        #expect(SVGText.number(0.000001) == "0.0")
        #expect(SVGText.number(-0.04) == "0.0")
        #expect(SVGText.number(-12.35) == "-12.4")  // halves round away from zero
        #expect(SVGText.number(1e7) == "10000000.0")
        #expect(SVGText.number(.nan) == "0.0" && SVGText.number(-.infinity) == "0.0")
        #expect(SVGText.number(1e300) == "999999999999.9" && SVGText.number(-1e300) == "-999999999999.9", "held, never a trap")
        // The same text as one decimal written out by interpolation, on 20,000 values of every size.
        var random = SeededRandom(seed: 7)
        for _ in 0..<20_000 {
            let state = random.next()
            let v = (Double(state >> 11) / Double(1 << 53) - 0.5) * pow(10, Double(state % 12))
            let tenths = Int((v * 10).rounded())
            #expect(SVGText.number(v) == "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)", "\(v)")
        }
    }

    @Test("a zoomed map draws the parks and water its frame shows, in part or whole, and leaves out those outside it")
    func areasOutsideTheFrame() {
        func park(_ lat: Double, _ lon: Double, _ size: Double, _ name: String) -> MapSpec.BasemapShape {
            .init(kind: .park, name: name, areas: [Polygon(outer: [
                .init(latitude: lat, longitude: lon), .init(latitude: lat, longitude: lon + size), .init(latitude: lat + size, longitude: lon + size),
                .init(latitude: lat + size, longitude: lon), .init(latitude: lat, longitude: lon),
            ])], lines: [])
        }
        var spec = sampleSpec(marks: 1)  // one report at 42.01, -83.19
        spec.basemap = [park(42.009, -83.191, 0.002, "Under"), park(42.011, -83.189, 0.05, "Beside"), park(42.09, -83.11, 0.005, "Far")]
        spec.zoomToMarks = true
        spec.minimumSpan = 650
        let zoomed = MapRenderer.draw(spec).svg
        #expect(zoomed.components(separatedBy: "fill=\"#d3e8cb\"").count - 1 == 2, "the park under the report and the one reaching into the frame")
        spec.zoomToMarks = false
        #expect(MapRenderer.draw(spec).svg.components(separatedBy: "fill=\"#d3e8cb\"").count - 1 == 3, "the whole neighborhood shows all three")
    }

    @Test("a path's data holds every point's numbers in order, however long the path")
    func longPathData() {
        for count in [0, 1, 2, 15, 16, 17, 300] {
            let points = (0..<count).map { PlanePoint(x: Double($0) * -1234.56, y: Double($0 % 7) * 1e9) }
            for closed in [false, true] {
                var bytes: [UInt8] = Array("<".utf8)
                Basemap.appendPathData(points, closed: closed, to: &bytes)
                let expected = "<" + points.enumerated().map { i, p in "\(i == 0 ? "M" : "L")\(SVGText.number(p.x)) \(SVGText.number(p.y))" }.joined()
                    + (closed ? "Z" : "")
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(count) points")
            }
        }
        var bytes: [UInt8] = []
        SVGText.append(-0.05, to: &bytes)
        SVGText.append(.infinity, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-0.10.0")
    }

    @Test("a piece of SVG holds its bytes in order, on the stack and past it")
    func piecesShortAndLong() {
        for length in [0, 1, 200, 255, 256, 257, 600, 5_000] {
            let label = String(repeating: "é<", count: length / 3) + String(repeating: "x", count: length % 3)
            let id = String(repeating: "i", count: length)
            var s = SVGWriter(capacity: 0)
            s.add("<a id=\"\(id)\" n=\"\(length)\" x=\"\(Double(length) / 3)\">\(xml: label)</a>")
            s.add("\(xml: label)")
            s.add(raw: id)
            let text = "<a id=\"\(id)\" n=\"\(length)\" x=\"\(SVGText.number(Double(length) / 3))\">\(Escape.xml(label))</a>\(Escape.xml(label))\(id)"
            #expect(s.bytes == Array(text.utf8), "\(length)")
        }
    }

    @Test("a map parses as XML, names itself for screen readers, and escapes hostile labels")
    func accessibleAndEscaped() throws {
        let spec = MapSpec(title: "Map of <North> & \"South\"", place: "North", boundary: square, basemap: [],
                           marks: [.init(id: "x", coordinate: .init(latitude: 42.05, longitude: -83.15), category: "a",
                                         label: "</title><script>alert(1)</script>", url: "observations/x/index.html?a=1&b=2")],
                           categories: [.init(key: "a", label: "A&B", color: "#d55e00")], groupLink: "#", attribution: "© test")
        let svg = MapRenderer.svg(spec)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains("aria-labelledby=\"map-title map-desc\""))
        #expect(!svg.contains("role=\"img\""), "an image holds no links")
        var empty = spec
        empty.marks = []
        #expect(MapRenderer.svg(empty).contains("role=\"img\" aria-labelledby=\"map-title map-desc\""))
        #expect(svg.contains("<desc id=\"map-desc\">Map of North showing 1 report: A&amp;B 1.</desc>"))
        #expect(!svg.contains("<script"))
        #expect(svg.contains("href=\"observations/x/index.html?a=1&amp;b=2\""))
    }

    @Test("the scale bar shows round numbers of meters and feet")
    func scaleBar() throws {
        let fit = MercatorFit(bounds: try #require(square.bounds), width: 800, minHeight: 300, maxHeight: 900)
        let scale = MapKey.scale(fit)
        // Past a mile, the imperial bar is whole miles.
        #expect(scale.metric == GroundLength(amount: 2, unit: .kilometers) && scale.imperial == GroundLength(amount: 1, unit: .miles),
                "\(scale) at \(fit.metersPerPixel) m/px")
        #expect(abs(scale.metersLength - 2000 / fit.metersPerPixel) < 0.01)
        #expect(abs(scale.feetLength - 1609.344 / fit.metersPerPixel) < 0.01)
        let bar = MapKey.scaleBar(scale, x: 8, bottom: fit.height - 6)
        #expect(bar.svg.contains(">2 km<") && bar.svg.contains(">1 mi<"))
        #expect(!bar.svg.contains("direction"), "left to right, as the drawing is")
        #expect(bar.box.bounds.0 >= 8 && bar.box.bounds.3 <= fit.height - 6 + 1e-9, "inside the map")
    }

    @Test("the scale bar speaks the page's language, its words read right to left where the page does")
    func scaleBarWords() throws {
        let fit = MercatorFit(bounds: try #require(square.bounds), width: 800, minHeight: 300, maxHeight: 900)
        let scale = MapKey.scale(fit)
        var words = MapWords()
        words.length = { "\(Int($0.amount)) \($0.unit == .miles ? "ميل" : "كم")" }
        words.rightToLeft = true
        let bar = MapKey.scaleBar(scale, words: words, x: 8, bottom: fit.height - 6)
        #expect(bar.svg.contains(">2 كم<") && bar.svg.contains(">1 ميل<"))
        #expect(!bar.svg.contains(" mi<") && !bar.svg.contains(" km<"))
        // Its end at x: a right-to-left label starts just past its bar, as a left-to-right one does.
        #expect(bar.svg.components(separatedBy: "<text direction=\"rtl\" text-anchor=\"end\" x=").count == 3)
        let english = MapKey.scaleBar(scale, x: 8, bottom: fit.height - 6)
        #expect(bar.box.hw != english.box.hw, "the box fits the words drawn")
        // A right-to-left page whose words are the units' Latin symbols reads them left to right ("500 m", never "m 500").
        words.length = { $0.english }
        let symbols = MapKey.scaleBar(scale, words: words, x: 8, bottom: fit.height - 6)
        #expect(!symbols.svg.contains("direction") && symbols.svg.contains(">2 km<"))
    }
}

