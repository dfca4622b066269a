import Escaping
import Assembly
import Liquid
import Loading
import Maps
import Markdown
import QRCode

/// What flyers, e-mail digests and share cards need beyond the pages' view models.
extension ViewModels {
    /// A QR code for a page of this neighborhood, when the site has a URL to put in it.
    func qr(_ path: String, size: Int = 160) -> Value {
        guard let root = hood.absoluteRoot, let code = QRCode(root + path) else { return .nil }
        return .safe(code.svg(pixels: size, label: "QR code for \(root + path)"))
    }

    /// The story's narrative cut to fit a printed page: whole blocks while their estimated lines
    /// fit in `lines` (a blank line between blocks), then the first sentences of the next
    /// paragraph when there is room for them; and the lines it takes.
    func flyerNarrative(_ body: String, lines: Int) -> (html: Value, shortened: Bool, lines: Int) {
        let blocks = body.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        var kept: [String] = []
        var used = 0
        var shortened = false
        for block in blocks {
            let cost = FlyerSpace.lines(block)
            if used + cost <= lines {
                kept.append(block)
                used += cost
                continue
            }
            shortened = true
            let room = lines - used - 1
            if room >= 2, !block.hasPrefix("|"), !block.hasPrefix("#") {
                let cut = Excerpt.of(block, limit: room * FlyerSpace.charactersPerLine)
                kept.append(block.hasPrefix(">") ? "> " + cut : cut)
                used += room + 1
            }
            break
        }
        return (.safe(MarkdownRenderer.html(kept.joined(separator: "\n\n"))), shortened, used)
    }
}

/// A story's 1200 × 630 share card: title, a line of the story, the neighborhood, category colors.
enum ShareCard {
    static func svg(title: String, line: String, neighborhood: String, site: String, colors: [String]) -> String {
        func e(_ s: String) -> String { Escape.xml(s) }
        let titleLines = wrap(title, width: 26, maxLines: 3)
        let textLines = wrap(line, width: 58, maxLines: 2)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\" viewBox=\"0 0 1200 630\" role=\"img\" aria-labelledby=\"card-title\">\n"
        s += "<title id=\"card-title\">\(e(title)) — \(e(neighborhood))</title>\n"
        s += "<rect width=\"1200\" height=\"630\" fill=\"#0b5d5b\"/>\n<rect x=\"40\" y=\"40\" width=\"1120\" height=\"550\" rx=\"24\" fill=\"#fbfaf7\"/>\n"
        let stripe = colors.isEmpty ? ["#b35806"] : colors
        let w = 1120.0 / Double(stripe.count)
        for (i, c) in stripe.enumerated() {
            s += "<rect x=\"\(SVGText.number(40 + Double(i) * w))\" y=\"560\" width=\"\(SVGText.number(w))\" height=\"30\" fill=\"\(e(c))\"/>\n"
        }
        s += "<text x=\"90\" y=\"118\" font-family=\"system-ui, sans-serif\" font-size=\"30\" font-weight=\"700\" fill=\"#0b5d5b\">\(e(neighborhood.uppercased()))</text>\n"
        for (i, l) in titleLines.enumerated() {
            s += "<text x=\"90\" y=\"\(200 + i * 72)\" font-family=\"system-ui, sans-serif\" font-size=\"62\" font-weight=\"800\" fill=\"#1d2327\">\(e(l))</text>\n"
        }
        let textTop = 200 + titleLines.count * 72 + 20
        for (i, l) in textLines.enumerated() {
            s += "<text x=\"90\" y=\"\(textTop + i * 40)\" font-family=\"system-ui, sans-serif\" font-size=\"30\" fill=\"#4f5b62\">\(e(l))</text>\n"
        }
        s += "<text x=\"1110\" y=\"530\" font-family=\"system-ui, sans-serif\" font-size=\"24\" fill=\"#4f5b62\" text-anchor=\"end\">\(e(site))</text>\n"
        return s + "</svg>\n"
    }

    /// Words into lines of about `width` characters; the last line ends with "…" when text is left.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        for word in words {
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
                if lines.count == maxLines {
                    lines[maxLines - 1] = String(lines[maxLines - 1].prefix(width - 1)) + "…"
                    return lines
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
