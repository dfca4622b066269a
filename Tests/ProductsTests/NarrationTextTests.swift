import Foundation
import Testing
@testable import Products
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

/// What a story's narration reads: its text, from the page's Markdown.
@Suite("Narration: the text read aloud")
struct NarrationTextTests {
    static func texts(_ paragraphs: [NarrationText.Paragraph]) -> [String] { paragraphs.map { $0.map(\.text).joined(separator: " ") } }
    static func plain(_ texts: [String]) -> [NarrationText.Paragraph] { texts.map { [NarrationText.Piece(text: $0)] } }

    static let spanishStory = """
        Los vecinos escribieron 29 reportes.

        En sus propias palabras:

        <div lang="en">

        > Listed in the description & shown as well

        </div>

        Y <span lang="en">speed bumps</span> ya.
        """

    @Test("words marked with their language are pieces of their own, in the paragraphs read and in the transcript")
    func pieces() {
        let paragraphs = NarrationText.paragraphs(title: "Exceso de velocidad", body: Self.spanishStory)
        #expect(Self.texts(paragraphs) == ["Exceso de velocidad", "Los vecinos escribieron 29 reportes.", "En sus propias palabras:",
                                           "Listed in the description & shown as well", "Y speed bumps ya."])
        #expect(paragraphs[3] == [.init(text: "Listed in the description & shown as well", language: "en")])
        #expect(paragraphs[4] == [.init(text: "Y"), .init(text: "speed bumps", language: "en"), .init(text: "ya.")])
        #expect(NarrationText.transcript(paragraphs[4], language: "es") == "Y <span lang=\"en\" dir=\"auto\">speed bumps</span> ya.")
        #expect(NarrationText.transcript(paragraphs[3], language: "en") == "Listed in the description &amp; shown as well")
    }

    @Test("a story quoting another language is read as SSML, each piece in its language's voice, its text escaped")
    func ssml() {
        let paragraphs = NarrationText.paragraphs(title: "Título", body: Self.spanishStory)
        let speech = NarrationText.spoken(paragraphs, language: "es", voices: { ["es": "es-419", "en": "en-us"][$0] })
        #expect(speech.markup)
        #expect(speech.text.hasPrefix("<speak><p><voice xml:lang=\"es-419\">Título</voice> </p>\n"))
        #expect(speech.text.contains("<p><voice xml:lang=\"en-us\">Listed in the description &amp; shown as well</voice> </p>"))
        #expect(speech.text.contains("<voice xml:lang=\"es-419\">Y</voice> <voice xml:lang=\"en-us\">speed bumps</voice> <voice xml:lang=\"es-419\">ya.</voice>"))
        // A story all in its own language is plain text, as before.
        #expect(!NarrationText.spoken(NarrationText.paragraphs(title: "T", body: "Solo español."), language: "es").markup)
    }

    @Test("espeak-ng reads the quote with the English voice and the rest with the Spanish one (its phonemes say so)")
    func voicesMeasured() throws {
        let espeak = try #require(["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "espeak-ng is installed by scripts/setup.sh")
        let paragraphs = NarrationText.paragraphs(title: "Palabras", body: "Dijeron:\n\n<div lang=\"en\">\n\n> listed in the description\n\n</div>\n\nFin del reporte.")
        let speech = NarrationText.spoken(paragraphs, language: "es", voices: { ["es": "es-419", "en": "en-us"][$0] })
        func phonemes(_ text: String, markup: Bool) throws -> String {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID().uuidString).txt")
            try text.write(to: file, atomically: true, encoding: .utf8)
            // A runtime folder of its own, as the build gives it (`ToolRun`): without one, espeak-ng's
            // sound library links ~/.config/pulse to a folder in TMPDIR.
            let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("narration-runtime-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer {
                try? FileManager.default.removeItem(at: file)
                try? FileManager.default.removeItem(at: runtime)
            }
            let process = Process()
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { _, ours in ours }
            process.executableURL = URL(fileURLWithPath: espeak)
            process.arguments = ["-q", "-x", "-v", "es-419"] + (markup ? ["-m"] : []) + ["-f", file.path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let mixed = try phonemes(speech.text, markup: true)
        let allSpanish = try phonemes("Dijeron: listed in the description. Fin del reporte.", markup: false)
        // English phonemes for "the description" (the dental fricative D, schwa @), Spanish ones after it.
        #expect(mixed.contains("InD@") && mixed.contains("dI#skr'IpS@n"), "\(mixed)")
        #expect(mixed.contains("f'in del R2ep'orte"), "\(mixed)")
        // Read by the Spanish voice alone, the quote has Spanish phonemes.
        #expect(!allSpanish.contains("dI#skr'IpS@n") && allSpanish.contains("Desk"), "\(allSpanish)")
    }

    @Test("the text read aloud is the title, then each paragraph as the page shows it, in plain text without tables")
    func text() {
        let body = "Cars are **fast** on [Main](https://example.org/) & Elm.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two"
        #expect(Self.texts(NarrationText.paragraphs(title: "Slow down", body: body)) == ["Slow down", "Cars are fast on Main & Elm.", "one two"])
        #expect(NarrationText.spoken(Self.plain(["Slow down", "Cars."])) == .init(text: "Slow down\n\nCars.", markup: false))
    }

    @Test("a long story is read up to the limit, cut at a word")
    func limit() {
        let body = (1...50).map { "Paragraph \($0) has some words." }.joined(separator: "\n\n")
        let paragraphs = Self.texts(NarrationText.paragraphs(title: "Long", body: body, limit: 100))
        #expect(paragraphs.joined(separator: "  ").count <= 101)
        #expect(paragraphs.first == "Long" && paragraphs.count == 4)
        #expect(paragraphs.last == "Paragraph 3 has some words. …", "no word of the next one fits: this one says more was left out")
        let cut = Self.texts(NarrationText.paragraphs(title: "Long", body: body, limit: 110))
        #expect(cut.count == 5 && cut.last == "Paragraph 4 has…", "\(cut)")
    }
}

@Suite("Arabic numbers read aloud")
struct ArabicNumberSpeechTests {
    @Test("numbers in Arabic narration are written out in words; other languages keep their digits")
    func words() {
        #expect(ArabicNumbers.words(44) == "أربعة وأربعون")
        #expect(ArabicNumbers.words(2019) == "ألفان وتسعة عشر")
        #expect(ArabicNumbers.words(12) == "اثنا عشر")
        #expect(ArabicNumbers.words(300) == "ثلاثمئة")
        #expect(ArabicNumbers.words(15_000) == "خمسة عشر ألفًا")
        #expect(ArabicNumbers.words(3_105) == "ثلاثة آلاف ومئة وخمسة")
        #expect(NarrationText.spoken(NarrationTextTests.plain(["قدّم 44 بلاغًا", "بين عامَي 2019 و2025"]), language: "ar").text
                == "قدّم أربعة وأربعون بلاغًا\n\nبين عامَي ألفان وتسعة عشر وألفان وخمسة وعشرون")
        #expect(NarrationText.spoken(NarrationTextTests.plain(["44 reports"]), language: "en").text == "44 reports")
    }
}
