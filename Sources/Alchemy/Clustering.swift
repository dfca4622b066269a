import Geo

/// DBSCAN over space and time: two reports are neighbors when they are of one category group, lie
/// within `radius` meters of each other and were observed within `window` days of each other. A
/// report with at least `minPoints` neighbors (itself counted) is a core; a cluster is every report
/// reachable from a core through cores. Reports are indexed in cells `radius` wide and, in each
/// cell, by day, so a neighbor query reads nine cells' slices of the time window, never all reports.
enum SpaceTimeClustering {
    struct Point: Sendable {
        var coordinate: Coordinate
        /// Days since 1970 (`CivilDate.daysSinceEpoch`).
        var day: Int
        /// Reports of different groups are never neighbors.
        var group: Int
    }

    struct CellKey: Hashable {
        var x: Int
        var y: Int
        var group: Int
    }

    /// Clusters as lists of indices into `points`, each in ascending order; the clusters in the
    /// order their first core appears. Points that belong to no cluster (noise) are left out.
    static func clusters(_ points: [Point], radius: Double, window: Int, minPoints: Int) -> [[Int]] {
        guard !points.isEmpty, radius > 0 else { return [] }
        let valid = points.filter { $0.coordinate.latitude.isFinite && $0.coordinate.longitude.isFinite }
        guard let reference = valid.first?.coordinate else { return [] }
        // Cells `radius` wide on a local equirectangular projection around the first point.
        let mPerDegLat = Coordinate.metersPerDegree
        let mPerDegLon = max(reference.metersPerDegreeLongitude, 1)
        func cell(_ c: Coordinate) -> (Int, Int) {
            let x = (c.longitude * mPerDegLon / radius).rounded(.down), y = (c.latitude * mPerDegLat / radius).rounded(.down)
            guard x.isFinite, y.isFinite, abs(x) < 1e12, abs(y) < 1e12 else { return (0, 0) }
            return (Int(x), Int(y))
        }
        var cells: [CellKey: [Int]] = [:]
        for (i, p) in points.enumerated() where p.coordinate.latitude.isFinite && p.coordinate.longitude.isFinite {
            let (x, y) = cell(p.coordinate)
            cells[CellKey(x: x, y: y, group: p.group), default: []].append(i)
        }
        for key in Array(cells.keys) { cells[key]?.sort { (points[$0].day, $0) < (points[$1].day, $1) } }

        func neighbors(_ i: Int) -> [Int] {
            let p = points[i]
            guard p.coordinate.latitude.isFinite, p.coordinate.longitude.isFinite else { return [] }
            let (cx, cy) = cell(p.coordinate)
            var out: [Int] = []
            for dx in -1...1 {
                for dy in -1...1 {
                    guard let list = cells[CellKey(x: cx + dx, y: cy + dy, group: p.group)] else { continue }
                    // The first report of the window in this cell's day order.
                    var lo = 0, hi = list.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if points[list[mid]].day < p.day - window { lo = mid + 1 } else { hi = mid }
                    }
                    var k = lo
                    while k < list.count, points[list[k]].day <= p.day + window {
                        let j = list[k]
                        if p.coordinate.distance(to: points[j].coordinate) <= radius { out.append(j) }
                        k += 1
                    }
                }
            }
            return out
        }

        let unvisited = -2, noise = -1
        var label = [Int](repeating: unvisited, count: points.count)
        var clusters: [[Int]] = []
        for i in points.indices where label[i] == unvisited {
            let around = neighbors(i)
            guard around.count >= minPoints else {
                label[i] = noise
                continue
            }
            let id = clusters.count
            var members = [i]
            label[i] = id
            var queue = around.filter { $0 != i }
            var head = 0
            while head < queue.count {
                let j = queue[head]
                head += 1
                if label[j] == noise {  // a border point
                    label[j] = id
                    members.append(j)
                    continue
                }
                guard label[j] == unvisited else { continue }
                label[j] = id
                members.append(j)
                let further = neighbors(j)
                if further.count >= minPoints { queue += further.filter { label[$0] == unvisited || label[$0] == noise } }
            }
            clusters.append(members.sorted())
        }
        return clusters
    }
}
