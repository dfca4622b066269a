/// Widths of text in the maps' sans-serif, from the advance widths of DejaVu Sans (thousandths
/// of an em), the widest of the usual system sans-serifs: an SVG made from data alone cannot
/// measure its font, so names are given the most room any reader's font may take.
public enum TextWidth {
    /// Space to tilde (U+0020 to U+007E).
    static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
        636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
        634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
        696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
        712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    /// Punctuation that titles often hold, regular and bold: ellipsis, middle dot, dashes, curly quotes.
    static let punctuation: [UInt32: (UInt16, UInt16)] = [
        0x2026: (1000, 1000), 0x00B7: (318, 380), 0x2013: (500, 500), 0x2014: (1000, 1000),
        0x2018: (318, 380), 0x2019: (318, 380), 0x201C: (518, 657), 0x201D: (518, 657),
    ]

    /// The width in pixels of `text` set at `size` pixels.
    public static func of(_ text: String, size: Double, letterSpacing: Double = 0, bold: Bool = false) -> Double {
        let table = bold ? Self.bold : regular
        var thousandths = 0
        var count = 0
        for c in text.unicodeScalars {
            count += 1
            switch c.value {
            case 0x20...0x7E: thousandths += Int(table[Int(c.value) - 0x20])
            case 0x00B7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026:
                let widths = punctuation[c.value] ?? (1000, 1000)
                thousandths += Int(bold ? widths.1 : widths.0)
            case 0x0300...0x036F, 0x200B...0x200F, 0x2060...0x206F: break  // combining marks, zero-width and direction marks
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFD:
                thousandths += 1000  // wide: CJK, Hangul, full-width forms
            default: thousandths += bold ? 820 : 760
            }
        }
        return Double(thousandths) / 1000 * size + letterSpacing * Double(count)
    }
}
