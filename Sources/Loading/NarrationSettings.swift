import ContentFields
import Diagnostics
import Formats

/// `narration` in `site.yml`: which espeak-ng voice reads the stories of each language, as
/// `narration: { voices: { en: en-us, es: es-419, ar: ar } }`. Without it, no story is read aloud.
public struct NarrationSettings: Sendable, Equatable {
    /// Voice by language tag, as written (`en`, `es-MX`).
    public var voices: [String: String] = [:]
    /// Where `narration` is written, for the one warning when the tools are missing.
    public var location: SourceLocation?

    public init(voices: [String: String] = [:], location: SourceLocation? = nil) {
        self.voices = voices
        self.location = location
    }

    /// True when some language has a voice.
    public var isOn: Bool { !voices.isEmpty }

    /// The voice for a page's language: its own tag (`es-MX`), else its first part (`es`), in any case.
    public func voice(for language: String) -> String? {
        let lower = voices.map { ($0.key.lowercased(), $0.value) }
        let tag = language.lowercased()
        if let exact = lower.first(where: { $0.0 == tag }) { return exact.1 }
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        return lower.first { $0.0 == primary }?.1
    }

    static let example = "like 'narration: { voices: { en: en-us, es: es-419, ar: ar } }'"

    /// `narration: { voices: { LANGUAGE: VOICE, ... } }`; every problem reported at its place.
    static func read(_ node: Node?, log: inout DiagnosticLog) -> NarrationSettings {
        var settings = NarrationSettings()
        guard let node else { return settings }
        guard let entries = node.entries else {
            log.error(node.location, "'narration' must be a mapping with voices, \(example)")
            return settings
        }
        settings.location = node.location
        FieldNames.narration.check(entries.keys, privacy: nil, log: &log)
        guard let voices = entries.first(where: { $0.key == "voices" })?.value, !voices.isNull else {
            log.error(node.location, "narration needs voices: a voice for each language to read, \(example)")
            return settings
        }
        guard let pairs = voices.entries else {
            log.error(voices.location, "'voices' must map language tags to espeak-ng voices, found \(voices.kindName); expected one \(example)")
            return settings
        }
        let tagged = pairs.keyed(by: Identifiers.isLanguageTag, log: &log) {
            "narration voice for \(quoted($0)), which is not a BCP 47 language tag; expected one like 'en' or 'es-MX'"
        }
        for pair in tagged {
            if let voice = voiceName(pair, log: &log) { settings.voices[pair.key] = voice }
        }
        return settings
    }

    /// The voice of one `LANGUAGE: VOICE` pair, when it is an espeak-ng voice name.
    static func voiceName(_ pair: Node.Entry, log: inout DiagnosticLog) -> String? {
        guard let raw = pair.value.scalarText else {
            log.error(pair.value.location, "the voice for \(quoted(pair.key)) must be text, found \(pair.value.kindName); expected an espeak-ng voice such as 'en-us'")
            return nil
        }
        let voice = raw.trimmed
        guard isVoiceName(voice) else {
            log.error(pair.value.location, "voice \(quoted(voice)) is not an espeak-ng voice name; expected letters, digits and '-', like 'en-us', 'es-419' or 'ar' (espeak-ng --voices lists them)")
            return nil
        }
        return voice
    }

    /// An espeak-ng voice name (`en-us`, `es-419`, `en-us+f3`): never taken for an option or a path.
    static func isVoiceName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII, s.utf8.count <= 40 else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "+") }
    }
}
