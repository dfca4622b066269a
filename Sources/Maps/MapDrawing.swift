/// A drawn map: the SVG, and what a page shows beside it (legend, scale, the reports by place).
public struct MapDrawing: Sendable {
    public struct LegendItem: Sendable {
        public var key: String
        public var label: String
        public var color: String
        public var shape: MarkShape
        public var count: Int
    }

    /// A place on the map: one mark, or a group of reports close together.
    public struct Place: Sendable {
        /// The id of the list item under the map (`map-g3`); a group's circle links to it.
        public var anchor: String
        /// "near Pickford St and Wyoming St".
        public var name: String
        /// "3 reports near Pickford St and Wyoming St: 2 Speeding, 1 Illegal parking".
        public var summary: String
        public var marks: [MapSpec.Mark]
    }

    public struct Scale: Sendable {
        /// The metric bar (500 m) and the imperial one (2,000 ft), and their lengths in the map's pixels.
        /// Their words are the page's (`MapWords.length`), made when the bar is drawn.
        public var metric: GroundLength
        public var metersLength: Double
        public var imperial: GroundLength
        public var feetLength: Double
        /// How long the map's width is on the ground.
        public var metersPerPixel: Double
    }

    /// One drawing of the map at one size.
    public struct Rendition: Sendable {
        public var svg: String
        /// The SVG's own size (its `viewBox`).
        public var width: Double
        public var height: Double
        /// Every name placed on it, and every mark's and the scale bar's box: for checking that nothing overlaps.
        public var labelBoxes: [MapBox]
        public var markBoxes: [MapBox]
    }

    /// The map as drawn for a page (`MapSpec.width` wide).
    public var wide: Rendition
    /// The map for phones, when the spec asks for one.
    public var narrow: Rendition?
    public var svg: String { wide.svg }
    public var width: Double { wide.width }
    public var height: Double { wide.height }
    public var labelBoxes: [MapBox] { wide.labelBoxes }
    public var markBoxes: [MapBox] { wide.markBoxes }
    public var legend: [LegendItem]
    /// The wide drawing's places, in the order of its groups.
    public var places: [Place]
    /// The narrow drawing's places (its groups are made at its own scale); empty without one.
    public var narrowPlaces: [Place]
    /// How close reports are, at most, to share a circle on the wide drawing, in meters (rounded).
    public var groupMeters: Int
    public var hasGroups: Bool
    public var scale: Scale
    /// The words of the SVG's `<desc>`.
    public var description: String
}
