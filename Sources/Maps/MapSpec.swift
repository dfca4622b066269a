import Geo

/// What one map shows: the area, what to draw under it, the observations as marks, and its words.
public struct MapSpec: Sendable {
    public struct Mark: Sendable {
        public var id: String
        public var coordinate: Coordinate
        public var category: String
        /// For a mark's name: "Speeding, near Pickford St and Wyoming St, May 9, 2020".
        public var label: String
        /// Where the mark links, relative to the map's page.
        public var url: String

        public init(id: String, coordinate: Coordinate, category: String, label: String, url: String) {
            (self.id, self.coordinate, self.category, self.label, self.url) = (id, coordinate, category, label, url)
        }
    }

    public struct CategoryStyle: Sendable {
        public var key: String
        public var label: String
        public var color: String

        public init(key: String, label: String, color: String) {
            (self.key, self.label, self.color) = (key, label, color)
        }
    }

    /// A street's importance, from the source's functional class: wider and earlier labelled first.
    public enum StreetClass: Int, Sendable, Comparable {
        case freeway, principal, minor, collector, local

        public init(_ text: String?) {
            switch text {
            case "freeway", "motorway": self = .freeway
            case "principal_arterial", "primary", "trunk": self = .principal
            case "minor_arterial", "secondary": self = .minor
            case "collector", "tertiary": self = .collector
            default: self = .local
            }
        }

        /// The source's class, or, when it has none, one read from the street's name: an interstate,
        /// US or state route ("I-94", "US-12", "M-10") or a freeway by name is a freeway; a
        /// highway or boulevard a minor arterial; any other street local (an avenue may be either).
        public init(_ text: String?, name: String?) {
            if let text, !text.isEmpty {
                self.init(text)
                return
            }
            let words = (name ?? "").split(separator: " ").map(String.init)
            let route = words.contains { w in
                ["I-", "US-", "M-", "SR-"].contains { w.hasPrefix($0) && w.dropFirst($0.count).allSatisfy(\.isNumber) && w.count > $0.count }
            }
            if route || words.contains(where: { ["Fwy", "Freeway", "Expy", "Expressway"].contains($0) }) {
                self = .freeway
            } else if let last = words.last, ["Hwy", "Highway", "Blvd", "Boulevard"].contains(last) {
                self = .minor
            } else {
                self = .local
            }
        }

        public static func < (a: StreetClass, b: StreetClass) -> Bool { a.rawValue < b.rawValue }
    }

    public struct BasemapShape: Sendable {
        public enum Kind: Sendable { case park, water, street }
        public var kind: Kind
        public var name: String?
        public var streetClass: StreetClass
        public let areas: [Polygon]
        public let lines: [[Coordinate]]

        public init(kind: Kind, name: String? = nil, streetClass: StreetClass = .local, areas: [Polygon], lines: [[Coordinate]]) {
            (self.kind, self.name, self.streetClass, self.areas, self.lines) = (kind, name, streetClass, areas, lines)
        }

    }

    /// "Map of Bagley": the `<title>`.
    public var title: String
    /// The neighborhood's name: in the description, and on the map where it fits.
    public var place: String
    public var boundary: Area?
    /// The basemap's shapes; setting them sorts them again (see `Ground`).
    public var basemap: [BasemapShape] {
        get { ground.shapes }
        set { ground = Ground(newValue) }
    }
    /// The basemap sorted for drawing: made once per neighborhood and shared by its maps.
    public var ground: Ground
    public var marks: [Mark]
    /// In legend order; a category's shape follows its place here.
    public var categories: [CategoryStyle]
    /// Where the list of a group's reports is: its anchor is this followed by the group's id
    /// (`#` for the list under the map on the same page, `index.html#` for the home page's; empty: no link).
    public var groupLink: String
    public var attribution: String
    /// Prefix for element ids, so two maps on one page do not clash.
    public var idPrefix: String
    /// The names of places, for groups and the description.
    public var streets: StreetIndex
    public var words: MapWords
    public var width: Double = 800
    public var minHeight: Double = 360
    public var maxHeight: Double = 760
    /// A second drawing for phones this wide, shown instead of the first on narrow screens: names,
    /// marks and the scale keep a size one can read. Both share the groups (made at this size).
    public var narrowWidth: Double?
    /// Fit the map to the marks (with the boundary around them for context) instead of the whole neighborhood.
    public var zoomToMarks = false
    /// Draw the whole neighborhood, never cropped, in the room `width` × `maxHeight` leaves: in its
    /// own shape when it is taller than that room (a printed map).
    public var keepsShape = false
    /// The least ground a zoomed map shows, in meters across.
    public var minimumSpan: Double = 700
    /// Draw the key (legend, what a group is, attribution) inside the SVG: for a map that stands alone.
    public var standalone = false
    /// Street, park and neighborhood names on the map.
    public var showsNames = true
    /// Where pieces drawn alike by many maps are kept (grounds among them): share one among the maps
    /// of one neighborhood, which have its boundary.
    public var pieces = MapPieces()

    public init(title: String, place: String, boundary: Area?, basemap: [BasemapShape], marks: [Mark],
                categories: [CategoryStyle], groupLink: String, attribution: String, idPrefix: String = "map",
                streets: StreetIndex = StreetIndex([]), words: MapWords = MapWords()) {
        self.init(title: title, place: place, boundary: boundary, ground: Ground(basemap), marks: marks, categories: categories,
                  groupLink: groupLink, attribution: attribution, idPrefix: idPrefix, streets: streets, words: words)
    }

    public init(title: String, place: String, boundary: Area?, ground: Ground, marks: [Mark],
                categories: [CategoryStyle], groupLink: String, attribution: String, idPrefix: String = "map",
                streets: StreetIndex = StreetIndex([]), words: MapWords = MapWords()) {
        self.title = title
        self.place = place
        self.boundary = boundary
        self.ground = ground
        self.marks = marks
        self.categories = categories
        self.groupLink = groupLink
        self.attribution = attribution
        self.idPrefix = idPrefix
        self.streets = streets
        self.words = words
    }
}

