import Testing
@testable import Geo
@testable import Maps

@Suite("Pieces shared among a neighborhood's maps")
struct MapPiecesTests {
    /// Maps at many places, sizes and scales, in the words of two languages.
    func specs() -> [MapSpec] {
        let base = MapsTests().sampleSpec(marks: 12)
        var specs: [MapSpec] = []
        // Maps of one size and scale around one report each, a little north or east of the last:
        // their grounds differ only in where they are (first, while grounds are still kept).
        for k in 0..<12 {
            var spec = base
            let mark = base.marks[0]
            spec.marks = [MapSpec.Mark(id: mark.id, coordinate: Coordinate(latitude: 42.03 + (k < 6 ? 0.004 * Double(k) : 0),
                                                                         longitude: -83.16 + (k < 6 ? 0 : 0.004 * Double(k))),
                                       category: mark.category, label: mark.label, url: mark.url)]
            spec.zoomToMarks = true
            spec.narrowWidth = nil
            specs.append(spec)
        }
        for i in 0..<300 {
            var spec = base
            spec.marks = Array(base.marks.prefix(1 + i % 12))
            spec.zoomToMarks = i % 2 == 0
            spec.width = [560, 640, 800, 333][i % 4]
            spec.narrowWidth = i % 3 == 0 ? nil : 320
            spec.minimumSpan = Double(300 + (i * 97) % 4_000)
            spec.words.north = i % 5 == 0 ? "N <&>" : "N"
            // Printed maps of two heights: grounds drawn at one fit under other marks.
            if i % 3 == 1 {
                spec.keepsShape = true
                spec.narrowWidth = nil
                spec.minHeight = [290, 377][i % 2]
                spec.maxHeight = spec.minHeight
            }
            specs.append(spec)
        }
        return specs
    }

    @Test("a map drawn with pieces and grounds kept from hundreds of other maps is byte for byte the map drawn alone")
    func sameAsDrawnAlone() {
        let shared = MapPieces()
        for var spec in specs() {
            // A copy of a spec shares its pieces: the map alone has its own.
            spec.pieces = MapPieces()
            let alone = MapRenderer.draw(spec)
            spec.pieces = shared
            let withShared = MapRenderer.draw(spec)
            #expect(withShared.svg == alone.svg)
            #expect(withShared.narrow?.svg == alone.narrow?.svg)
        }
    }

    @Test("grounds are kept up to eight and up to their budget of bytes; one over the budget is drawn each time, alike")
    func groundsBounded() throws {
        let shared = MapPieces()
        var sizes: [Int] = []
        for var spec in specs() {
            spec.pieces = shared
            sizes.append(MapRenderer.draw(spec).svg.utf8.count)
        }
        let (count, bytes) = shared.keptGrounds
        #expect(count == MapPieces.groundLimit)
        #expect(bytes > 0 && bytes <= shared.groundBytes)

        // A budget smaller than any ground: none is kept, and every map is drawn as it is alone.
        let small = MapPieces(groundBytes: try #require(sizes.min()) / 4)
        for var spec in specs().prefix(40) {
            spec.pieces = MapPieces()
            let alone = MapRenderer.draw(spec).svg
            spec.pieces = small
            #expect(MapRenderer.draw(spec).svg == alone)
        }
        #expect(small.keptGrounds.count == 0)
    }

    @Test("pieces shared among maps of basemaps made and dropped one after another never give one basemap's ground to another")
    func groundsOfDroppedBasemaps() {
        let shared = MapPieces()
        let base = MapsTests().sampleSpec(marks: 3)
        for lines in 1...60 {
            // A new basemap each time, the last one gone: it may be given the same address.
            var spec = MapSpec(title: base.title, place: base.place, boundary: base.boundary, basemap: MapsTests().grid(lines: lines),
                               marks: base.marks, categories: base.categories, groupLink: base.groupLink, attribution: base.attribution)
            spec.keepsShape = true
            let alone = MapRenderer.draw(spec).svg
            spec.pieces = shared
            #expect(MapRenderer.draw(spec).svg == alone, "a basemap of \(lines) lines")
        }
    }
}
