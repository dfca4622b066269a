import ContentFields
import Diagnostics
import Fingerprint
import Formats
import Geo

/// One shape of a neighborhood's `basemap.geojson`, read once while loading: a named street with its
/// class, a park or water. Maps, the words for places and the redaction's street names all read this.
public struct BasemapFeature: Sendable {
    public enum Kind: String, Sendable { case park, water, street }
    public var kind: Kind
    public var name: String?
    public var areas: [Polygon]
    public var lines: [[Coordinate]]
    /// A street's functional class as the source names it (`principal_arterial`, `local`, ...).
    public var roadClass: String?

    public init(kind: Kind, name: String?, areas: [Polygon], lines: [[Coordinate]], roadClass: String? = nil) {
        (self.kind, self.name, self.areas, self.lines, self.roadClass) = (kind, name, areas, lines, roadClass)
    }

    /// The typed shapes of a basemap's features; a kind it does not know is a warning at its place,
    /// and that shape is left off the maps (never drawn as something else).
    static func read(_ features: [GeoJSON.Feature], log: inout DiagnosticLog) -> [BasemapFeature] {
        features.compactMap { f in
            let kindNode = f.properties?["kind"] ?? f.properties?["leisure"]
            let kindText = kindNode?.scalarText ?? ""
            let name = f.properties?["name"]?.scalarText.map(TextCleaning.clean)
            switch f.geometry {
            case .area(let area):
                switch kindText {
                case "water": return BasemapFeature(kind: .water, name: name, areas: area.polygons, lines: [])
                case "park", "": return BasemapFeature(kind: .park, name: name, areas: area.polygons, lines: [])
                default:
                    log.warning(kindNode?.location ?? f.location, "basemap kind \(quoted(kindText)) is not one the maps draw; expected 'park' or 'water' for an area (or 'street' for a line); this shape is left off the maps")
                    return nil
                }
            case .lines(let lines):
                guard kindText.isEmpty || kindText == "street" else {
                    log.warning(kindNode?.location ?? f.location, "basemap kind \(quoted(kindText)) is not one the maps draw; expected 'street' for a line (or 'park' or 'water' for an area); this line is left off the maps")
                    return nil
                }
                return BasemapFeature(kind: .street, name: name, areas: [], lines: lines,
                                      roadClass: f.properties?["class"]?.scalarText ?? f.properties?["highway"]?.scalarText)
            case .point:
                log.warning(f.location, "a point in the basemap is not drawn; the basemap holds streets (lines), parks and water (areas)")
                return nil
            }
        }
    }
}

/// Shapes in a fingerprint, each list with its count first, so that two different geometries (a
/// hole or an island, a line split at another point) never give the same bytes.
public enum ShapeFingerprint {
    public static func add(_ features: [BasemapFeature], to h: inout FingerprintBuilder) {
        h.add(features.count)
        for f in features {
            h.add(f.kind.rawValue)
            h.add(f.name ?? "")
            h.add(f.roadClass ?? "")
            add(f.areas, to: &h)
            add(lines: f.lines, to: &h)
        }
    }

    public static func add(_ polygons: [Polygon], to h: inout FingerprintBuilder) {
        h.add(polygons.count)
        for polygon in polygons {
            add(lines: [polygon.outer] + polygon.holes, to: &h)
        }
    }

    public static func add(lines: [[Coordinate]], to h: inout FingerprintBuilder) {
        h.add(lines.count)
        for line in lines {
            h.add(line.count)
            for p in line {
                h.add(p.latitude.bitPattern)
                h.add(p.longitude.bitPattern)
            }
        }
    }
}
