import Geo

/// A neighborhood's basemap, sorted and projected once for every map drawn of it: the areas, the
/// street lines by class in drawing order, and the named streets, each line with its box (so a
/// zoomed map scales only the lines near its frame).
public final class Ground: Sendable {
    public let shapes: [MapSpec.BasemapShape]
    /// Parks and water, in their order.
    let areas: [MapSpec.BasemapShape]
    /// The box around each of `areas`, in the projection's units (`MercatorFit.unfitted`).
    let areaBoxes: [(low: PlanePoint, high: PlanePoint)]
    /// Street lines by class, smallest first, so larger streets cross over smaller ones.
    let linesByClass: [(MapSpec.StreetClass, [Line])]
    /// Named streets of the minor classes and above, then the rest: labeled in that order.
    let majorNames: [NamedStreet]
    let minorNames: [NamedStreet]

    /// A line in the projection's units (`MercatorFit.unfitted`) and the box around it.
    struct Line {
        let points: [PlanePoint]
        let low: PlanePoint, high: PlanePoint

        init(_ line: [Coordinate]) {
            points = line.map(MercatorFit.unfitted)
            var low = points.first ?? PlanePoint((x: 0, y: 0)), high = low
            for p in points { (low.x, low.y, high.x, high.y) = (min(low.x, p.x), min(low.y, p.y), max(high.x, p.x), max(high.y, p.y)) }
            (self.low, self.high) = (low, high)
        }

        var box: (low: PlanePoint, high: PlanePoint) { (low, high) }
    }

    /// A street's name, its largest class, and its lines in the basemap's order.
    struct NamedStreet {
        var name: String
        var streetClass: MapSpec.StreetClass
        var lines: [Line]
    }

    public init(_ shapes: [MapSpec.BasemapShape]) {
        self.shapes = shapes
        areas = shapes.filter { !$0.areas.isEmpty }
        areaBoxes = areas.map { shape in Line(shape.areas.flatMap(\.outer)).box }
        let streets = shapes.filter { !$0.lines.isEmpty }.sorted { $0.streetClass > $1.streetClass }
        linesByClass = [MapSpec.StreetClass.local, .collector, .minor, .principal, .freeway].map { cls in
            (cls, streets.filter { $0.streetClass == cls }.flatMap { $0.lines.map(Line.init) })
        }
        majorNames = Self.named(shapes.filter { $0.kind == .street && $0.streetClass <= .minor })
        minorNames = Self.named(shapes.filter { $0.kind == .street && $0.streetClass > .minor })
    }

    /// Shapes of one name together, in the order each name first appears.
    static func named(_ shapes: [MapSpec.BasemapShape]) -> [NamedStreet] {
        var streets: [NamedStreet] = []
        var index: [String: Int] = [:]
        for shape in shapes {
            guard let name = shape.name, !name.isEmpty else { continue }
            if let i = index[name] {
                streets[i].streetClass = min(streets[i].streetClass, shape.streetClass)
                streets[i].lines += shape.lines.map(Line.init)
            } else {
                index[name] = streets.count
                streets.append(NamedStreet(name: name, streetClass: shape.streetClass, lines: shape.lines.map(Line.init)))
            }
        }
        return streets
    }
}
