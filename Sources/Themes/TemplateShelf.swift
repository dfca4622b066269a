import Diagnostics
import Liquid
import Parallelism

/// The templates of one theme folder, by name: parsed when the theme is loaded, or, for a theme a
/// successful build of this program already parsed whole (see `Theme.load(root:trusted:)`), each
/// when it is first asked for, so that a rebuild parses only the templates of the pages it renders.
final class TemplateShelf: Sendable {
    /// Every template's name, parsed or not.
    let names: Set<String>
    private let sources: [String: (path: String, source: String)]
    private let htmlContext: Bool
    private let parsed: Locked<[String: Template]>
    /// What a template asked for later failed with (a theme parsed whole before cannot: its bytes
    /// and the program are the same).
    let failures = Locked<[Diagnostic]>([])

    /// Templates parsed already.
    init(parsed: [String: Template]) {
        names = Set(parsed.keys)
        sources = [:]
        htmlContext = false
        self.parsed = Locked(parsed)
    }

    /// Templates parsed when first asked for.
    init(sources: [(name: String, path: String, source: String)], htmlContext: Bool) {
        self.sources = Dictionary(sources.map { ($0.name, ($0.path, $0.source)) }) { first, _ in first }
        names = Set(self.sources.keys)
        self.htmlContext = htmlContext
        parsed = Locked([:])
    }

    subscript(_ name: String) -> Template? {
        if let known = parsed.withLock({ $0[name] }) { return known }
        guard let (path, source) = sources[name] else { return nil }
        do throws(LiquidError) {
            let made = try Template(source, path: path, htmlContext: htmlContext)
            // Two threads may parse it at once: both use the one kept first.
            return parsed.withLock { kept in
                if let first = kept[name] { return first }
                kept[name] = made
                return made
            }
        } catch {
            failures.withLock { $0.append(error.diagnostic) }
            return nil
        }
    }
}
