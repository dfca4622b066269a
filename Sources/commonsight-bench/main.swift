import Foundation
import Geo
import Maps

/// `make bench` part two: how long one map takes to draw and how large it is, for a neighborhood of
/// the sample's size and for 10,000 points, with 1,000 named street lines under them.
let square = Area(polygons: [Polygon(outer: [
    .init(latitude: 42.417, longitude: -83.161), .init(latitude: 42.417, longitude: -83.141),
    .init(latitude: 42.435, longitude: -83.141), .init(latitude: 42.435, longitude: -83.161), .init(latitude: 42.417, longitude: -83.161),
])])
let categories: [MapSpec.CategoryStyle] = (0..<9).map { .init(key: "c\($0)", label: "Category \($0)", color: "#d55e00") }

func spec(points: Int) -> MapSpec {
    var state: UInt64 = 2026
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    let marks = (0..<points).map { i in
        MapSpec.Mark(id: "o\(i)", coordinate: .init(latitude: 42.417 + next() * 0.018, longitude: -83.161 + next() * 0.02),
                     category: "c\(i % 9)", label: "Observation \(i)", url: "observations/o\(i)/index.html")
    }
    // A grid of streets, 1,000 pieces of 50 names: what a busy neighborhood's basemap holds.
    var streets: [MapSpec.BasemapShape] = []
    for i in 0..<1_000 {
        let vertical = i % 2 == 0, k = Double(i / 2 % 25) / 25, t = Double(i / 50) / 20
        let a: Coordinate = vertical ? .init(latitude: 42.417 + t * 0.018, longitude: -83.161 + k * 0.02) : .init(latitude: 42.417 + k * 0.018, longitude: -83.161 + t * 0.02)
        let b: Coordinate = vertical ? .init(latitude: a.latitude + 0.0009, longitude: a.longitude) : .init(latitude: a.latitude, longitude: a.longitude + 0.001)
        streets.append(.init(kind: .street, name: "\(vertical ? "North" : "East") \(i / 2 % 25) St", streetClass: i % 10 == 0 ? .minor : .local, areas: [], lines: [[a, b]]))
    }
    let index = StreetIndex(streets.compactMap { s in s.lines.first.map { (s.name ?? "", $0) } })
    return MapSpec(title: "Map", place: "Bench", boundary: square, basemap: streets, marks: marks, categories: categories,
                   groupLink: "#", attribution: "bench", streets: index)
}

print("| points (and 1,000 street lines) | map size (page's two drawings) | draw time, both drawings (best of 5) |")
print("|---:|---:|---:|")
for points in [51, 107, 1_000, 10_000] {
    var s = spec(points: points)
    s.narrowWidth = 320  // as pages draw it: wide, and narrow for phones
    var best = Double.infinity
    var size = (0, 0)
    for _ in 0..<5 {
        let start = Date()
        let drawing = MapRenderer.draw(s)
        size = (drawing.wide.svg.utf8.count, drawing.narrow?.svg.utf8.count ?? 0)
        best = min(best, Date().timeIntervalSince(start))
    }
    print("| \(points) | \(size.0 / 1024) + \(size.1 / 1024) KiB | \(String(format: "%.1f", best * 1000)) ms |")
}

// A report page's locator map: one point, zoomed to 650 m around it, drawn 2,000 times (each of
// the bench corpus's 20,000 report pages draws one).
var locator = spec(points: 1)
locator.narrowWidth = 320
locator.zoomToMarks = true
locator.width = 560
locator.minHeight = 300
locator.maxHeight = 360
locator.minimumSpan = 650
func timeLocator(_ spec: MapSpec) -> (microseconds: Double, kib: Int) {
    let start = Date()
    var bytes = 0
    for _ in 0..<2_000 { bytes += MapRenderer.draw(spec).wide.svg.utf8.count }
    return (Date().timeIntervalSince(start) / 2_000 * 1_000_000, bytes / 2_000 / 1024)
}
let streeted = timeLocator(locator)
// As pages draw it now: a window of the neighborhood's ground, drawn once (`MapRenderer.locator`).
if let grounds = MapRenderer.locatorGrounds(locator) {
    let start = Date()
    var bytes = 0
    for _ in 0..<2_000 { bytes += MapRenderer.locator(locator, grounds: grounds, href: "g.svg", narrowHref: "p.svg")?.wide.svg.utf8.count ?? 0 }
    let once = Date()
    let picture = MapRenderer.groundPicture(locator, grounds.wide).utf8.count
    print("\nLocator map as a window of the shared ground: \(String(format: "%.0f", once.timeIntervalSince(start) / 2_000 * 1_000_000)) µs each "
          + "(\(bytes / 2_000) bytes wide); the ground, drawn once, \(picture / 1024) KiB")
}
locator.basemap = []
let bare = timeLocator(locator)
print("\nLocator map (one point, both drawings): \(String(format: "%.0f", streeted.microseconds)) µs each with the 1,000 street lines "
      + "(\(streeted.kib) KiB wide), \(String(format: "%.0f", bare.microseconds)) µs without a basemap (as in the bench corpus)")
