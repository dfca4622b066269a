import Geo

/// Words for where an observation is, when its content gives none: the nearest streets at the
/// privacy grid ("near Pickford St and Wyoming St"), else the neighborhood ("in Bagley").
public struct Places: Sendable {
    public let streets: StreetIndex
    public let neighborhood: String

    public func describe(_ point: Coordinate) -> String {
        streets.describe(point).map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "In \(neighborhood)"
    }
}
