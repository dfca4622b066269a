import Maps

/// Text cut into lines that fit a share card, measured with DejaVu Sans' widths (`TextWidth`), the
/// widest of the usual sans-serifs, so the text fits whatever font the picture is drawn with.
package enum CardText {
    package static let ellipsis = "…"

    package static func width(_ text: String, size: Double, bold: Bool) -> Double {
        TextWidth.of(text, size: size, bold: bold)
    }

    /// Every line of `text` at `size`, no wider than `width`: words as they fit, and a word wider
    /// than a line broken between its characters. Runs of spaces and line breaks count as one space.
    package static func lines(_ text: String, width: Double, size: Double, bold: Bool) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if Self.width(candidate, size: size, bold: bold) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            // The word alone: whole when it fits a line, else in pieces that do.
            for c in word {
                if !current.isEmpty, Self.width(current + String(c), size: size, bold: bold) > width {
                    lines.append(current)
                    current = ""
                }
                current.append(c)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// At most `maxLines` lines; when text is left over, the last line ends with "…" and still fits.
    package static func wrap(_ text: String, width: Double, size: Double, bold: Bool, maxLines: Int) -> (lines: [String], cut: Bool) {
        let all = lines(text, width: width, size: size, bold: bold)
        guard maxLines > 0 else { return ([], !all.isEmpty) }
        guard all.count > maxLines else { return (all, false) }
        var kept = Array(all.prefix(maxLines))
        kept[maxLines - 1] = ending(kept[maxLines - 1] + " " + all[maxLines], width: width, size: size, bold: bold)
        return (kept, true)
    }

    /// One line: `text` whole when it fits, else cut between characters and ended with "…".
    package static func line(_ text: String, width: Double, size: Double, bold: Bool) -> String {
        let one = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Self.width(one, size: size, bold: bold) <= width ? one : ending(one, width: width, size: size, bold: bold)
    }

    /// `text` shortened until it and "…" fit `width`: by whole words when the first word fits, else
    /// between characters.
    package static func ending(_ text: String, width: Double, size: Double, bold: Bool) -> String {
        // No character is narrower than a quarter of the size: what lies beyond is never kept.
        let most = Int(width / (size * 0.25)) + 1
        var words = Array(text.split(separator: " ").prefix(most))
        while words.count > 1, Self.width(words.joined(separator: " ") + ellipsis, size: size, bold: bold) > width { words.removeLast() }
        if let only = words.first, Self.width(words.joined(separator: " ") + ellipsis, size: size, bold: bold) <= width || only.isEmpty {
            return words.joined(separator: " ") + ellipsis
        }
        var kept = Substring(text).prefix(most)
        while !kept.isEmpty, Self.width(kept + ellipsis, size: size, bold: bold) > width { kept = kept.dropLast() }
        while kept.last?.isWhitespace == true { kept = kept.dropLast() }
        return kept + ellipsis
    }
}
