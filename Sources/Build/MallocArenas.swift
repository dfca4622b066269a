#if canImport(Glibc)
import Glibc
#endif
import Loading

/// glibc gives each thread that allocates at once an arena of its own. A large build (the scale
/// test's 200,000 reports) peaks about 70 MB lower with two arenas shared by all threads, because
/// memory one thread gave back is found again by the other; a smaller build runs about a tenth
/// faster with its own. So the content's size decides, before any thread starts.
enum MallocArenas {
    /// Content (input bytes of all neighborhoods) past which the arenas are shared.
    static let largeContent = 32 * 1024 * 1024

    static func share(forContent root: String) {
        #if canImport(Glibc)
        guard ContentLoader.neighborhoodSizes(root: root).reduce(0, { $0 + $1.size }) > largeContent else { return }
        // `mallopt` is not in Swift's Glibc module; M_ARENA_MAX is -8 in glibc's malloc.h.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") { _ = unsafeBitCast(mallopt, to: Mallopt.self)(-8, 2) }
        #endif
    }
}
