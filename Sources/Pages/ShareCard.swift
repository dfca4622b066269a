import Escaping
import Maps

/// A 1200 × 630 share card, the picture link previews show (Open Graph, Twitter): a line in
/// capitals at the top, a large title, then a sentence or large figures, colored keys and the site's
/// name at the bottom, and a band of category colors along the bottom edge.
///
/// Drawn as SVG from these fields alone; every text is measured with DejaVu Sans' widths and cut to
/// fit (`CardText`). The title, figures and colors stay legible when a preview shows the card at a
/// quarter of its size.
package struct ShareCard: Sendable, Equatable {
    package static let width = 1200
    package static let height = 630

    /// A large number with its word: "12" "reports".
    package struct Figure: Sendable, Equatable {
        var value: Int
        var label: String
        /// The number as the page's language writes it (else grouped with commas).
        var text: String? = nil
    }

    /// A category: its color, its label (with a count when it has one) and its share of the band.
    package struct Key: Sendable, Equatable {
        var color: String
        var label: String
        var weight: Int = 1
    }

    /// The small line at the top, set in capitals.
    package var kicker: String
    package var title: String
    /// Title sizes to try, largest first, and at most how many lines it takes.
    package var titleSizes: [Double] = [64, 56, 48]
    package var titleLines = 3
    /// A sentence or two under the title.
    package var text = ""
    package var textLines = 2
    /// At most three large figures above the keys.
    package var figures: [Figure] = []
    /// Colored keys at the bottom left, as many as fit; each one's weight is its share of the band.
    package var keys: [Key] = []
    /// At the bottom right: the site's name.
    package var footer = ""
    /// What the card shows, in words: the SVG's title and the image's `alt`.
    package var description: String
    /// The card reads right to left: everything drawn from the right edge, text running leftward.
    package var rightToLeft = false

    package static let teal = "#0b5d5b", ink = "#1d2327", muted = "#4f5b62", paper = "#fbfaf7", rule = "#d9dedf"
    package static let font = "font-family=\"'DejaVu Sans', Verdana, sans-serif\""
    package static let left = 90.0, right = 1110.0
    package var room: Double { Self.right - Self.left }

    package var svg: String {
        func e(_ s: String) -> String { Escape.xml(s) }
        let rtl = rightToLeft
        // Right to left, x is measured from the right edge (start and end are the text's own).
        func mx(_ x: Double, _ w: Double = 0) -> Double { rtl ? Double(Self.width) - x - w : x }
        func text(_ x: Double, _ y: Double, _ size: Double, _ color: String, _ content: String, bold: Bool = false, end: Bool = false) -> String {
            "<text x=\"\(SVGText.number(mx(x)))\"" + (rtl ? " direction=\"rtl\"" : "") + " y=\"\(SVGText.number(y))\" \(Self.font) font-size=\"\(SVGText.number(size))\""
                + (bold ? " font-weight=\"bold\"" : "") + (end ? " text-anchor=\"end\"" : "") + " fill=\"\(color)\">\(e(content))</text>\n"
        }
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width)" height="\(Self.height)" viewBox="0 0 \(Self.width) \(Self.height)" role="img" aria-labelledby="card-title">
            <title id="card-title">\(e(description))</title>
            <defs><clipPath id="card-panel"><rect x="40" y="40" width="1120" height="550" rx="24"/></clipPath></defs>
            <rect width="1200" height="630" fill="\(Self.teal)"/>
            <rect x="40" y="40" width="1120" height="550" rx="24" fill="\(Self.paper)"/>
            <g clip-path="url(#card-panel)">

            """
        for (x, w, color) in band() {
            s += "<rect x=\"\(SVGText.number(x))\" y=\"560\" width=\"\(SVGText.number(w))\" height=\"30\" fill=\"\(e(color))\"/>\n"
        }
        s += "</g>\n"
        s += text(Self.left, 112, 28, Self.teal, CardText.line(kicker.uppercased(), width: room, size: 28, bold: true), bold: true)
        // Title and text end above the figures, or above the keys.
        let limit = figures.isEmpty ? 490.0 : 340.0
        let (size, titleLines) = fittedTitle(limit: limit)
        var y = 112 + 24 + size * 0.95
        for line in titleLines {
            s += text(Self.left, y, size, Self.ink, line, bold: true)
            y += size * 1.16
        }
        y += 58 - size * 1.16
        let textRoom = y > limit ? 0 : min(textLines, Int((limit - y) / 40) + 1)
        for line in CardText.wrap(self.text, width: room, size: 30, bold: false, maxLines: textRoom).lines {
            s += text(Self.left, y, 30, Self.muted, line)
            y += 40
        }
        let shown = figures.prefix(3)
        for (i, f) in shown.enumerated() {
            let column = room / Double(shown.count), x = Self.left + Double(i) * column
            // A number is never cut: a long one is set smaller.
            let number = f.text ?? Self.grouped(f.value)
            let size = min(84, (column - 20) / max(CardText.width(number, size: 1, bold: true), 0.01))
            s += text(x, 438, size, Self.ink, number, bold: true)
            s += text(x, 476, 26, Self.muted, CardText.line(f.label, width: column - 20, size: 26, bold: false))
        }
        var footerWidth = 0.0
        if !footer.isEmpty {
            let line = CardText.line(footer, width: room / 2, size: 24, bold: false)
            footerWidth = CardText.width(line, size: 24, bold: false)
            s += text(Self.right, 536, 24, Self.muted, line, end: true)
        }
        var x = Self.left
        let keysEnd = Self.right - (footerWidth > 0 ? footerWidth + 40 : 0)
        for (i, key) in keys.enumerated() {
            // The first key is cut to fit; the others are shown whole or not at all.
            let label = i == 0 ? CardText.line(key.label, width: keysEnd - x - 32, size: 24, bold: false) : key.label
            let width = 32 + CardText.width(label, size: 24, bold: false)
            guard x + width <= keysEnd else { break }
            s += "<rect x=\"\(SVGText.number(mx(x, 22)))\" y=\"517\" width=\"22\" height=\"22\" rx=\"3\" fill=\"\(e(key.color))\"/>\n"
            s += text(x + 32, 536, 24, Self.ink, label)
            x += width + 30
        }
        return s + "</svg>\n"
    }

    /// The largest title size whose lines fit whole above `limit`; else the smallest, cut with "…".
    package func fittedTitle(limit: Double) -> (size: Double, lines: [String]) {
        let sizes = titleSizes.isEmpty ? [56.0] : titleSizes
        func fitting(_ size: Double) -> Int {
            let first = 112 + 24 + size * 0.95
            return max(1, min(titleLines, Int((limit - first) / (size * 1.16)) + 1))
        }
        // Fewer lines first: one line at a smaller size reads better than two at a larger one.
        for count in 1...max(1, titleLines) {
            for size in sizes where fitting(size) >= count {
                let (lines, cut) = CardText.wrap(title, width: room, size: size, bold: true, maxLines: count)
                if !cut { return (size, lines) }
            }
        }
        let smallest = sizes[sizes.count - 1]
        return (smallest, CardText.wrap(title, width: room, size: smallest, bold: true, maxLines: fitting(smallest)).lines)
    }

    /// The band's pieces: x, width and color, each as wide as its key's weight; one gray band without keys.
    package func band() -> [(Double, Double, String)] {
        let weighted = keys.filter { $0.weight > 0 }
        let total = weighted.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return [(40, 1120, Self.rule)] }
        var out: [(Double, Double, String)] = []
        var sum = 0
        for key in weighted {
            let x0 = 40 + (1120 * Double(sum) / Double(total)).rounded()
            sum += key.weight
            let x1 = 40 + (1120 * Double(sum) / Double(total)).rounded()
            if x1 > x0 { out.append((x0, x1 - x0, key.color)) }
        }
        return out
    }

    /// 1234567 as "1,234,567".
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
