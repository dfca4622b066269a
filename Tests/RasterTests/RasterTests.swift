import Dispatch
@testable import Raster
import Testing

@Suite("SVG drawn as PNG by librsvg and cairo")
struct RasterTests {
    @Test("librsvg is loaded when a picture is first drawn; a missing library is one clear failure")
    func loading() {
        #expect(SVGRaster.unavailable() == nil)
        guard case .failure(let failure) = RasterLibrary.load("libcommonsight-no-such-library.so.9") else {
            Issue.record("a missing library loaded")
            return
        }
        #expect(failure.message.contains("librsvg could not be loaded"))
        #expect(failure.message.contains("install librsvg2-2, or build with --no-share-cards"))
    }

    static let card = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
        <rect width="1200" height="630" fill="#0b5d5b"/><rect x="40" y="40" width="1120" height="550" rx="24" fill="#fbfaf7"/>
        <text x="90" y="200" font-family="sans-serif" font-size="62" font-weight="700" fill="#1d2327">Speeding on Pickford St</text>
        <rect x="40" y="560" width="560" height="30" fill="#d55e00"/><rect x="600" y="560" width="560" height="30" fill="#0072b2"/>
        </svg>
        """

    /// The chunks of a PNG file: type and data, in order.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let length = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
            guard i + 12 + length <= png.count else { break }
            out.append((type, Array(png[i + 8..<i + 8 + length])))
            i += 12 + length
        }
        return out
    }

    static func bigEndian(_ b: ArraySlice<UInt8>) -> Int { b.reduce(0) { $0 << 8 | Int($1) } }

    @Test("the PNG is 1200 × 630 8-bit RGB, as its IHDR chunk says")
    func size() throws {
        let png = try SVGRaster.png(Self.card, width: 1200, height: 630)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = Self.chunks(png)
        let header = try #require(chunks.first)
        #expect(header.type == "IHDR")
        #expect(Self.bigEndian(header.data[0..<4]) == 1200 && Self.bigEndian(header.data[4..<8]) == 630)
        #expect(header.data[8] == 8 && header.data[9] == 2, "bit depth 8, color type 2 (RGB, no alpha)")
        #expect(chunks.last?.type == "IEND")
    }

    @Test("the PNG holds no time stamp or text, so the same SVG gives the same bytes")
    func deterministic() throws {
        let first = try SVGRaster.png(Self.card, width: 1200, height: 630)
        let second = try SVGRaster.png(Self.card, width: 1200, height: 630)
        #expect(first == second)
        let types = Set(Self.chunks(first).map(\.type))
        #expect(types.isDisjoint(with: ["tIME", "tEXt", "zTXt", "iTXt", "eXIf"]), "chunks: \(types.sorted())")
    }

    @Test("pictures drawn on many threads at once are the same as one drawn alone")
    func threads() throws {
        let alone = try SVGRaster.png(Self.card, width: 1200, height: 630)
        let results = Locked([[UInt8]?](repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let png = try? SVGRaster.png(Self.card, width: 1200, height: 630)
            results.set(i, png)
        }
        #expect(results.all.allSatisfy { $0 == alone })
    }

    @Test("nothing of an earlier picture shows in the next, of the same size or another")
    func noPixelLeftOver() throws {
        let dark = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\"><rect width=\"1200\" height=\"630\" fill=\"#102030\"/></svg>"
        let empty = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\"></svg>"
        let fresh = try SVGRaster.png(empty, width: 1200, height: 630)
        for (width, height) in [(1200, 630), (640, 320), (1199, 631), (7, 3)] {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in _ = try? SVGRaster.png(dark, width: 1200, height: 630) }
            let pixels = try SVGRaster.pixels(empty, width: width, height: height)
            #expect(pixels.count == width * height && pixels.allSatisfy { $0 == 0xFFFFFF }, "\(width) × \(height)")
        }
        _ = try SVGRaster.png(dark, width: 1200, height: 630)
        #expect(try SVGRaster.png(empty, width: 1200, height: 630) == fresh)
    }

    @Test("the picture is not blank: its colors and its text are drawn")
    func notBlank() throws {
        let pixels = try SVGRaster.pixels(Self.card, width: 1200, height: 630)
        #expect(pixels.count == 1200 * 630)
        #expect(Set(pixels).count > 40, "anti-aliased text makes many shades")
        #expect(pixels[10 * 1200 + 10] == 0x0B5D5B, "the frame")
        #expect(pixels[575 * 1200 + 100] == 0xD55E00 && pixels[575 * 1200 + 1100] == 0x0072B2, "the category stripe")
        let titleRow = (150..<210).flatMap { y in (90..<700).map { pixels[y * 1200 + $0] } }
        #expect(titleRow.filter { $0 == 0x1D2327 }.count > 1000, "the title's glyphs")
    }

    @Test("an SVG that is not SVG is an error, not a crash")
    func malformed() {
        #expect(throws: SVGRaster.Failure.self) { try SVGRaster.png("<svg", width: 100, height: 100) }
        #expect(throws: SVGRaster.Failure.self) { try SVGRaster.png("not svg at all", width: 100, height: 100) }
    }

    @Test("a size of zero or beyond 4096 pixels is refused")
    func sizes() {
        #expect(throws: SVGRaster.Failure.self) { try SVGRaster.png(Self.card, width: 0, height: 630) }
        #expect(throws: SVGRaster.Failure.self) { try SVGRaster.png(Self.card, width: 1200, height: 5000) }
    }
}

/// Results written from many threads.
final class Locked<T>: @unchecked Sendable {
    private var items: [T]
    private let lock = NSLockLike()
    init(_ items: [T]) { self.items = items }
    func set(_ i: Int, _ value: T) { lock.run { items[i] = value } }
    var all: [T] { lock.run { items } }
}

/// A mutex from Dispatch, so the test needs no Foundation.
final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func run<R>(_ body: () -> R) -> R {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
