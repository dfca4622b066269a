import Foundation

/// Finds every `href` and `src` in the HTML under a neighborhood folder and checks that each
/// relative one names a file inside that folder.
enum LinkChecker {
    static func brokenLinks(site root: String, neighborhood: String) -> [String] {
        let folder = URL(fileURLWithPath: root + "/" + neighborhood).standardizedFileURL.path
        var broken: [String] = []
        for page in SiteFixture.files(under: folder) where page.hasSuffix(".html") {
            guard let html = FileManager.default.contents(atPath: folder + "/" + page).map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            let dir = URL(fileURLWithPath: folder + "/" + page).deletingLastPathComponent()
            for link in links(in: html) {
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") || link.hasPrefix("#") { continue }
                let path = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let target = URL(fileURLWithPath: path, relativeTo: dir).standardizedFileURL.path
                if path.isEmpty || path.hasSuffix("/") {
                    broken.append("\(page): \(link) does not name a file")
                } else if !target.hasPrefix(folder + "/") {
                    broken.append("\(page): \(link) leaves the neighborhood folder")
                } else if !FileManager.default.fileExists(atPath: target) {
                    broken.append("\(page): \(link) does not exist")
                }
            }
        }
        return broken
    }

    static func links(in html: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: "(?:href|src)=\"([^\"]*)\"") else { return [] }
        return re.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { m in
            Range(m.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }
}
