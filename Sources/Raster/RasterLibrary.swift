#if canImport(Glibc)
import Glibc
#endif

/// librsvg and cairo, loaded with `dlopen` when the first picture is drawn rather than when the
/// program starts: with their 50 shared libraries linked, every command (a rebuild with nothing
/// to do, `--version`) took 10 ms longer to start, and most builds draw no picture.
///
/// Only the calls `SVGRaster` makes are looked up, each with the C signature of librsvg 2.52+ and
/// cairo 1.16+; cairo and GLib come with librsvg (they are its dependencies).
struct RasterLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer
    typealias Surface = OpaquePointer
    typealias Context = OpaquePointer
    /// `GError *`: read only through `message(of:)`.
    typealias ErrorPointer = UnsafeMutableRawPointer

    /// `CAIRO_FORMAT_RGB24` and `CAIRO_STATUS_SUCCESS` of cairo.h.
    static let formatRGB24: Int32 = 1
    static let success: Int32 = 0

    let newFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<ErrorPointer?>?) -> Handle?
    let renderDocument: @convention(c) (Handle, Context, UnsafeRawPointer, UnsafeMutablePointer<ErrorPointer?>?) -> Int32
    let objectUnref: @convention(c) (UnsafeMutableRawPointer) -> Void
    let errorFree: @convention(c) (ErrorPointer) -> Void
    let imageSurfaceCreateForData: @convention(c) (UnsafeMutablePointer<UInt8>, Int32, Int32, Int32, Int32) -> Surface?
    let formatStrideForWidth: @convention(c) (Int32, Int32) -> Int32
    let surfaceDestroy: @convention(c) (Surface) -> Void
    let surfaceStatus: @convention(c) (Surface) -> Int32
    let surfaceFlush: @convention(c) (Surface) -> Void
    let imageSurfaceData: @convention(c) (Surface) -> UnsafeMutablePointer<UInt8>?
    let imageSurfaceStride: @convention(c) (Surface) -> Int32
    let create: @convention(c) (Surface) -> Context?
    let destroy: @convention(c) (Context) -> Void
    let setSourceRGB: @convention(c) (Context, Double, Double, Double) -> Void
    let paint: @convention(c) (Context) -> Void
    let status: @convention(c) (Context) -> Int32
    let statusText: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// Loaded once, on first use; why not, when it cannot be.
    static let shared: Result<RasterLibrary, SVGRaster.Failure> = load()

    static func load(_ name: String = "librsvg-2.so.2") -> Result<RasterLibrary, SVGRaster.Failure> {
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(SVGRaster.Failure(message: "librsvg could not be loaded (\(reason)); install librsvg2-2, or build with --no-share-cards"))
        }
        var missing: [String] = []
        func f<T>(_ name: String) -> T? {
            guard let p = dlsym(library, name) else { missing.append(name); return nil }
            return unsafeBitCast(p, to: T.self)
        }
        guard let newFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<ErrorPointer?>?) -> Handle? = f("rsvg_handle_new_from_data"),
              let renderDocument: @convention(c) (Handle, Context, UnsafeRawPointer, UnsafeMutablePointer<ErrorPointer?>?) -> Int32 = f("rsvg_handle_render_document"),
              let objectUnref: @convention(c) (UnsafeMutableRawPointer) -> Void = f("g_object_unref"),
              let errorFree: @convention(c) (ErrorPointer) -> Void = f("g_error_free"),
              let imageSurfaceCreateForData: @convention(c) (UnsafeMutablePointer<UInt8>, Int32, Int32, Int32, Int32) -> Surface? = f("cairo_image_surface_create_for_data"),
              let formatStrideForWidth: @convention(c) (Int32, Int32) -> Int32 = f("cairo_format_stride_for_width"),
              let surfaceDestroy: @convention(c) (Surface) -> Void = f("cairo_surface_destroy"),
              let surfaceStatus: @convention(c) (Surface) -> Int32 = f("cairo_surface_status"),
              let surfaceFlush: @convention(c) (Surface) -> Void = f("cairo_surface_flush"),
              let imageSurfaceData: @convention(c) (Surface) -> UnsafeMutablePointer<UInt8>? = f("cairo_image_surface_get_data"),
              let imageSurfaceStride: @convention(c) (Surface) -> Int32 = f("cairo_image_surface_get_stride"),
              let create: @convention(c) (Surface) -> Context? = f("cairo_create"),
              let destroy: @convention(c) (Context) -> Void = f("cairo_destroy"),
              let setSourceRGB: @convention(c) (Context, Double, Double, Double) -> Void = f("cairo_set_source_rgb"),
              let paint: @convention(c) (Context) -> Void = f("cairo_paint"),
              let status: @convention(c) (Context) -> Int32 = f("cairo_status"),
              let statusText: @convention(c) (Int32) -> UnsafePointer<CChar>? = f("cairo_status_to_string") else {
            return .failure(SVGRaster.Failure(message: "librsvg or cairo lacks the function \(missing.last ?? "?")"))
        }
        return .success(RasterLibrary(
            newFromData: newFromData, renderDocument: renderDocument, objectUnref: objectUnref, errorFree: errorFree,
            imageSurfaceCreateForData: imageSurfaceCreateForData,
            formatStrideForWidth: formatStrideForWidth, surfaceDestroy: surfaceDestroy, surfaceStatus: surfaceStatus,
            surfaceFlush: surfaceFlush, imageSurfaceData: imageSurfaceData, imageSurfaceStride: imageSurfaceStride,
            create: create, destroy: destroy, setSourceRGB: setSourceRGB, paint: paint, status: status, statusText: statusText))
    }

    /// A `GError`'s message (after its `domain` and `code`, at offset 8 on 64-bit systems).
    static func message(of error: ErrorPointer) -> String {
        UnsafeRawPointer(error).load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? "unknown error"
    }
}
