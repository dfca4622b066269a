import Testing
@testable import Geo
@testable import Maps

@Suite("Pieces shared among a neighborhood's maps")
struct MapPiecesTests {
    /// Maps at many places, sizes and scales, in the words of two languages.
    func specs() -> [MapSpec] {
        let base = MapsTests().sampleSpec(marks: 12)
        var specs: [MapSpec] = []
        for i in 0..<300 {
            var spec = base
            spec.marks = Array(base.marks.prefix(1 + i % 12))
            spec.zoomToMarks = i % 2 == 0
            spec.width = [560, 640, 800, 333][i % 4]
            spec.narrowWidth = i % 3 == 0 ? nil : 320
            spec.minimumSpan = Double(300 + (i * 97) % 4_000)
            spec.words.north = i % 5 == 0 ? "N <&>" : "N"
            specs.append(spec)
        }
        return specs
    }

    @Test("a map drawn with pieces kept from hundreds of other maps is byte for byte the map drawn alone")
    func sameAsDrawnAlone() {
        let shared = MapPieces()
        for var spec in specs() {
            let alone = MapRenderer.draw(spec)
            spec.pieces = shared
            let withShared = MapRenderer.draw(spec)
            #expect(withShared.svg == alone.svg)
            #expect(withShared.narrow?.svg == alone.narrow?.svg)
        }
    }
}
