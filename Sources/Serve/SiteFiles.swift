import FileSystem
#if canImport(Glibc)
import Glibc
#endif

/// Answers a request from the built site: the file, `index.html` for a folder, the neighborhood's
/// `404.html` for what is missing, and never anything outside the site's folder or any dotfile.
struct SiteFiles {
    let root: String
    /// Added to every HTML page served (never to the built files): the live-reload script.
    let snippet: [UInt8]

    struct Answer: Equatable {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        static func == (a: Answer, b: Answer) -> Bool {
            a.status == b.status && a.body == b.body && a.headers.map { $0.0 + ":" + $0.1 } == b.headers.map { $0.0 + ":" + $0.1 }
        }
    }

    func answer(_ request: HTTPRequest) -> Answer {
        // Dotfiles (the output manifest, an editor's or a tool's files) are never the site's pages.
        if request.parts.contains(where: { $0.hasPrefix(".") }) { return Self.notFound }
        var path = request.parts.joined(separator: "/")
        switch kind(path) {
        case .folder:
            if !request.endsWithSlash && !path.isEmpty {
                let location = "/" + request.parts.map(percentEncoded).joined(separator: "/") + "/"
                return Answer(status: 301, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")], body: Array("moved\n".utf8))
            }
            path += path.isEmpty ? "index.html" : "/index.html"
            if kind(path) == .file { return file(path, status: 200) }
        case .file:
            return file(path, status: 200)
        case .none:
            break
        }
        if let hood = request.parts.first, kind(hood + "/404.html") == .file { return file(hood + "/404.html", status: 404) }
        return Self.notFound
    }

    /// Larger files are not served (a built site's largest, a narration, is a few megabytes).
    static let maxBytes = 1 << 30

    static let notFound = Answer(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("404 not found\n".utf8))

    enum Kind { case file, folder }

    /// What is at `path` inside the root, never following a link (the site has none; a link is not served).
    func kind(_ path: String) -> Kind? {
        var current = root
        let parts = path.split(separator: "/")
        for (i, part) in parts.enumerated() {
            current += "/" + part
            var st = stat()
            guard lstat(current, &st) == 0 else { return nil }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFREG: return i == parts.count - 1 ? .file : nil
            default: return nil
            }
        }
        return .folder
    }

    func file(_ path: String, status: Int) -> Answer {
        guard var body = try? RegularFile.read(root + "/" + path, limit: Self.maxBytes).bytes else { return Self.notFound }
        let type = Self.contentType(path)
        if type.hasPrefix("text/html") { body = inject(body) }
        return Answer(status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: body)
    }

    /// The snippet goes before `</body>`, else at the end.
    func inject(_ html: [UInt8]) -> [UInt8] {
        let close = Array("</body>".utf8)
        var i = html.count - close.count
        while i >= 0 {
            if html[i] == close[0], Array(html[i..<i + close.count]) == close { return Array(html[..<i]) + snippet + Array(html[i...]) }
            i -= 1
        }
        return html + snippet
    }

    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml", "xml": "application/xml; charset=utf-8", "ics": "text/calendar; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "json": "application/json", "geojson": "application/geo+json",
        "csv": "text/csv; charset=utf-8", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "ico": "image/x-icon", "pdf": "application/pdf", "opus": "audio/ogg", "ogg": "audio/ogg",
        "eml": "message/rfc822", "woff2": "font/woff2", "webmanifest": "application/manifest+json",
    ]

    static func contentType(_ path: String) -> String {
        if path.hasSuffix("/feed.xml") || path == "feed.xml" { return "application/atom+xml; charset=utf-8" }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return types[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    func percentEncoded(_ part: String) -> String {
        var out = ""
        for b in part.utf8 {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + String(b >> 4, radix: 16, uppercase: true) + String(b & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
