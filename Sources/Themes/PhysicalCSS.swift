import Escaping

extension Theme {
    /// A stylesheet of the theme's `assets/`, to write inside `<style>` (nil when the theme has none):
    /// in the page's direction, and with nothing in it that can close the element early.
    public func styleElementText(_ name: String, rightToLeft: Bool) -> String? {
        guard let asset = assets.first(where: { $0.path == name }) else { return nil }
        let css = PhysicalCSS.of(String(decoding: asset.bytes, as: UTF8.self), rightToLeft: rightToLeft)
        return ByteSearch.replacingAll("</", with: "<\\/", in: css)
    }
}

/// The theme's stylesheet for a `<style>` element: its logical properties (`margin-inline-start`,
/// `text-align: start`) written as the physical ones of the page's direction, which every checker
/// and old mail reader knows. The stylesheet itself keeps the logical ones.
enum PhysicalCSS {
    static func of(_ css: String, rightToLeft: Bool) -> String {
        let start = rightToLeft ? "right" : "left", end = rightToLeft ? "left" : "right"
        var out = css
        for (logical, physical) in [
            ("inset-inline-start:", start + ":"), ("inset-inline-end:", end + ":"),
            ("border-inline-start-color:", "border-\(start)-color:"), ("border-inline-end-color:", "border-\(end)-color:"),
            ("border-inline-start:", "border-\(start):"), ("border-inline-end:", "border-\(end):"),
            ("margin-inline-start:", "margin-\(start):"), ("margin-inline-end:", "margin-\(end):"),
            ("padding-inline-start:", "padding-\(start):"), ("padding-inline-end:", "padding-\(end):"),
            ("text-align: start", "text-align: \(start)"), ("text-align: end", "text-align: \(end)"),
        ] {
            out = ByteSearch.replacingAll(logical, with: physical, in: out)
        }
        return out
    }
}
