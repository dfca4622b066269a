/// The room on a printed flyer, in CSS px at print size (Letter or A4 with 0.45 in margins): what
/// the title and text take, and so how much is left for the map, which fills the rest. Estimates
/// from character counts, erring toward less text so nothing is cut off.
package struct FlyerSpace {
    /// The sheet's height in print (9.9 in).
    package static let sheet = 950.0
    /// The left column's width, where text and map go.
    package static let columnWidth = 490.0
    /// A body line at 12.5 pt with line height 1.4.
    package static let line = 23.3
    /// Characters of body text in a column line (DejaVu Sans, the widest usual font).
    package static let charactersPerLine = 50
    /// Under the map: its legend and credit.
    package static let mapKey = 64.0
    /// The least and most a map is drawn.
    package static let minimumMap = 200.0
    package static let maximumMap = 620.0

    /// Height left for the body under a title (30 pt bold, about 26 characters a line; a title of
    /// more than 60 characters is set at 22 pt, about 36 a line, and cut at 140).
    package static func body(title: String) -> Double {
        let count = min(title.count, 140)
        let long = count > 60
        let titleLines = Double(max(1, (count + (long ? 35 : 25)) / (long ? 36 : 26)))
        let header = 44 + (long ? 31 : 42) * titleLines, footer = 26.0, gap = 12.0
        return sheet - header - footer - gap
    }

    /// The height a map of a neighborhood `shape` (its height over its width) is given before the
    /// text takes the rest: the whole column's width in that shape, but at most half the body.
    package static func preferredMap(title: String, shape: Double) -> Double {
        min(max(columnWidth * shape, minimumMap), maximumMap, max(body(title: title) / 2, minimumMap))
    }

    /// Lines of narrative that fit while leaving the map `map` px (its least height by default).
    package static func narrativeLines(title: String, reserved: Double, map: Double = minimumMap) -> Int {
        max(6, Int((body(title: title) - reserved - map - mapKey) / line))
    }

    /// The map's height once `text` px of the column are used.
    package static func mapHeight(title: String, text: Double) -> Double {
        min(max(body(title: title) - text - mapKey - 8, minimumMap), maximumMap)
    }

    /// Printed lines a Markdown block takes on the flyer, with the space after it.
    package static func lines(_ block: String) -> Int {
        if block.hasPrefix("|") { return block.split(separator: "\n").count }
        if block.hasPrefix("#") { return 3 }
        let text = Excerpt.of(block, limit: 100_000).count
        return (text + charactersPerLine - 1) / charactersPerLine + 1
    }
}
