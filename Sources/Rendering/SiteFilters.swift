import Liquid

/// Filters the default theme needs besides Jekyll's: direction isolation for residents' text.
enum SiteFilters {
    static let all: [String: Filter] = [
        // HTML: the text in a <bdi>, so that a name in another script never reorders what is around it.
        "bdi": Filter { input, _, _, _ in
            input.isNil ? .nil : .safe("<bdi>" + HTMLEscaping.escape(Direction.text(input)) + "</bdi>")
        },
        // Plain text: the text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE when it
        // holds right-to-left letters (in left-to-right text they change nothing, so they are left out).
        "isolate": Filter { input, _, _, _ in
            guard !input.isNil else { return .nil }
            let text = Direction.text(input)
            return .string(Direction.hasRightToLeft(text) ? "\u{2068}" + text + "\u{2069}" : text)
        },
    ]
}

/// Which way text runs.
enum Direction {
    static func text(_ v: Value) -> String {
        switch v {
        case .string(let s), .safe(let s): return s
        case .int(let n): return String(n)
        default: return "\(v)"
        }
    }

    /// True when the text holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...).
    static func hasRightToLeft(_ s: String) -> Bool {
        s.unicodeScalars.contains { u in
            (0x0590...0x08FF).contains(u.value) || (0xFB1D...0xFDFF).contains(u.value) || (0xFE70...0xFEFF).contains(u.value)
                || (0x10800...0x10FFF).contains(u.value) || (0x1E800...0x1EFFF).contains(u.value)
        }
    }
}
