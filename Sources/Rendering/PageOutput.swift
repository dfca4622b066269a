import Diagnostics

/// A page as rendered: its bytes (or what stopped it), the theme files it used, sorted, and the
/// reports the lists under its map showed, sorted.
package struct PageOutput: Sendable {
    package var bytes: Result<[UInt8], Diagnostic>
    package var templates: [String]
    package var listed: [String]
}
