import Testing
@testable import Rendering

/// What a story's narration reads: its text, from the page's Markdown.
@Suite("Narration: the text read aloud")
struct NarrationTextTests {
    @Test("the text read aloud is the title, then each paragraph as the page shows it, in plain text without tables")
    func text() {
        let body = "Cars are **fast** on [Main](https://example.org/) & Elm.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two"
        #expect(NarrationText.paragraphs(title: "Slow down", body: body) == ["Slow down", "Cars are fast on Main & Elm.", "one two"])
        #expect(NarrationText.spoken(["Slow down", "Cars."]) == "Slow down\n\nCars.")
    }

    @Test("a long story is read up to the limit, cut at a word")
    func limit() {
        let body = (1...50).map { "Paragraph \($0) has some words." }.joined(separator: "\n\n")
        let paragraphs = NarrationText.paragraphs(title: "Long", body: body, limit: 100)
        #expect(paragraphs.joined(separator: "  ").count <= 101)
        #expect(paragraphs.first == "Long" && paragraphs.count == 4)
        #expect(paragraphs.last == "Paragraph 3 has some words. …", "no word of the next one fits: this one says more was left out")
        let cut = NarrationText.paragraphs(title: "Long", body: body, limit: 110)
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
        #expect(NarrationText.spoken(["قدّم 44 بلاغًا", "بين عامَي 2019 و2025"], language: "ar") == "قدّم أربعة وأربعون بلاغًا\n\nبين عامَي ألفان وتسعة عشر وألفان وخمسة وعشرون")
        #expect(NarrationText.spoken(["44 reports"], language: "en") == "44 reports")
    }
}
