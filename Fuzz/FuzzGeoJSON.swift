import Diagnostics
import Formats
import Geo

/// JSON and GeoJSON: any bytes, as `boundary.geojson` or `observations.geojson`, then the geometry used:
/// point-in-polygon, distances, and every ring and line projected and simplified as a map draws it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let text) = TextFile.decode(bytes, path: "fuzz.geojson") else { return 0 }
    var log = DiagnosticLog()
    guard let node = JSON.parse(text, path: "fuzz.geojson", log: &log) else { return 0 }
    for feature in GeoJSON.features(node, log: &log) {
        switch feature.geometry {
        case .area(let area):
            _ = area.contains(Coordinate(latitude: 42.1, longitude: -83.1))
            _ = area.distance(to: Coordinate(latitude: 42.1, longitude: -83.1))
            guard let bounds = area.bounds else { continue }
            let fit = MercatorFit(bounds: bounds, width: 800, minHeight: 360, maxHeight: 760)
            for polygon in area.polygons {
                _ = Simplification.polygon(outer: polygon.outer.map { PlanePoint(fit.point($0)) },
                                           holes: polygon.holes.map { $0.map { PlanePoint(fit.point($0)) } }, tolerance: 0.5)
            }
        case .lines(let lines):
            guard let bounds = Bounds(enclosing: lines.flatMap { $0 }) else { continue }
            let fit = MercatorFit(bounds: bounds, width: 800, minHeight: 360, maxHeight: 760)
            for line in lines { _ = Simplification.line(line.map { PlanePoint(fit.point($0)) }, tolerance: 0.5) }
        case .point:
            break
        }
    }
    return 0
}
