import Escaping
import TestSupport
import Testing
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

@Suite("Rendering pieces")
struct RenderingTests {
    @Test("an excerpt is the text without markup, cut at a word with an ellipsis")
    func excerpts() {
        #expect(Excerpt.of("**Cars** speed past the [school](https://x.org) &amp; the park.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.") == "Cars speed past the school & the park. After.")
        #expect(Excerpt.of("one two three four", limit: 10) == "one two…")
        #expect(Excerpt.of("Cars park in the bike lane. Then they leave", limit: 30) == "Cars park in the bike lane…", "one mark, never \".…\"")
        #expect(Excerpt.of("") == "")
        #expect(Excerpt.split("a\u{00A0}b\u{2028}c  d\te") == ["a", "b", "c", "d", "e"])
        #expect(Excerpt.plainText("<p>x</p><table><tr><td>hidden</td></tr></table><p>y &amp; z</p>") == "x y & z ")
    }

    @Test("an excerpt's words and cut, read whole or only up to the limit, are those of the character-by-character reading, in every script")
    func excerptsAsBefore() {
        // The reading the byte-wise one replaced: scalars for the blanks, characters for the length.
        func split(_ text: String) -> [String] {
            var words: [String] = []
            var start: String.Index?
            let scalars = text.unicodeScalars
            for i in scalars.indices {
                let v = scalars[i].value
                let blank = v < 0x80 ? (v == 0x20 || (0x09...0x0D).contains(v)) : scalars[i].properties.isWhitespace
                if blank {
                    if let s = start { words.append(String(text[s..<i])); start = nil }
                } else if start == nil {
                    start = i
                }
            }
            if let s = start { words.append(String(text[s...])) }
            return words
        }
        func shortened(_ words: [String], limit: Int) -> String {
            var out = "", count = 0
            for w in words {
                if count + w.count + 1 > limit {
                    // One ellipsis: a stop, comma or dash it was cut after goes first.
                    var kept = Substring(out)
                    while let last = kept.last, ".,;:،؛-–— …".contains(last) { kept = kept.dropLast() }
                    return kept + "…"
                }
                if count > 0 { out += " "; count += 1 }
                out += w
                count += w.count
            }
            return out
        }
        let pieces = ["a", "word", " ", "  ", "\t", "\n", "\r\n", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{200B}", "é", "e\u{301}",
                      "ال", "😀", "👩‍👩‍👧", "\u{1F1FA}\u{1F1F8}", "x\u{20DD}", "中文"]
        var random = SeededRandom(seed: 3)
        func next(_ n: Int) -> Int { random.next(n) }
        for _ in 0..<4_000 {
            let text = (0..<next(50)).map { _ in pieces[next(pieces.count)] }.joined()
            let words = Excerpt.split(text)
            #expect(words.map { Array($0.utf8) } == split(text).map { Array($0.utf8) }, "\(Array(text.unicodeScalars))")
            let limit = next(60)
            #expect(Array(Excerpt.shortened(words, limit: limit).utf8) == Array(shortened(words, limit: limit).utf8), "\(words) \(limit)")
            // The reading that stops at the limit gives what shortening every word gives.
            #expect(Array(Excerpt.opening(text, limit: limit).utf8) == Array(shortened(words, limit: limit).utf8), "\(Array(text.unicodeScalars)) \(limit)")
        }
    }

    @Test("shortening gives what the character-by-character reading gives, for any mix of scripts, marks and limits")
    func shorteningAgreesWithTheReading() {
        // The reading: count every character, look for a sentence's end among them, else cut between words.
        func reading(_ text: String, limit: Int) -> String {
            guard text.count > limit, limit > 1 else { return text }
            let head = String(text.prefix(limit))
            if let end = head.lastIndex(where: { ".!?؟。".contains($0) }), head.distance(from: head.startIndex, to: end) >= limit / 2 {
                let next = head.index(after: end)
                if next == head.endIndex || head[next].isWhitespace { return String(head[...end]) }
            }
            var words = head.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            if words.count > 1, !text[text.index(text.startIndex, offsetBy: limit)].isWhitespace { words.removeLast() }
            return Excerpt.ending(words.joined(separator: " "))
        }
        let pieces = ["a", "word", " ", ". ", "!", "?", "؟", "。", ",", "\n", "\u{A0}", "é", "e\u{301}", "ال", "😀", "👩‍👩‍👧", "中文", ".\u{301}"]
        // Mostly ASCII, read byte by byte (`asciiText`), with what makes a byte not a character:
        // "\r\n", and a mark joined to a letter or space at or past the limit.
        let ascii = ["a", "word", "words", " ", ". ", ".", "!", "?", ",", ";", "-", "\n", "\t", "\u{0B}", "\u{0C}", "\r\n", "\r", "\u{1C}", "x\u{301}", " \u{301}", "...", "…"]
        var random = SeededRandom(seed: 5)
        for set in [pieces, ascii] {
            for _ in 0..<4_000 {
                let text = (0..<random.next(40)).map { _ in set[random.next(set.count)] }.joined()
                let limit = random.next(70)
                #expect(Array(Shortening.text(text, limit: limit).utf8) == Array(reading(text, limit: limit).utf8), "\(Array(text.unicodeScalars)) \(limit)")
            }
        }
    }

    @Test("text is shortened after a whole sentence when one fits, else between words with one ellipsis")
    func shortening() {
        let place = "Bagley; the meeting point is sent to members"
        #expect(Shortening.text(place, limit: 90) == place, "short enough: whole")
        #expect(Shortening.text(place, limit: 40) == "Bagley; the meeting point is sent to…")
        #expect(Shortening.text("At Roosevelt Park. Bring a vest and water for everyone", limit: 30) == "At Roosevelt Park.")
        #expect(Shortening.text("Meet at the corner, then walk", limit: 19) == "Meet at the corner…", "the comma goes before the ellipsis")
        for limit in 2..<60 {
            let cut = Shortening.text("Ask Municipal Parking for regular enforcement on these blocks, and keep sidewalks clear.", limit: limit)
            #expect(cut.count <= limit + 1 && !cut.contains(".…") && !cut.contains(",…") && cut.components(separatedBy: "…").count <= 2, "\(cut)")
        }
    }

    @Test("an address or URL may wrap only after its punctuation, and is escaped")
    func breakableAddresses() {
        #expect(Shortening.breakable("https://digest.example.org/a-b/") == "https:<wbr>/<wbr>/<wbr>digest.<wbr>example.<wbr>org/<wbr>a-<wbr>b/<wbr>")
        #expect(Shortening.breakable("Data <data@example.org>") == "Data &lt;data@<wbr>example.<wbr>org&gt;")
        let url = "https://digest.example.org/bagley/stories/speeding-reports/"
        #expect(Shortening.breakable(url).replacingOccurrences(of: "<wbr>", with: "") == url)
    }

    @Test("an ASCII address is marked byte by byte as the character-by-character reading marks it")
    func breakableAgreesWithTheReading() {
        // The reading: each character escaped, a place to wrap after each of the punctuation marks.
        func reading(_ text: String) -> String {
            text.map { c in HTMLEntities.escape(String(c)) + ("/.@-_?&=:;,".contains(c) ? "<wbr>" : "") }.joined()
        }
        let pieces = ["a", "Org", "/", ".", "@", "-", "_", "?", "&", "=", ":", ";", ",", " ", "<", ">", "\"", "'", "\r\n", "%20", "#"]
        var random = SeededRandom(seed: 8)
        for round in 0..<3_000 {
            var text = (0..<random.next(30)).map { _ in pieces[random.next(pieces.count)] }.joined()
            // Now and then a character outside ASCII, which the reading takes alone: a mark after a slash.
            if round % 10 == 0 { text += ["/\u{301}", "é", "مرحبا/"][random.next(3)] }
            #expect(Array(Shortening.breakable(text).utf8) == Array(reading(text).utf8), "\(Array(text.unicodeScalars))")
        }
    }

    @Test("a flyer's map is first given the column's width in the neighborhood's shape, at most half the page; the text takes the rest")
    func flyerRoom() {
        let title = "Speeding in Bagley: 21 reports since 2019"
        let body = FlyerSpace.body(title: title)
        // A wide neighborhood (twice as wide as tall): the column's width in that shape.
        #expect(FlyerSpace.preferredMap(title: title, shape: 0.5) == FlyerSpace.columnWidth * 0.5)
        // A tall one: at most half the page's body, so the story keeps room.
        #expect(FlyerSpace.preferredMap(title: title, shape: 1.4) == body / 2)
        // Never less than the least map.
        #expect(FlyerSpace.preferredMap(title: title, shape: 0.1) == FlyerSpace.minimumMap)
        #expect(FlyerSpace.narrativeLines(title: title, reserved: 66, map: 400) < FlyerSpace.narrativeLines(title: title, reserved: 66))
    }

    @Test("a story's summary is its first paragraph; the rest follows the player")
    func storyLead() {
        let (lead, rest) = ViewModels.lead("<p>First.</p>\n<table>\n</table>\n<p>Last.</p>\n")
        #expect(lead == "<p>First.</p>\n" && rest == "<table>\n</table>\n<p>Last.</p>\n")
        let whole = ViewModels.lead("<h2>Heading</h2>\n<p>Text.</p>\n")
        #expect(whole.lead == "" && whole.rest == "<h2>Heading</h2>\n<p>Text.</p>\n", "no paragraph first: no summary")
    }

    @Test("the way back to a neighborhood's folder counts the folders above a page, empty pieces left out")
    func rootOfAPage() {
        for (path, root) in [("index.html", "./"), ("", "./"), ("observations/o1/index.html", "../../"), ("a//b/index.html", "../../"),
                             ("/digest/index.html", "../"), ("digest/2026-W48/", "../"), ("é/ال/x", "../../")] {
            #expect(Routes.root(of: path) == root, "\(path)")
        }
    }

    @Test("a message is cut into text and parameters once; a brace never closed is text")
    func messagePatterns() {
        #expect(MessagePattern("{count} reports near {place}").parameters == ["count", "place"])
        #expect(MessagePattern("a { b").parameters.isEmpty)
        guard case .literal(let raw, let html)? = MessagePattern("Tom & \"Jerry\" {x}").parts.first else {
            Issue.record("no literal first")
            return
        }
        #expect(raw == "Tom & \"Jerry\" " && html == "Tom &amp; &quot;Jerry&quot; ")
    }

    @Test("a list's pages link the first two, the last two and two on each side")
    func pageWindows() {
        #expect(Pagination.window(1, of: 1) == [1])
        #expect(Pagination.window(1, of: 20) == [1, 2, 3, 19, 20])
        #expect(Pagination.window(10, of: 20) == [1, 2, 8, 9, 10, 11, 12, 19, 20])
        #expect(ObservationPages.path(1) == "observations/index.html" && ObservationPages.path(3) == "observations/page/3/index.html")
        #expect(Pagination(folder: "stories", items: 101, pageSize: 50).pageCount == 3)
        #expect(Pagination(folder: "stories", items: 0, pageSize: 50).pageCount == 1)
        #expect(Pagination(folder: "stories", items: 100, pageSize: 50).path(2) == "stories/page/2/index.html")
    }

    @Test("bdi isolates HTML text; isolate wraps plain text only when it holds right-to-left letters")
    func directionFilters() throws {
        #expect(Direction.hasRightToLeft("سلام") && Direction.hasRightToLeft("שלום") && !Direction.hasRightToLeft("hello é"))
    }
}
