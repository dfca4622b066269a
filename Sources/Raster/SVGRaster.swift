import Synchronization

/// SVG drawn into pixels by librsvg and cairo, in this process, and written as PNG (`PNGEncoder`);
/// all of their pointers live here.
///
/// The picture fills a `width` × `height` opaque (RGB) surface, painted white first, so the PNG is
/// 8-bit RGB with no alpha channel and no time stamp: the same SVG and fonts give the same bytes.
/// Text is set in whatever fonts fontconfig finds for the SVG's `font-family`.
public enum SVGRaster {
    /// Why a picture could not be drawn: librsvg's or cairo's own words.
    public struct Failure: Error, Sendable, Equatable {
        public let message: String
    }

    /// The largest side drawn: a share card is 1200 × 630.
    public static let maxSide = 4096

    /// Why no picture can be drawn here (librsvg cannot be loaded), or nil: asked once before a
    /// build draws its share cards, so that a missing library is one error, not one per card.
    public static func unavailable() -> String? {
        if case .failure(let failure) = RasterLibrary.shared { return failure.message }
        return nil
    }

    /// The SVG as PNG bytes.
    public static func png(_ svg: String, width: Int, height: Int) throws(Failure) -> [UInt8] {
        try draw(svg, width: width, height: height) { cairo, surface throws(Failure) in
            guard let data = cairo.imageSurfaceData(surface),
                  let png = PNGEncoder.encode(data, width: width, height: height, stride: Int(cairo.imageSurfaceStride(surface))) else {
                throw Failure(message: "libdeflate could not compress the picture")
            }
            return png
        }
    }

    /// The SVG's pixels, row by row, each `0x00RRGGBB`.
    public static func pixels(_ svg: String, width: Int, height: Int) throws(Failure) -> [UInt32] {
        try draw(svg, width: width, height: height) { cairo, surface throws(Failure) in
            guard let data = cairo.imageSurfaceData(surface) else { throw Failure(message: "cairo gave no pixels") }
            let stride = Int(cairo.imageSurfaceStride(surface))
            var out: [UInt32] = []
            out.reserveCapacity(width * height)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width { out.append(row.load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF) }
            }
            return out
        }
    }

    static func draw<T>(_ svg: String, width: Int, height: Int,
                        _ body: (RasterLibrary, RasterLibrary.Surface) throws(Failure) -> T) throws(Failure) -> T {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw Failure(message: "a picture must be 1 to \(maxSide) pixels on each side, not \(width) × \(height)")
        }
        let c = try RasterLibrary.shared.get()
        let bytes = Array(svg.utf8)
        var error: RasterLibrary.ErrorPointer?
        guard let handle = bytes.withUnsafeBufferPointer({ c.newFromData($0.baseAddress, $0.count, &error) }) else {
            throw Failure(message: "librsvg could not read the SVG: " + take(&error, c))
        }
        defer { c.objectUnref(UnsafeMutableRawPointer(handle)) }
        // The pixels go into a buffer kept for the next picture: a share card's 3 MB, allocated
        // and freed for each of hundreds of cards, cost the allocator more than the rest of its memory.
        let stride = c.formatStrideForWidth(RasterLibrary.formatRGB24, Int32(width))
        guard stride > 0 else { throw Failure(message: "cairo has no stride for a picture \(width) pixels wide") }
        var pixels = PixelBuffers.take(count: Int(stride) * height)
        defer { PixelBuffers.give(pixels) }
        return try pixels.withUnsafeMutableBufferPointer { buffer throws(Failure) -> T in
            guard let base = buffer.baseAddress,
                  let surface = c.imageSurfaceCreateForData(base, RasterLibrary.formatRGB24, Int32(width), Int32(height), stride) else {
                throw Failure(message: "cairo could not make a surface")
            }
            defer { c.surfaceDestroy(surface) }
            return try draw(handle, on: surface, width: width, height: height, c, body)
        }
    }

    /// The SVG of `handle` drawn on `surface`, painted white first (so no pixel of an earlier picture
    /// stays), then handed to `body`.
    static func draw<T>(_ handle: RasterLibrary.Handle, on surface: RasterLibrary.Surface, width: Int, height: Int, _ c: RasterLibrary,
                        _ body: (RasterLibrary, RasterLibrary.Surface) throws(Failure) -> T) throws(Failure) -> T {
        var error: RasterLibrary.ErrorPointer?
        guard c.surfaceStatus(surface) == RasterLibrary.success, let cr = c.create(surface) else {
            throw Failure(message: "cairo could not make a surface: " + text(c.surfaceStatus(surface), c))
        }
        defer { c.destroy(cr) }
        c.setSourceRGB(cr, 1, 1, 1)
        c.paint(cr)
        // An `RsvgRectangle`: x, y, width, height.
        let viewport: (Double, Double, Double, Double) = (0, 0, Double(width), Double(height))
        let drawn = withUnsafeBytes(of: viewport) { v in v.baseAddress.map { c.renderDocument(handle, cr, $0, &error) } ?? 0 }
        guard drawn != 0 else {
            throw Failure(message: "librsvg could not draw the SVG: " + take(&error, c))
        }
        guard c.status(cr) == RasterLibrary.success else { throw Failure(message: "cairo could not draw: " + text(c.status(cr), c)) }
        c.surfaceFlush(surface)
        return try body(c, surface)
    }

    /// A GError's message, and the error freed.
    static func take(_ error: inout RasterLibrary.ErrorPointer?, _ c: RasterLibrary) -> String {
        guard let e = error else { return "unknown error" }
        defer {
            c.errorFree(e)
            error = nil
        }
        return RasterLibrary.message(of: e)
    }

    static func text(_ status: Int32, _ c: RasterLibrary) -> String {
        c.statusText(status).map { String(cString: $0) } ?? "status \(status)"
    }
}

/// Pixel buffers kept between pictures, a few at most (one per thread drawing at once).
enum PixelBuffers {
    static let kept = Mutex<[[UInt8]]>([])
    static let most = 4

    /// A buffer of at least `count` bytes (its old pixels are painted over).
    static func take(count: Int) -> [UInt8] {
        let found = kept.withLock { buffers -> [UInt8]? in
            guard let i = buffers.firstIndex(where: { $0.count >= count }) else { return nil }
            return buffers.remove(at: i)
        }
        return found ?? [UInt8](repeating: 0, count: count)
    }

    static func give(_ buffer: [UInt8]) {
        kept.withLock { if $0.count < most { $0.append(buffer) } }
    }
}
