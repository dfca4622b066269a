import FileSystem

/// Where a build may write: never over the content or the templates, never a folder that
/// holds the home folder, and never `/`.
public enum OutputPlace {
    /// The folders OUT must keep away from; paths as the user named them.
    public struct Protected: Sendable {
        public var content: String
        public var templates: String
        public var home: String?

        public init(content: String, templates: String, home: String?) {
            self.content = content
            self.templates = templates
            self.home = home
        }
    }

    /// Why `out` may not be written, or nil when it may. Symbolic links are resolved first.
    public static func problem(out: String, protected: Protected) -> OutputProblem? {
        let o = RealPath.ofDeepest(out)
        func holds(_ outer: String, _ inner: String) -> Bool {
            outer == inner || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
        }
        if o == "/" { return .forbiddenPlace(out: out, reason: "'/'") }
        for (what, path) in [("content", protected.content), ("templates", protected.templates)] {
            let p = RealPath.ofDeepest(path)
            if holds(o, p) { return .forbiddenPlace(out: out, reason: "the \(what) folder or hold it") }
            if holds(p, o) { return .forbiddenPlace(out: out, reason: "inside the \(what) folder") }
        }
        if let home = protected.home, !home.isEmpty, holds(o, RealPath.ofDeepest(home)) {
            return .forbiddenPlace(out: out, reason: "the home folder or hold it")
        }
        return nil
    }
}
