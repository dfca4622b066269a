import Assembly
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

    /// The text espeak-ng reads: paragraphs apart by a blank line, which it pauses at.
    static func spoken(_ paragraphs: [String]) -> String { paragraphs.joined(separator: "\n\n") }
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
                                voice: voice, language: site.language)
    }
}
