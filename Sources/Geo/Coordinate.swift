import Glibc

/// A WGS 84 position in decimal degrees.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Meters in a degree of latitude, and in a degree of longitude at the equator: with
    /// `metersPerDegreeLongitude`, a local equirectangular projection, accurate to well under 1% at
    /// neighborhood scale.
    public static let metersPerDegree = 111_320.0

    /// Meters in a degree of longitude at this point's latitude.
    public var metersPerDegreeLongitude: Double { Self.metersPerDegree * cos(latitude * .pi / 180) }

    /// The same point with latitude and longitude exchanged (a common data-entry slip).
    public var swapped: Coordinate { Coordinate(latitude: longitude, longitude: latitude) }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Great-circle distance in meters (haversine, mean Earth radius).
    public func distance(to other: Coordinate) -> Double {
        let r = 6_371_008.8
        let p1 = latitude * .pi / 180, p2 = other.latitude * .pi / 180
        let dp = p2 - p1, dl = (other.longitude - longitude) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

