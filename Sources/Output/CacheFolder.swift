import Fingerprint

/// The tool's own folder for one OUT: `$XDG_CACHE_HOME/commonsight/<name>-<hash>/`, else under
/// `~/.cache/`, keyed by OUT's real path. Nothing in it is ever published.
public enum CacheFolder {
    public static func forOutput(_ out: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            base = "/tmp/commonsight-cache"
        }
        let real = Posix.realPath(out)
        let name = real.split(separator: "/").last.map(String.init) ?? "root"
        let safe = String(name.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") ? Character($0) : "_" }.prefix(40))
        return base + "/commonsight/" + safe + "-" + String(Fingerprint(of: real).description.prefix(16))
    }
}
