import Assembly
import Diagnostics
import Escaping
import Liquid
import Markdown
import Narration
import Pages
import Rendering

/// What a story's narration reads and its page shows as the transcript: the title, then each
/// paragraph of the narrative as the page shows it, in plain text (tables left out), at most
/// `Narrator.maxCharacters`, cut at a word with "…". Words the story marks with their language
/// (`<span lang>`, `<div lang>`) are pieces of their own, read with that language's voice.
package enum NarrationText {
    /// A piece of a paragraph: text, and its language when it is not the story's.
    package struct Piece: Equatable, Sendable {
        var text: String
        var language: String?
    }

    package typealias Paragraph = [Piece]

    package static func paragraphs(title: String, body: String, limit: Int = Narrator.maxCharacters) -> [Paragraph] {
        var out: [Paragraph] = []
        var used = 0
        var marked: [String] = []
        var blocks: [Paragraph] = [[Piece(text: title)]]
        for block in body.components(separatedBy: "\n\n") {
            let trimmed = block.trimmingCharacters(in: .whitespacesAndNewlines)
            // A `<div lang>` and its `</div>`, each a block of its own, mark the blocks between them.
            if let language = MarkdownRenderer.languageOpening(trimmed) { marked.append(language); continue }
            if trimmed == "</div>", !marked.isEmpty { marked.removeLast(); continue }
            let pieces = HTMLText.languageSpans(MarkdownRenderer.html(block)).map { span in
                Piece(text: span.text.split(whereSeparator: \.isWhitespace).joined(separator: " "), language: span.language ?? marked.last)
            }.filter { !$0.text.isEmpty }
            blocks.append(pieces)
        }
        for block in blocks where !block.isEmpty {
            let length = block.reduce(0) { $0 + $1.text.count } + block.count - 1
            let room = limit - used
            if length > room {
                var kept: Paragraph = []
                var left = room
                for piece in block {
                    guard left > 0 else { break }
                    if piece.text.count + 1 <= left {
                        kept.append(piece)
                        left -= piece.text.count + 1
                        continue
                    }
                    let cut = Excerpt.shortened(piece.text.split(separator: " ").map(String.init), limit: left)
                    if cut != "…" { kept.append(Piece(text: cut, language: piece.language)) }
                    left = 0
                }
                // The last words say that more was left out.
                if let last = kept.indices.last, !kept[last].text.hasSuffix("…") { kept[last].text += " …" }
                if !kept.isEmpty { out.append(kept) } else if let last = out.indices.last, let piece = out[last].indices.last {
                    out[last][piece].text += " …"
                }
                break
            }
            out.append(block)
            used += length + 2
        }
        return out
    }

    /// The text espeak-ng reads: paragraphs apart by a blank line, which it pauses at. In Arabic,
    /// numbers are written out in words: espeak-ng 1.51 reads some Arabic numbers (44, 99, 2019)
    /// differently from one run to the next, and a narration must be the same bytes every time.
    /// Phoneme input (`[[...]]`) and control characters are taken out (see `SpeakableText`).
    ///
    /// A story with words in another language is read as SSML instead (espeak-ng's `-m`): each piece
    /// in a `<voice>` of its own language, `voices` naming the voice of each (else the language tag).
    package static func spoken(_ paragraphs: [Paragraph], language: String = "", voices: (String) -> String? = { _ in nil }) -> Speech {
        func words(_ text: String, in language: String) -> String {
            language == "ar" || language.hasPrefix("ar-") ? ArabicNumbers.spelledOut(in: text) : text
        }
        guard paragraphs.contains(where: { $0.contains { $0.language != nil && $0.language != language } }) else {
            let text = SpeakableText.of(paragraphs.map { $0.map(\.text).joined(separator: " ") }.joined(separator: "\n\n"))
            return Speech(text: words(text, in: language), markup: false)
        }
        let page = voices(language) ?? language
        var ssml = "<speak>"
        for paragraph in paragraphs {
            ssml += "<p>"
            for piece in paragraph {
                let tongue = piece.language ?? language
                let voice = piece.language.map { voices($0) ?? $0 } ?? page
                ssml += "<voice xml:lang=\"\(Escape.xml(voice))\">" + Escape.xml(SpeakableText.of(words(piece.text, in: tongue))) + "</voice> "
            }
            ssml += "</p>\n"
        }
        return Speech(text: ssml + "</speak>\n", markup: true)
    }

    /// What espeak-ng is given: plain text, or SSML (`markup`).
    package struct Speech: Equatable, Sendable {
        var text: String
        var markup: Bool
    }

    /// A paragraph as the transcript shows it: escaped text, and words in another language than the
    /// page's in a `<span lang>`.
    package static func transcript(_ paragraph: Paragraph, language: String) -> String {
        paragraph.map { piece in
            let text = HTMLEscaping.escape(piece.text)
            guard let other = piece.language, other != language else { return text }
            return "<span lang=\"\(HTMLEscaping.escape(other))\" dir=\"auto\">" + text + "</span>"
        }.joined(separator: " ")
    }
}

/// Whole numbers as Arabic words (masculine, nominative), for speech.
package enum ArabicNumbers {
    package static let ones = ["صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة",
                       "أحد عشر", "اثنا عشر", "ثلاثة عشر", "أربعة عشر", "خمسة عشر", "ستة عشر", "سبعة عشر", "ثمانية عشر", "تسعة عشر"]
    package static let tens = ["", "", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"]
    package static let hundreds = ["", "مئة", "مئتان", "ثلاثمئة", "أربعمئة", "خمسمئة", "ستمئة", "سبعمئة", "ثمانمئة", "تسعمئة"]

    /// Every run of digits (0-9 or ٠-٩) of at most 6 digits in words; longer runs stay as they are.
    package static func spelledOut(in text: String) -> String {
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
    package static func words(_ n: Int) -> String {
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

    package static func belowThousand(_ n: Int) -> String {
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
package struct NarrationRequest: Sendable {
    /// What espeak-ng reads for it.
    package var speech: NarrationText.Speech { NarrationText.spoken(paragraphs, language: language, voices: { self.voices[$0] }) }

    /// Inside OUT: `bagley/stories/slug/narration.opus`.
    package var path: String
    /// Inside the neighborhood's folder, for the page's link.
    package var url: String
    package var paragraphs: [NarrationText.Paragraph]
    package var voice: String
    /// The voice of each language the story quotes (the site's `narration.voices`).
    package var voices: [String: String] = [:]
    package var language: String
    /// The story's file: where a narration that crashed is told.
    package var story: SourceLocation

    /// The page's `narration` variable: where the sound is, how long, and the text it reads.
    package func value(seconds: Double, bytes: Int) -> Value {
        let whole = Int(seconds.rounded())
        return .object(Object([
            ("url", .string(url)), ("minutes", .int(max(1, Int((seconds / 60).rounded())))), ("seconds", .int(whole)),
            ("duration", .string("PT\(whole / 60)M\(whole % 60)S")), ("kilobytes", .int((bytes + 1023) / 1024)),
            ("transcript", .array(paragraphs.map { .safe(NarrationText.transcript($0, language: language)) })), ("language", .string(language)), ("voice", .string(voice)),
        ]))
    }
}

extension ViewModels {
    /// A published story's narration, when the build reads stories aloud and the site has a voice
    /// for its language (a draft, even under `--drafts`, is never read).
    package func narrationRequest(_ s: StoryPage) -> NarrationRequest? {
        guard options.narration, !s.isDraft, let voice = site.narration.voice(for: site.language) else { return nil }
        let url = Routes.narration(s.story.slug)
        let paragraphs = NarrationText.paragraphs(title: s.story.title, body: s.story.body)
        var voices: [String: String] = [:]
        for language in Set(paragraphs.flatMap { $0.compactMap(\.language) }) { voices[language] = site.narration.voice(for: language) }
        return NarrationRequest(path: hood.folder + "/" + url, url: url, paragraphs: paragraphs,
                                voice: voice, voices: voices, language: site.language, story: s.story.source)
    }
}

extension ViewModels {
    /// The narrations this edition's story pages ask for, by the page's path inside OUT.
    package func narrationRequests() -> [(page: String, request: NarrationRequest)] {
        hood.stories.compactMap { s in narrationRequest(s).map { (hood.folder + "/" + Routes.story(s.story.slug), $0) } }
    }
}
