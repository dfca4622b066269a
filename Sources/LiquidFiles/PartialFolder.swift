import Formats
import Foundation
import Liquid
import Parallelism

/// Partials read from a folder (`foo` is `DIR/foo.liquid`), each parsed once.
public final class PartialFolder: Sendable {
    let root: String?
    let shown: String?
    let htmlContext: Bool
    private let cache = Locked<[String: Template]>([:])

    /// - Parameters:
    ///   - root: the folder as the process can open it; nil for no partials at all.
    ///   - shown: the folder as errors name it (as the user wrote it).
    public init(root: String?, shown: String?, htmlContext: Bool) {
        self.root = root
        self.shown = shown
        self.htmlContext = htmlContext
    }

    /// The partial named `name`, or nil when there is none; names cannot leave the folder.
    public func template(_ name: String) throws(LiquidError) -> Template? {
        guard let root, !name.isEmpty, !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }), !name.hasPrefix("/") else { return nil }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        guard let data = FileManager.default.contents(atPath: root + "/" + name + ".liquid") else { return nil }
        guard case .success(let source) = TextFile.decode([UInt8](data), path: name, keepingLineEnds: true) else {
            throw LiquidError(.syntax, "the partial is not valid UTF-8", path: (shown ?? root) + "/" + name + ".liquid")
        }
        let template = try Template(source, path: (shown ?? root) + "/" + name + ".liquid", htmlContext: htmlContext)
        cache.withLock { $0[name] = template }
        return template
    }
}
