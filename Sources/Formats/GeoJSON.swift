import Diagnostics
import Geo

/// GeoJSON (RFC 7946) read from a JSON `Node`: features with geometry and properties, positions kept.
public enum GeoJSON {
    public enum Geometry: Sendable {
        case point(Coordinate)
        case lines([[Coordinate]])
        case area(Area)
    }

    public struct Feature: Sendable {
        public var geometry: Geometry
        /// The feature's `properties` mapping, or nil.
        public var properties: Node?
        public var location: SourceLocation
        /// Where the geometry's coordinates are written.
        public var coordinatesLocation: SourceLocation
    }

    /// Every feature of a FeatureCollection, a single Feature, or a bare geometry.
    public static func features(_ root: Node, log: inout DiagnosticLog) -> [Feature] {
        guard let type = root["type"]?.scalarText else {
            log.error(root.location, "expected a GeoJSON object with a \"type\" (FeatureCollection, Feature or a geometry)")
            return []
        }
        switch type {
        case "FeatureCollection":
            guard let items = root["features"]?.items else {
                log.error(root.location, "a FeatureCollection needs a \"features\" list")
                return []
            }
            return items.compactMap { feature($0, log: &log) }
        case "Feature":
            return feature(root, log: &log).map { [$0] } ?? []
        default:
            guard let g = geometry(root, log: &log) else { return [] }
            return [Feature(geometry: g, properties: nil, location: root.location,
                            coordinatesLocation: root["coordinates"]?.location ?? root.location)]
        }
    }

    static func feature(_ node: Node, log: inout DiagnosticLog) -> Feature? {
        guard node["type"]?.scalarText == "Feature" else {
            log.error(node.location, "expected a GeoJSON Feature (an object with \"type\": \"Feature\")")
            return nil
        }
        guard let g = node["geometry"], !g.isNull else {
            log.error(node.location, "this feature has no geometry")
            return nil
        }
        guard let geometry = geometry(g, log: &log) else { return nil }
        let props = node["properties"].flatMap { $0.isNull ? nil : $0 }
        if let props, props.entries == nil {
            log.error(props.location, "\"properties\" must be an object, found \(props.kindName)")
            return nil
        }
        return Feature(geometry: geometry, properties: props, location: node.location,
                       coordinatesLocation: g["coordinates"]?.location ?? g.location)
    }

    static func geometry(_ node: Node, log: inout DiagnosticLog) -> Geometry? {
        let type = node["type"]?.scalarText ?? ""
        guard let coords = node["coordinates"] else {
            log.error(node.location, "this \(type.isEmpty ? "geometry" : type) has no \"coordinates\"")
            return nil
        }
        var ok = true
        func pos(_ n: Node) -> Coordinate? { position(n, log: &log, ok: &ok) }
        func line(_ n: Node) -> [Coordinate]? {
            guard let items = n.items else { log.error(n.location, "expected a list of positions"); return nil }
            let points = items.compactMap(pos)
            return points.count == items.count ? points : nil
        }
        func polygon(_ n: Node) -> Polygon? {
            guard let rings = n.items, !rings.isEmpty else {
                log.error(n.location, "expected a polygon: a list of rings, the outer ring first"); return nil
            }
            let parsed = rings.compactMap(line)
            guard parsed.count == rings.count else { return nil }
            for (ring, n) in zip(parsed, rings) where ring.count < 4 {
                log.error(n.location, "a polygon ring needs at least 4 positions, found \(ring.count)")
                return nil
            }
            return Polygon(outer: parsed[0], holes: Array(parsed.dropFirst()))
        }
        switch type {
        case "Point":
            return pos(coords).map { .point($0) }
        case "LineString":
            return line(coords).map { .lines([$0]) }
        case "MultiLineString":
            guard let items = coords.items else { log.error(coords.location, "expected a list of lines"); return nil }
            let lines = items.compactMap(line)
            return lines.count == items.count ? .lines(lines) : nil
        case "Polygon":
            return polygon(coords).map { .area(Area(polygons: [$0])) }
        case "MultiPolygon":
            guard let items = coords.items else { log.error(coords.location, "expected a list of polygons"); return nil }
            let polys = items.compactMap(polygon)
            return polys.count == items.count ? .area(Area(polygons: polys)) : nil
        default:
            log.error(node.location, "unsupported geometry type \(quoted(type)); expected Point, LineString, MultiLineString, Polygon or MultiPolygon")
            return nil
        }
    }

    /// `[longitude, latitude]` (a third number, the altitude, is allowed and ignored).
    static func position(_ node: Node, log: inout DiagnosticLog, ok: inout Bool) -> Coordinate? {
        guard let items = node.items, items.count >= 2, items.count <= 3,
              case .number(let lon, _) = items[0].value, case .number(let lat, _) = items[1].value else {
            log.error(node.location, "expected a position [longitude, latitude] of two numbers")
            ok = false
            return nil
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else {
            log.error(node.location, "position [\(items[0].scalarText ?? ""), \(items[1].scalarText ?? "")] is out of range; expected [longitude -180…180, latitude -90…90]")
            ok = false
            return nil
        }
        return c
    }
}
