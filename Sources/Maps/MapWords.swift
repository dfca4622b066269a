/// The words a map uses, given by the caller (in the page's language).
public struct MapWords: Sendable {
    /// "3 reports".
    public var reports: @Sendable (Int) -> String = { "\($0) report\($0 == 1 ? "" : "s")" }
    /// "Map of Bagley showing 51 reports".
    public var showing: @Sendable (String, String) -> String = { "Map of \($0) showing \($1)" }
    /// "Map of Bagley with no reports to show."
    public var empty: @Sendable (String) -> String = { "Map of \($0) with no reports to show." }
    /// "The most are near Pickford St and Wyoming St (12)."
    public var busiest: @Sendable (String, Int) -> String = { "The most are \($0) (\($1))." }
    /// "Reports close together are drawn as 4 circles with their number."
    public var grouped: @Sendable (Int) -> String = { "Reports close together are drawn as \($0) circle\($0 == 1 ? "" : "s") with their number." }
    /// A place with no street name in reach.
    public var somewhere: @Sendable (String) -> String = { "in \($0)" }
    /// What a group's circle is; its argument is how close reports are, at least, to be drawn as one (meters).
    public var groupKey: @Sendable (Int) -> String = { _ in
        "A circle with a number: that many reports close together; the colors around it show their categories"
    }
    public var noReports = "No reports to show on this map."
    public var north = "N"
    /// "near Pickford St and Wyoming St", "near Pickford St": the nearest street and the one crossing it.
    public var near: @Sendable (String, String?) -> String = { a, b in b.map { "near \(a) and \($0)" } ?? "near \(a)" }
    /// "2 Vacant storefronts": how many of a category.
    public var categoryCount: @Sendable (String, Int) -> String = { "\($1) \($0)" }
    /// "3 reports near Pickford St: 2 Vacant storefronts, 1 Property taxes".
    public var placeSummary: @Sendable (String, String, String) -> String = { "\($0) \($1): \($2)" }
    /// Between the items of a list.
    public var separator = ", "
    /// "500 m", "2,000 ft": a scale bar's length.
    public var length: @Sendable (GroundLength) -> String = { $0.english }
    /// A whole number as the page writes it.
    public var number: @Sendable (Int) -> String = { String($0) }
    /// The page reads right to left: the standalone key's text runs from the right.
    public var rightToLeft = false

    public init() {}
}

/// A round length on the ground in one unit, as a scale bar names it (words made by `MapWords.length`).
public struct GroundLength: Sendable, Hashable {
    public enum Unit: String, Sendable {
        case meters, kilometers, feet, miles
    }

    public var amount: Double
    public var unit: Unit

    public init(amount: Double, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// The unit's international symbol: "m", "km", "ft", "mi".
    public var symbol: String {
        switch unit {
        case .meters: "m"
        case .kilometers: "km"
        case .feet: "ft"
        case .miles: "mi"
        }
    }

    /// "2,000 ft", "2.5 km": the words of a map made without a language's.
    public var english: String { MapKey.count(amount) + " " + symbol }
}
