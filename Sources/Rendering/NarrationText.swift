import Assembly
import Diagnostics
import Liquid
import Markdown
import Narration

/// What a story's narration reads and its page shows as the transcript: the title, then each
/// paragraph of the narrative as the page shows it, in plain text (tables left out), at most
/// `Narrator.maxCharacters`, cut at a word with "…".
enum NarrationText {
    static func paragraphs(title: String, body: String, limit: Int = Narrator.maxCharacters) -> [String] {
        var out: [String] = []
        var used = 0
        let blocks = [title] + body.components(separatedBy: "\n\n").map { block -> String in
            Excerpt.plainText(MarkdownRenderer.html(block)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for block in blocks where !block.isEmpty {
            let room = limit - used
            if block.count > room {
                let cut = Excerpt.shortened(block.split(separator: " ").map(String.init), limit: room)
                // The last words say that more was left out.
                if cut != "…" { out.append(cut) } else if let last = out.indices.last { out[last] += " …" }
                break
            }
            out.append(block)
            used += block.count + 2
        }
        return out
    }

    /// The text espeak-ng reads: paragraphs apart by a blank line, which it pauses at. In Arabic,
    /// numbers are written out in words: espeak-ng 1.51 reads some Arabic numbers (44, 99, 2019)
    /// differently from one run to the next, and a narration must be the same bytes every time.
    /// Phoneme input (`[[...]]`) and control characters are taken out (see `SpeakableText`).
    static func spoken(_ paragraphs: [String], language: String = "") -> String {
        let text = SpeakableText.of(paragraphs.joined(separator: "\n\n"))
        guard language == "ar" || language.hasPrefix("ar-") else { return text }
        return ArabicNumbers.spelledOut(in: text)
    }
}

/// Whole numbers as Arabic words (masculine, nominative), for speech.
enum ArabicNumbers {
    static let ones = ["صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة",
                       "أحد عشر", "اثنا عشر", "ثلاثة عشر", "أربعة عشر", "خمسة عشر", "ستة عشر", "سبعة عشر", "ثمانية عشر", "تسعة عشر"]
    static let tens = ["", "", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"]
    static let hundreds = ["", "مئة", "مئتان", "ثلاثمئة", "أربعمئة", "خمسمئة", "ستمئة", "سبعمئة", "ثمانمئة", "تسعمئة"]

    /// Every run of digits (0-9 or ٠-٩) of at most 6 digits in words; longer runs stay as they are.
    static func spelledOut(in text: String) -> String {
        var out = ""
        var digits = ""
        func flush() {
            if !digits.isEmpty {
                if digits.count <= 6, let n = Int(digits) { out += words(n) } else { out += digits }
                digits = ""
            }
        }
        for c in text {
            if let v = c.wholeNumberValue, c.isASCII || ("٠"..."٩").contains(c) {
                digits.append(Character(String(v)))
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return out
    }

    /// 0 to 999,999 in words: "أربعة وأربعون", "ألفان وتسعة عشر".
    static func words(_ n: Int) -> String {
        if n < 1000 { return n == 0 ? ones[0] : belowThousand(n) }
        let (k, rest) = (n / 1000, n % 1000)
        let thousands: String
        switch k {
        case 1: thousands = "ألف"
        case 2: thousands = "ألفان"
        case 3...10: thousands = belowThousand(k) + " آلاف"
        default: thousands = belowThousand(k) + (k % 100 >= 11 ? " ألفًا" : " ألف")
        }
        return rest == 0 ? thousands : thousands + " و" + belowThousand(rest)
    }

    static func belowThousand(_ n: Int) -> String {
        var parts: [String] = []
        if n >= 100 { parts.append(hundreds[n / 100]) }
        let r = n % 100
        if r > 0 {
            if r < 20 { parts.append(ones[r]) } else if r % 10 == 0 { parts.append(tens[r / 10]) } else {
                parts.append(ones[r % 10] + " و" + tens[r / 10])
            }
        }
        return parts.joined(separator: " و")
    }
}

/// A story page's request for its narration, filled in before the pages are rendered (see `Narrate`).
struct NarrationRequest: Sendable {
    /// Inside OUT: `bagley/stories/slug/narration.opus`.
    var path: String
    /// Inside the neighborhood's folder, for the page's link.
    var url: String
    var paragraphs: [String]
    var voice: String
    var language: String
    /// The story's file: where a narration that crashed is told.
    var story: SourceLocation

    /// The page's `narration` variable: where the sound is, how long, and the text it reads.
    func value(seconds: Double, bytes: Int) -> Value {
        let whole = Int(seconds.rounded())
        return .object(Object([
            ("url", .string(url)), ("minutes", .int(max(1, Int((seconds / 60).rounded())))), ("seconds", .int(whole)),
            ("duration", .string("PT\(whole / 60)M\(whole % 60)S")), ("kilobytes", .int((bytes + 1023) / 1024)),
            ("transcript", .array(paragraphs.map { .string($0) })), ("language", .string(language)), ("voice", .string(voice)),
        ]))
    }
}

extension ViewModels {
    /// A published story's narration, when the build reads stories aloud and the site has a voice
    /// for its language (a draft, even under `--drafts`, is never read).
    func narrationRequest(_ s: StoryPage) -> NarrationRequest? {
        guard options.narration, !s.isDraft, let voice = site.narration.voice(for: site.language) else { return nil }
        let url = Routes.narration(s.story.slug)
        return NarrationRequest(path: hood.folder + "/" + url, url: url, paragraphs: NarrationText.paragraphs(title: s.story.title, body: s.story.body),
                                voice: voice, language: site.language, story: s.story.source)
    }
}
