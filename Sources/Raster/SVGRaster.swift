import CRsvg

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

    /// The SVG as PNG bytes.
    public static func png(_ svg: String, width: Int, height: Int) throws(Failure) -> [UInt8] {
        try draw(svg, width: width, height: height) { surface throws(Failure) in
            guard let data = cairo_image_surface_get_data(surface),
                  let png = PNGEncoder.encode(data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface))) else {
                throw Failure(message: "zlib could not compress the picture")
            }
            return png
        }
    }

    /// The SVG's pixels, row by row, each `0x00RRGGBB`.
    public static func pixels(_ svg: String, width: Int, height: Int) throws(Failure) -> [UInt32] {
        try draw(svg, width: width, height: height) { surface throws(Failure) in
            guard let data = cairo_image_surface_get_data(surface) else { throw Failure(message: "cairo gave no pixels") }
            let stride = Int(cairo_image_surface_get_stride(surface))
            var out: [UInt32] = []
            out.reserveCapacity(width * height)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width { out.append(row.load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF) }
            }
            return out
        }
    }

    static func draw<T>(_ svg: String, width: Int, height: Int, _ body: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw Failure(message: "a picture must be 1 to \(maxSide) pixels on each side, not \(width) × \(height)")
        }
        let bytes = Array(svg.utf8)
        var error: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }) else {
            throw Failure(message: "librsvg could not read the SVG: " + take(&error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw Failure(message: "cairo could not make a surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            throw Failure(message: "cairo could not make a surface: " + text(cairo_surface_status(surface)))
        }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw Failure(message: "librsvg could not draw the SVG: " + take(&error))
        }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { throw Failure(message: "cairo could not draw: " + text(cairo_status(cr))) }
        cairo_surface_flush(surface)
        return try body(surface)
    }

    /// A GError's message, and the error freed.
    static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "unknown error" }
        defer {
            g_error_free(e)
            error = nil
        }
        return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    static func text(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}
