/// Text made safe to hand to espeak-ng as plain text to read.
///
/// espeak-ng reads `[[...]]` as phoneme codes, not words, even without `-m` (and such input has
/// crashed it), and byte 0x01 as the start of an embedded command. So `[[` and `]]` are pulled apart (`[ [`,
/// `] ]`, which it reads as brackets), and control characters other than line breaks and tabs
/// become spaces. `<` and `&` need nothing: the narrator never passes `-m`, so espeak-ng reads no
/// SSML or other markup.
public enum SpeakableText {
    /// `text` with phoneme brackets pulled apart and control characters as spaces; the same text when it holds neither.
    public static func of(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5B || $0 == 0x5D || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for s in text.unicodeScalars {
            let v = s.value
            if (v == 0x5B || v == 0x5D), previous == s { out.append(" ") }
            if (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) {
                out.append(" ")
                previous = " "
                continue
            }
            out.append(s)
            previous = s
        }
        return String(out)
    }
}
