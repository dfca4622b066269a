import Diagnostics
import Formats
import Geo

/// JSON and GeoJSON: any bytes, as `boundary.geojson` or `observations.geojson`, then the geometry used.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let text) = TextFile.decode(bytes, path: "fuzz.geojson") else { return 0 }
    var log = DiagnosticLog()
    guard let node = JSON.parse(text, path: "fuzz.geojson", log: &log) else { return 0 }
    for feature in GeoJSON.features(node, log: &log) {
        if case .area(let area) = feature.geometry {
            _ = area.contains(Coordinate(latitude: 42.1, longitude: -83.1))
            _ = area.distance(to: Coordinate(latitude: 42.1, longitude: -83.1))
        }
    }
    return 0
}
