import Fingerprint

/// The theme files one page used while it was rendered: its page template and layout, each partial
/// it included (whatever its name was made of), its language file and any stylesheet written into
/// it. A later build renders the page again only when one of them changed (`Theme.fingerprint(of:)`)
/// or its data did, so that editing a partial re-renders the pages that include it, not the site.
package final class TemplateUse: @unchecked Sendable {
    /// Used by one thread at a time: the one rendering the page.
    private(set) var names: Set<String> = []

    package func add(_ name: String) { names.insert(name) }

    /// The recorder of the page being rendered on this thread, if any.
    @TaskLocal static var current: TemplateUse?

    /// `body`, with every file it uses recorded; the names sorted.
    package static func recording<T>(_ body: () -> T) -> (T, [String]) {
        let use = TemplateUse()
        let result = $current.withValue(use) { body() }
        return (result, use.names.sorted())
    }
}
