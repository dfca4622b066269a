import Escaping
import Assembly
import Liquid
import Loading
import Maps
import Markdown
import QRCode

/// What flyers need beyond the pages' view models.
extension ViewModels {
    /// A QR code for a page of this neighborhood, when the site has a URL to put in it.
    package func qr(_ path: String, size: Int = 160) -> Value {
        guard let root = hood.absoluteRoot, let code = QRCode(root + path) else { return .nil }
        return .safe(code.svg(pixels: size, label: t("qr_label", ["url": root + path])))
    }

    /// The story's narrative cut to fit a printed page: whole blocks while their estimated lines
    /// fit in `lines` (a blank line between blocks), then the first sentences of the next
    /// paragraph when there is room for them; and the lines it takes.
    package func flyerNarrative(_ body: String, lines: Int) -> (html: Value, shortened: Bool, lines: Int) {
        let blocks = body.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        var kept: [String] = []
        var used = 0
        var shortened = false
        var markedOpen = false
        for block in blocks {
            // `<div lang="en">` and `</div>` (words marked with their language) take no room; a cut
            // inside them still closes them.
            if block.hasPrefix("<div lang=") || block == "</div>" {
                kept.append(block)
                markedOpen = block != "</div>"
                continue
            }
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
        if markedOpen { kept.append("</div>") }
        // (The flyer puts it in a block that takes its direction from its own text.)
        return (.safe(MarkdownRenderer.html(kept.joined(separator: "\n\n"))), shortened, used)
    }
}
