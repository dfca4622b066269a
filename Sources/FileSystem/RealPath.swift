#if canImport(Glibc)
import Glibc
#endif

/// Paths with every link, `.` and `..` resolved.
public enum RealPath {
    /// The real path of `path`, or nil (with `errno`) when it, or a folder on its way, is missing.
    public static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of `path`, or of its deepest existing ancestor with the rest appended (for a
    /// place about to be made); `path` itself when not even `/` resolves.
    public static func ofDeepest(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        while true {
            if let base = of(head) {
                // The parts that do not exist yet hold no link: `x/..` is where `x` would be made.
                var parts = base.split(separator: "/").map(String.init)
                for part in tail.reversed() {
                    switch part {
                    case "", ".": continue
                    case "..": if !parts.isEmpty { parts.removeLast() }
                    default: parts.append(part)
                    }
                }
                return "/" + parts.joined(separator: "/")
            }
            guard let slash = head.lastIndex(of: "/"), head != "/" else { return path }
            tail.append(String(head[head.index(after: slash)...]))
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
    }

    /// True when the real path `inner` is `outer` or lies inside it.
    public static func isWithin(_ inner: String, _ outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }
}
