import Glibc

/// Snaps points to a grid of cells about `meters` wide, so exact homes never reach the site.
///
/// A point always lands on the center of the same cell: latitude rows are `meters` tall, and each
/// row's longitude step is computed from the row's own latitude, never from the input point.
public struct LocationGrid: Sendable {
    public let meters: Double

    public init(meters: Double) {
        self.meters = meters
    }

    public func snap(_ p: Coordinate) -> Coordinate {
        guard meters > 0 else { return p }
        let latStep = meters / Coordinate.metersPerDegree
        let row = (p.latitude / latStep).rounded(.down)
        let lat = (row + 0.5) * latStep
        let lonStep = meters / (Coordinate.metersPerDegree * max(cos(lat * .pi / 180), 0.01))
        let col = (p.longitude / lonStep).rounded(.down)
        return Coordinate(latitude: min(max(lat, -90), 90), longitude: min(max((col + 0.5) * lonStep, -180), 180))
    }
}
