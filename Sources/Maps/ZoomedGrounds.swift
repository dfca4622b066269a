import Geo
import Glibc

/// The grounds of a neighborhood's maps that zoom to their reports (a story's, a coalition's, a
/// week's): the neighborhood drawn once per zoom level, each level √2 times as close as the one
/// before, from the whole neighborhood to the closest such a map comes. A map shows a window of the
/// closest level that still holds all it frames, so streets and names are drawn once per level,
/// not once per map.
public struct ZoomedGrounds: Sendable {
    /// The wide drawing's levels, the whole neighborhood first, and the phone drawing's.
    public let wide: [LocatorGround]
    public let narrow: [LocatorGround]
    /// The levels there would be if none were too large to draw.
    let planned: Int
    let wideHeights: (min: Double, max: Double)
    let narrowHeights: (min: Double, max: Double)?

    /// How much closer each level is than the one before.
    static let step = 2.0.squareRoot()
    /// At most this many levels, and no level's picture larger than `largestSide` on a side: the
    /// maps of a very large neighborhood that would need a closer level are drawn whole.
    static let mostLevels = 8
    static let largestSide = 6_000.0
}

extension MapRenderer {
    /// The zoom levels of a neighborhood's maps set as `spec` is (`zoomToMarks`, their sizes; its
    /// marks are not used). Nil without a boundary: then each map is drawn whole.
    public static func zoomedGrounds(_ spec: MapSpec) -> ZoomedGrounds? {
        guard let box = spec.boundary?.bounds, spec.zoomToMarks, !spec.keepsShape else { return nil }
        var whole = spec
        whole.marks = []
        let (wideWhole, narrowWhole) = fits(frame(whole), spec)
        var probe = spec
        probe.marks = [MapSpec.Mark(id: "", coordinate: box.center, category: "", label: "", url: "")]
        let closest = fits(frame(probe), spec).wide
        let ratio = max(closest.closeness / wideWhole.closeness, 1)
        let planned = min(Int((2 * log2(ratio)).rounded(.up)) + 1, ZoomedGrounds.mostLevels)
        func levels(_ first: MercatorFit, tallest: Double) -> [LocatorGround] {
            var out: [LocatorGround] = []
            for k in 0..<planned {
                let reference = first.closer(by: pow(ZoomedGrounds.step, Double(k)), width: first.width, height: tallest)
                let ground = LocatorGround(reference: reference, box: box)
                guard ground.fit.width <= ZoomedGrounds.largestSide, ground.fit.height <= ZoomedGrounds.largestSide else { break }
                out.append(ground)
            }
            return out
        }
        let narrowSize = self.narrowSize(spec)
        return ZoomedGrounds(wide: levels(wideWhole, tallest: spec.maxHeight),
                             narrow: zip(narrowWhole, narrowSize).map { levels($0, tallest: $1.maxHeight) } ?? [],
                             planned: planned, wideHeights: (spec.minHeight, spec.maxHeight),
                             narrowHeights: narrowSize.map { ($0.minHeight, $0.maxHeight) })
    }

    /// The levels a map set as `spec` shows, wide and on phones; nil when it is drawn whole.
    public static func zoomedLevels(_ spec: MapSpec, grounds: ZoomedGrounds) -> (wide: Int, narrow: Int?)? {
        guard !spec.marks.isEmpty else { return nil }
        let frame = frame(spec)
        let (wideFit, narrowFit) = fits(frame, spec)
        guard let wide = zoomedWindow(frame, fit: wideFit, levels: grounds.wide, planned: grounds.planned, heights: grounds.wideHeights) else { return nil }
        guard let narrowFit else { return (wide.level, nil) }
        guard let heights = grounds.narrowHeights,
              let narrow = zoomedWindow(frame, fit: narrowFit, levels: grounds.narrow, planned: grounds.planned, heights: heights) else { return nil }
        return (wide.level, narrow.level)
    }

    /// A map zoomed to its marks, as windows of the zoom levels' pictures (`href` names the file of
    /// a level, wide or for phones, relative to the page); nil when it is drawn whole (`draw`).
    public static func zoomed(_ spec: MapSpec, grounds: ZoomedGrounds, href: (_ level: Int, _ phone: Bool) -> String) -> MapDrawing? {
        guard !spec.marks.isEmpty else { return nil }
        let frame = frame(spec)
        let (wideFit, narrowFit) = fits(frame, spec)
        guard let wide = zoomedWindow(frame, fit: wideFit, levels: grounds.wide, planned: grounds.planned, heights: grounds.wideHeights) else { return nil }
        var narrow: (fit: MercatorFit, ground: LocatorGround, href: String)?
        if let narrowFit {
            guard let heights = grounds.narrowHeights,
                  let n = zoomedWindow(frame, fit: narrowFit, levels: grounds.narrow, planned: grounds.planned, heights: heights) else { return nil }
            narrow = (n.fit, grounds.narrow[n.level], href(n.level, true))
        }
        return windowed(spec, wide: (wide.fit, grounds.wide[wide.level], href(wide.level, false)), narrow: narrow, names: true)
    }

    /// The closest level no closer than `fit` (the map drawn whole, which holds all of `frame`), and
    /// its window around the frame's middle, as tall as the frame needs at that level; nil when the
    /// frame is wider than the neighborhood or that level was too large to draw.
    static func zoomedWindow(_ frame: Bounds, fit: MercatorFit, levels: [LocatorGround], planned: Int,
                             heights: (min: Double, max: Double), margin: Double = 0.04) -> (level: Int, fit: MercatorFit)? {
        guard let first = levels.first else { return nil }
        let exact = 2 * log2(fit.closeness / first.fit.closeness)
        guard exact > -1e-6 else { return nil }
        let level = min(Int((exact + 1e-6).rounded(.down)), planned - 1)
        guard level < levels.count else { return nil }
        let ground = levels[level]
        let top = ground.fit.point(Coordinate(latitude: frame.maxLatitude, longitude: frame.minLongitude))
        let bottom = ground.fit.point(Coordinate(latitude: frame.minLatitude, longitude: frame.minLongitude))
        let height = min(max(((bottom.y - top.y) / (1 - 2 * margin)).rounded(.up), heights.min), heights.max)
        let window = ground.window(around: frame.center, height: height)
        // Reports far outside the neighborhood: the window would reach past the picture.
        guard ground.covers(window) else { return nil }
        return (level, window)
    }
}

/// Both or neither.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
