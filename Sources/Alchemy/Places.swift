import Glibc
import Formats
import Geo
import Loading

/// Where a group of reports is, in words.
public struct Place: Sendable, Equatable {
    /// For a sentence: "near Pickford St and Wyoming St", "about 300 m east of Muliett Park", "in Northern Bagley".
    public var phrase: String
    /// For a title: "near Pickford St", "near Muliett Park", "in Northern Bagley".
    public var short: String
    /// The street and park names it uses.
    public var names: [String]
}

/// Says where reports are from the neighborhood's basemap: its named streets (through `StreetIndex`),
/// else its nearest named park, else the reports' own location labels, else the neighborhood's name.
public struct PlaceNamer: Sendable {
    public let streets: StreetIndex
    public let parks: [(name: String, area: Area)]
    public let neighborhood: String
    /// Every named street and park of the basemap.
    public let basemapNames: [String]

    /// Parks farther than this from a group's middle are not used to place it.
    static let parkReach = 500.0
    /// Streets within this distance of a report count for it.
    static let streetReach = 150.0

    public init(_ n: Neighborhood) {
        var lines: [(name: String, line: [Coordinate])] = []
        var parks: [(name: String, area: Area)] = []
        var names: [String] = []
        for feature in n.basemap {
            guard let name = feature.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
            switch feature.kind {
            case .street: for l in feature.lines { lines.append((name, l)) }
            case .park, .water: parks.append((name, Area(polygons: feature.areas)))
            }
            if !names.contains(name) { names.append(name) }
        }
        streets = StreetIndex(lines)
        self.parks = parks
        neighborhood = n.name
        basemapNames = names
    }

    public func place(of reports: [Observation]) -> Place {
        guard !reports.isEmpty else { return Place(phrase: "in \(neighborhood)", short: "in \(neighborhood)", names: []) }
        if !streets.isEmpty {
            var tally: [String: Int] = [:]
            for o in reports {
                for s in streets.nearest(o.coordinate, within: Self.streetReach).prefix(2) { tally[s.name, default: 0] += 1 }
            }
            let top = tally.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(2).map(\.key)
            if top.count == 2 { return Place(phrase: "near \(top[0]) and \(top[1])", short: "near \(top[0])", names: top) }
            if top.count == 1 { return Place(phrase: "along \(top[0])", short: "on \(top[0])", names: top) }
        }
        let middle = Self.middle(reports.map(\.coordinate))
        if let park = parks.map({ (name: $0.name, area: $0.area, meters: $0.area.distance(to: middle)) })
            .min(by: { $0.meters != $1.meters ? $0.meters < $1.meters : $0.name < $1.name }), park.meters <= Self.parkReach {
            if park.meters == 0 { return Place(phrase: "in and around \(park.name)", short: "in \(park.name)", names: [park.name]) }
            let rounded = max(50, Int((park.meters / 50).rounded()) * 50)
            if rounded <= 100 { return Place(phrase: "beside \(park.name)", short: "near \(park.name)", names: [park.name]) }
            let direction = park.area.bounds.map { Self.direction(from: $0.center, to: middle) } ?? ""
            let phrase = direction.isEmpty ? "about \(rounded) m from \(park.name)" : "about \(rounded) m \(direction) of \(park.name)"
            return Place(phrase: phrase, short: "near \(park.name)", names: [park.name])
        }
        var labels: [String: Int] = [:]
        for o in reports { labels[o.location.english(in: neighborhood), default: 0] += 1 }
        if let label = labels.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).first?.key {
            let phrase = Self.phrase(forLabel: label)
            return Place(phrase: phrase, short: phrase, names: [])
        }
        return Place(phrase: "in \(neighborhood)", short: "in \(neighborhood)", names: [])
    }

    /// A location label inside a sentence: "About 200 m north of X" → "about 200 m north of X";
    /// "Northern Bagley" → "in Northern Bagley".
    public static func phrase(forLabel label: String) -> String {
        let lowerable = ["About ", "Near ", "Around ", "Along ", "Beside ", "North ", "South ", "East ", "West ", "Between "]
        for prefix in lowerable where label.hasPrefix(prefix) {
            if prefix == "North " || prefix == "South " || prefix == "East " || prefix == "West " {
                return "in " + label
            }
            return prefix.lowercased() + label.dropFirst(prefix.count)
        }
        let preps = ["near ", "about ", "around ", "along ", "at ", "on ", "in ", "beside ", "between "]
        if preps.contains(where: label.hasPrefix) { return label }
        return "in " + label
    }

    static func middle(_ points: [Coordinate]) -> Coordinate {
        let n = Double(max(points.count, 1))
        return Coordinate(latitude: points.reduce(0) { $0 + $1.latitude } / n, longitude: points.reduce(0) { $0 + $1.longitude } / n)
    }

    /// One of the eight compass words, from `a` toward `b`.
    static func direction(from a: Coordinate, to b: Coordinate) -> String {
        let dx = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180), dy = b.latitude - a.latitude
        guard dx != 0 || dy != 0 else { return "" }
        let angle = atan2(dx, dy) * 180 / .pi  // 0 = north, clockwise
        let words = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let index = Int(((angle + 360 + 22.5).truncatingRemainder(dividingBy: 360)) / 45) % 8
        return words[index]
    }
}
