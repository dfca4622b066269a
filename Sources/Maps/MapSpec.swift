import Geo

/// What one map shows: the area, what to draw under it, and the observations as marks.
public struct MapSpec: Sendable {
    public struct Mark: Sendable {
        public var id: String
        public var coordinate: Coordinate
        public var category: String
        /// For `<title>`: "Speeding — About 300 m east of Macomb Park — May 9, 2020".
        public var label: String
        /// Where the mark links, relative to the map's page.
        public var url: String

        public init(id: String, coordinate: Coordinate, category: String, label: String, url: String) {
            self.id = id
            self.coordinate = coordinate
            self.category = category
            self.label = label
            self.url = url
        }
    }

    public struct CategoryStyle: Sendable {
        public var key: String
        public var label: String
        public var color: String

        public init(key: String, label: String, color: String) {
            self.key = key
            self.label = label
            self.color = color
        }
    }

    public struct BasemapShape: Sendable {
        public enum Kind: Sendable { case park, water, street }
        public var kind: Kind
        public var areas: [Polygon]
        public var lines: [[Coordinate]]

        public init(kind: Kind, areas: [Polygon], lines: [[Coordinate]]) {
            self.kind = kind
            self.areas = areas
            self.lines = lines
        }
    }

    /// "Map of Bagley": the `<title>`.
    public var title: String
    public var place: String
    public var boundary: Area?
    public var basemap: [BasemapShape]
    public var marks: [Mark]
    /// In legend order; a category's shape follows its place here.
    public var categories: [CategoryStyle]
    /// Where a group of overlapping marks links (the page's list of those observations).
    public var groupURL: String
    public var attribution: String
    /// Prefix for element ids, so two maps on one page do not clash.
    public var idPrefix: String
    public var width: Double = 800

    public init(title: String, place: String, boundary: Area?, basemap: [BasemapShape], marks: [Mark],
                categories: [CategoryStyle], groupURL: String, attribution: String, idPrefix: String = "map") {
        self.title = title
        self.place = place
        self.boundary = boundary
        self.basemap = basemap
        self.marks = marks
        self.categories = categories
        self.groupURL = groupURL
        self.attribution = attribution
        self.idPrefix = idPrefix
    }
}
