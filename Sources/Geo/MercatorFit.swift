import Glibc

/// Web Mercator fitted to a box of the map: a position's pixel on a `width` × `height` drawing,
/// with `margin` (a share of each side) kept free around the fitted bounds.
public struct MercatorFit: Sendable {
    public let width: Double
    public let height: Double
    let scale: Double
    let offsetX: Double
    let offsetY: Double
    public let bounds: Bounds

    /// Fits `bounds` into a drawing `width` wide; the height follows the bounds' shape, clamped.
    public init(bounds: Bounds, width: Double, minHeight: Double, maxHeight: Double, margin: Double = 0.06) {
        self.bounds = bounds
        let x0 = Self.x(bounds.minLongitude), x1 = Self.x(bounds.maxLongitude)
        let y0 = Self.y(bounds.minLatitude), y1 = Self.y(bounds.maxLatitude)
        let spanX = max(x1 - x0, 1e-9), spanY = max(y1 - y0, 1e-9)
        let usableWidth = width * (1 - 2 * margin)
        var h = usableWidth * spanY / spanX / (1 - 2 * margin)
        h = min(max(h, minHeight), maxHeight)
        let usableHeight = h * (1 - 2 * margin)
        scale = min(usableWidth / spanX, usableHeight / spanY)
        self.width = width
        self.height = h
        offsetX = (width - spanX * scale) / 2 - x0 * scale
        offsetY = (h - spanY * scale) / 2 + y1 * scale
    }

    private init(width: Double, height: Double, scale: Double, offsetX: Double, offsetY: Double, bounds: Bounds) {
        (self.width, self.height, self.scale, self.offsetX, self.offsetY, self.bounds) = (width, height, scale, offsetX, offsetY, bounds)
    }

    /// `bounds` at `other`'s scale, with `padX` and `padY` pixels around them, its size whole pixels:
    /// one picture that every window of that scale near `bounds` is a part of.
    public init(bounds: Bounds, scaleOf other: MercatorFit, padX: Double, padY: Double) {
        let x0 = Self.x(bounds.minLongitude), x1 = Self.x(bounds.maxLongitude)
        let y0 = Self.y(bounds.minLatitude), y1 = Self.y(bounds.maxLatitude)
        let scale = other.scale
        let width = ((x1 - x0) * scale + 2 * padX).rounded(.up), height = ((y1 - y0) * scale + 2 * padY).rounded(.up)
        self.init(width: width, height: height, scale: scale, offsetX: padX - x0 * scale, offsetY: padY + y1 * scale, bounds: bounds)
    }

    /// The part `width` × `height` of this drawing whose top left corner is its pixel (`x`, `y`):
    /// the same projection and scale, moved; its bounds are the window's own.
    public func window(x: Double, y: Double, width: Double, height: Double) -> MercatorFit {
        let moved = MercatorFit(width: width, height: height, scale: scale, offsetX: offsetX - x, offsetY: offsetY - y, bounds: bounds)
        let corners = [moved.coordinate(x: 0, y: height), moved.coordinate(x: width, y: 0)]
        return MercatorFit(width: width, height: height, scale: scale, offsetX: offsetX - x, offsetY: offsetY - y,
                           bounds: Bounds(enclosing: corners) ?? bounds)
    }

    /// Where this fit puts things, exactly: two fits of one placement draw the same lines alike.
    public var placement: Placement {
        Placement(width: width.bitPattern, height: height.bitPattern, scale: scale.bitPattern,
                  offsetX: offsetX.bitPattern, offsetY: offsetY.bitPattern)
    }

    /// A fit's size, scale and offsets, bit for bit.
    public struct Placement: Hashable, Sendable {
        let width, height, scale, offsetX, offsetY: UInt64
    }

    /// Pixels per unit of the projection: how close the drawing is (twice as close, twice as many).
    public var closeness: Double { scale }

    /// A drawing `width` × `height` centered where this one is, `factor` times as close.
    public func closer(by factor: Double, width: Double, height: Double) -> MercatorFit {
        let mx = (self.width / 2 - offsetX) / scale, my = (offsetY - self.height / 2) / scale
        let s = scale * factor
        let moved = MercatorFit(width: width, height: height, scale: s, offsetX: width / 2 - mx * s, offsetY: height / 2 + my * s, bounds: bounds)
        let corners = [moved.coordinate(x: 0, y: height), moved.coordinate(x: width, y: 0)]
        return MercatorFit(width: width, height: height, scale: s, offsetX: moved.offsetX, offsetY: moved.offsetY,
                           bounds: Bounds(enclosing: corners) ?? bounds)
    }

    /// The position at a pixel: the inverse of `point(_:)`.
    public func coordinate(x: Double, y: Double) -> Coordinate {
        let mx = (x - offsetX) / scale, my = (offsetY - y) / scale
        return Coordinate(latitude: atan(sinh(my)) * 180 / .pi, longitude: mx * 180 / .pi)
    }

    /// Mercator x of a longitude, in radians.
    static func x(_ lon: Double) -> Double { lon * .pi / 180 }

    /// Mercator y of a latitude (clamped to the projection's ±85.05°).
    static func y(_ lat: Double) -> Double {
        let phi = min(max(lat, -85.05112878), 85.05112878) * .pi / 180
        return log(tan(.pi / 4 + phi / 2))
    }

    /// The pixel of a position: x to the right, y down.
    public func point(_ c: Coordinate) -> (x: Double, y: Double) {
        (Self.x(c.longitude) * scale + offsetX, offsetY - Self.y(c.latitude) * scale)
    }

    /// A position in the projection's own units, before any fit: the same for every map, so a
    /// basemap is projected once and each map only scales it (`point(unfitted:)`).
    public static func unfitted(_ c: Coordinate) -> PlanePoint { PlanePoint(x: x(c.longitude), y: y(c.latitude)) }

    /// The pixel of a position in the projection's units: the same numbers as `point(_:)`.
    public func point(unfitted p: PlanePoint) -> PlanePoint { PlanePoint(x: p.x * scale + offsetX, y: offsetY - p.y * scale) }

    /// The pixel here of a pixel of `other`, a fit of the same projection at another size.
    public func transfer(_ p: (x: Double, y: Double), from other: MercatorFit) -> (x: Double, y: Double) {
        ((p.x - other.offsetX) / other.scale * scale + offsetX, offsetY - (other.offsetY - p.y) / other.scale * scale)
    }

    /// Meters on the ground per pixel at the middle of the map.
    public var metersPerPixel: Double {
        let mid = bounds.center
        let left = Coordinate(latitude: mid.latitude, longitude: mid.longitude - 0.01)
        let right = Coordinate(latitude: mid.latitude, longitude: mid.longitude + 0.01)
        let pixels = (Self.x(right.longitude) - Self.x(left.longitude)) * scale
        return left.distance(to: right) / pixels
    }
}
