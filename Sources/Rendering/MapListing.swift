import Liquid

/// The reports whose cards the lists under a page's maps showed while it was rendered: the next
/// build takes only their words into the page's input fingerprint (`PageRenderer.inputHash`).
package final class MapListing: @unchecked Sendable {
    /// Used by one thread at a time: the one rendering the page.
    private var listed: Set<String> = []

    package func add(_ reports: [String]) { listed.formUnion(reports) }

    /// The reports, sorted.
    package var reports: [String] { listed.sorted() }

    /// The listing of the page being rendered on this thread, if any.
    @TaskLocal static var current: MapListing?
}

/// A map as templates see it, and the reports the lists under it show (see `MapListing`).
package struct MapFigure: Sendable {
    package var value: Value
    package var listed: [String]
}
