import Diagnostics
import Foundation
import Geo
import Loading
import Testing
@testable import Import

@Suite("Places in words")
struct GeocodingTests {
    static let sample: LoadedContent = {
        let (content, _) = ContentLoader.load(root: packageRoot + "/content")
        return content!
    }()

    func map(_ slug: String) -> StreetMap {
        StreetMap(Self.sample.neighborhoods.first { $0.slug == slug }!)
    }

    /// Where two differently named centerlines meet, found from the street data alone: every
    /// crossing of two of their segments (touching ends included), by orientation tests in degrees
    /// with longitude scaled to the latitude.
    static func meetingPoints(_ n: Neighborhood) -> [String: (String, String, [Coordinate])] {
        var lines: [String: [[Coordinate]]] = [:]
        for f in n.basemap where f.kind == .street {
            if let name = f.name { lines[name, default: []] += f.lines }
        }
        let scale = cos(n.boundary!.bounds!.center.latitude * .pi / 180)
        func cross(_ o: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
            let v = (a.longitude - o.longitude) * scale * (b.latitude - o.latitude) - (a.latitude - o.latitude) * (b.longitude - o.longitude) * scale
            return abs(v) < 1e-18 ? 0 : v  // a shared end, up to rounding
        }
        var out: [String: (String, String, [Coordinate])] = [:]
        let names = lines.keys.sorted()
        for (i, a) in names.enumerated() {
            for b in names[(i + 1)...] {
                for la in lines[a]! { for lb in lines[b]! {
                    for (p, q) in zip(la, la.dropFirst()) { for (r, s) in zip(lb, lb.dropFirst()) {
                        let d1 = cross(r, s, p), d2 = cross(r, s, q), d3 = cross(p, q, r), d4 = cross(p, q, s)
                        guard (d1 <= 0) != (d2 <= 0) || d1 == 0 || d2 == 0, (d3 <= 0) != (d4 <= 0) || d3 == 0 || d4 == 0 else { continue }
                        guard d1 != d2 else { continue }
                        let t = d1 / (d1 - d2)
                        let point = Coordinate(latitude: p.latitude + t * (q.latitude - p.latitude), longitude: p.longitude + t * (q.longitude - p.longitude))
                        out[a + "|" + b, default: (a, b, [])].2.append(point)
                    } }
                } }
            }
        }
        return out
    }

    @Test("Street corners in the four sample neighborhoods geocode within 25 m of where their centerlines meet")
    func sampleCorners() {
        var errors: [Double] = []
        for n in Self.sample.neighborhoods {
            let streets = StreetMap(n)
            for (_, (a, b, points)) in Self.meetingPoints(n) where points.contains(where: { n.boundary!.contains($0) }) {
                guard case .point(let found, how: .corner) = streets.locate(.corner(a, b)) else {
                    Issue.record("\(n.slug): \(a) & \(b) not placed")
                    continue
                }
                let error = points.map { $0.distance(to: found) }.min()!
                errors.append(error)
                #expect(error <= 25, "\(n.slug): \(a) & \(b) is \(Int(error)) m from where they meet")
            }
        }
        errors.sort()
        #expect(errors.count >= 200)
        print("geocoded corners: \(errors.count), median \(String(format: "%.2f", errors[errors.count / 2])) m, 90th \(String(format: "%.2f", errors[errors.count * 9 / 10])) m, max \(String(format: "%.2f", errors.last!)) m")
    }

    @Test("Corners written the usual ways find the same point: &, and, corner of, INTERSECTION of, suffixes, directions and case")
    func spellings() {
        let bagley = map("bagley")
        guard case .point(let p, _) = bagley.locate(PlaceWords.parse("Livernois Ave & W McNichols Rd")!) else {
            Issue.record("not placed")
            return
        }
        for words in ["Livernois and McNichols", "corner of livernois avenue and west mcnichols road", "INTERSECTION of LIVERNOIS AVE & W MCNICHOLS RD  Detroit  MI",
                      "at the corner of Livernois & McNichols", "McNichols / Livernois", "esquina de Livernois y McNichols"] {
            guard let q = PlaceWords.parse(words), case .point(let other, how: .corner) = bagley.locate(q) else {
                Issue.record("\(words) not placed")
                continue
            }
            #expect(other.distance(to: p) < 1, "\(words)")
        }
        let corktown = map("corktown")
        guard case .point(let q, how: .corner) = corktown.locate(PlaceWords.parse("corner of 14th & Michigan")!),
              case .point(let r, how: .corner) = corktown.locate(PlaceWords.parse("Fourteenth Street and Michigan Avenue")!) else {
            Issue.record("14th and Michigan not placed")
            return
        }
        #expect(q.distance(to: r) < 1)
    }

    @Test("A park's name, a block and an address on a street are placed inside the neighborhood")
    func parksAndBlocks() {
        let corktown = Self.sample.neighborhoods.first { $0.slug == "corktown" }!
        let streets = StreetMap(corktown)
        guard case .point(let park, how: .park) = streets.locate(PlaceWords.parse("in front of Roosevelt Park")!) else {
            Issue.record("Roosevelt Park not placed")
            return
        }
        #expect(corktown.basemap.contains { $0.name == "Roosevelt Park" && Area(polygons: $0.areas).contains(park) })
        let bagley = Self.sample.neighborhoods.first { $0.slug == "bagley" }!
        for words in ["17300 block of Livernois", "17320 Livernois Ave", "on Livernois"] {
            guard case .point(let p, how: .street) = StreetMap(bagley).locate(PlaceWords.parse(words)!) else {
                Issue.record("\(words) not placed")
                continue
            }
            #expect(bagley.boundary!.contains(p), "\(words)")
            #expect(StreetIndex(bagley.basemap.filter { $0.kind == .street }.flatMap { f in f.lines.map { (f.name ?? "", $0) } }).nearest(p, within: 5).first?.name == "Livernois Ave")
        }
    }

    @Test("An unknown street is an error with 'did you mean'; two streets that do not meet say so")
    func problems() {
        let geocoder = Geocoder(Self.sample.neighborhoods)
        guard case .failure(let unknown) = geocoder.place("Livernios & Thatcher", in: "bagley", hint: nil) else {
            Issue.record("placed")
            return
        }
        #expect(unknown.message == "unknown street 'Livernios' in bagley; did you mean 'Livernois Ave'?")
        guard case .failure(let apart) = geocoder.place("Pickford St & Thatcher St", in: "bagley", hint: nil) else {
            Issue.record("placed")
            return
        }
        #expect(apart.message.hasPrefix("Pickford St and Thatcher St do not meet in bagley; they come no nearer than"))
        guard case .success(let anywhere) = geocoder.place("14th & Michigan", in: nil, hint: nil) else {
            Issue.record("not placed without a neighborhood")
            return
        }
        #expect(anywhere.neighborhood == "corktown")
    }
}
