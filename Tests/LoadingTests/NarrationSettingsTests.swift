import Testing
@testable import Loading

@Suite("site.yml narration: a voice per language")
struct NarrationSettingsTests {
    static func site(_ narration: String) -> String { Fixture.site + "\nnarration:\n" + narration }

    @Test("voices are read by language tag, and a page's language finds its own tag, else its first part")
    func readsVoices() throws {
        let f = Fixture(["site.yml": Self.site("  voices: { en: en-us, es: es-419, ar: ar, pt-BR: pt-br }\n")])
        let (content, messages) = f.load()
        #expect(messages == [])
        let narration = try #require(content?.site.narration)
        #expect(narration.voices == ["en": "en-us", "es": "es-419", "ar": "ar", "pt-BR": "pt-br"])
        #expect(narration.isOn)
        #expect(narration.voice(for: "en") == "en-us")
        #expect(narration.voice(for: "es-MX") == "es-419")
        #expect(narration.voice(for: "pt-br") == "pt-br")
        #expect(narration.voice(for: "pt") == nil)
        #expect(narration.voice(for: "fr") == nil)
        #expect(narration.location?.line == 7)
    }

    @Test("without narration no story is read aloud")
    func off() throws {
        let (content, _) = Fixture([:]).load()
        #expect(content?.site.narration.isOn == false)
        #expect(content?.site.narration.voice(for: "en") == nil)
    }

    @Test("wrong types and names are errors at their place; an unknown key warns")
    func errors() {
        let f = Fixture(["site.yml": Self.site("""
              voices: { en: [en-us], es: "--output=/tmp/x", english: en-us, ar: ar }
              speed: 200
            """)])
        #expect(f.errors() == [
            "content/site.yml:7:17: error: the voice for 'en' must be text, found a list; expected an espeak-ng voice such as 'en-us'",
            "content/site.yml:7:30: error: voice '--output=/tmp/x' is not an espeak-ng voice name; expected letters, digits and '-', like 'en-us', 'es-419' or 'ar' (espeak-ng --voices lists them)",
            "content/site.yml:7:49: error: narration voice for 'english', which is not a BCP 47 language tag; expected one like 'en' or 'es-MX'",
        ])
        #expect(f.warnings().count == 1 && f.warnings()[0].hasPrefix("content/site.yml:8:3: warning: unknown field 'speed' in narration is ignored"))
    }

    @Test("narration that is not a mapping, or has no voices, is an error")
    func shapes() {
        #expect(Fixture(["site.yml": Fixture.site + "\nnarration: yes\n"]).errors() == [
            "content/site.yml:6:12: error: 'narration' must be a mapping with voices, like 'narration: { voices: { en: en-us, es: es-419, ar: ar } }'",
        ])
        #expect(Fixture(["site.yml": Self.site("  voices: en-us\n")]).errors() == [
            "content/site.yml:7:11: error: 'voices' must map language tags to espeak-ng voices, found text; expected one like 'narration: { voices: { en: en-us, es: es-419, ar: ar } }'",
        ])
        #expect(Fixture(["site.yml": Self.site("  voice: en-us\n")]).errors() == [
            "content/site.yml:7:3: error: narration needs voices: a voice for each language to read, like 'narration: { voices: { en: en-us, es: es-419, ar: ar } }'",
        ])
    }
}
