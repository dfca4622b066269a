import FileSystem
import Fingerprint
import Foundation

/// Reads a text aloud into Ogg Opus: espeak-ng speaks it into a WAV file, opusenc encodes that as
/// speech at 24 kb/s with a serial number taken from the narration's key, so the same text, voice
/// and tools give the same bytes. Its files live in a work folder of their own, gone afterwards.
public struct Narrator: Sendable {
    public var tools: SpeechTools
    /// Where each narration's work folder is made (inside the build's cache folder).
    public var folder: String

    /// What the sound is made with, besides the tools: part of every key. espeak-ng at 175 words a
    /// minute reads stories at about 150 (numbers and pauses take their time); opusenc at complexity 5
    /// with 60 ms frames encodes twice as fast as its default for no audible loss in a synthetic voice,
    /// and kept to wideband (1103, up to 8 kHz, where espeak-ng puts all but 0.3 % of its sound's
    /// energy: `OPUS_SET_MAX_BANDWIDTH`, 4004) a fifth faster again, in smaller files. Complexity 5 is
    /// the knee: 4 makes the same bytes, 3 is a quarter faster but scores 0.7 to 0.9 lower in wideband
    /// PESQ (on 2,500 characters of a sample story in each language: English 3.64 to 2.87, Spanish
    /// 3.71 to 2.84, Arabic 3.81 to 3.10).
    static let espeakOptions = ["-b", "1", "-s", "175"]
    static let opusOptions = ["--quiet", "--speech", "--bitrate", "24", "--comp", "5", "--framesize", "60", "--set-ctl-int", "4004=1103"]
    /// Seconds either program may take for one story.
    public static let timeout = 180.0
    /// The most text one narration reads (about 1,600 words, 11 minutes).
    public static let maxCharacters = 10_000

    public init(tools: SpeechTools, folder: String) {
        self.tools = tools
        self.folder = folder
    }

    /// Makes the work folder, once before any narration: `speak` makes only its own folder inside
    /// it, so that a stop that removed the work folder finds no thread making it again.
    public func prepare() {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// One narration's name: its text, its voice, the tools and how they are run.
    public func key(text: String, voice: String) -> Fingerprint {
        var h = FingerprintBuilder()
        for part in ["narration 1", tools.versions, (Self.espeakOptions + Self.opusOptions).joined(separator: " "), voice, text] { h.add(part) }
        return h.value
    }

    /// The stream's serial number, from the key: the same for the same narration, whatever the build.
    static func serial(_ key: Fingerprint) -> UInt32 { UInt32(truncatingIfNeeded: key.low) & 0x7FFF_FFFF }

    public struct Failure: Error, Sendable {
        public var message: String
        /// The signal that killed espeak-ng or opusenc, when one crashed.
        public var signal: Int32? = nil
    }

    /// The Ogg Opus bytes of `text` read by `voice`, checked, with their length. `markup`: the text
    /// is SSML (espeak-ng's `-m`), its characters escaped as XML.
    public func speak(_ text: String, voice: String, markup: Bool = false, key: Fingerprint) -> Result<(bytes: [UInt8], file: OggOpus), Failure> {
        let work = folder + "/" + key.description
        let fm = FileManager.default
        try? fm.removeItem(atPath: work)
        defer { try? fm.removeItem(atPath: work) }
        let textFile = work + "/text.txt", opus = work + "/narration.opus"
        guard mkdir(work, 0o755) == 0,
              (try? NewFile.create(textFile, Array(SpeakableText.of(text).utf8), durability: .cached)) != nil else {
            return .failure(Failure(message: "could not write in \(folder)"))
        }
        // Both programs run in the work folder and are given its files' names only: espeak-ng cuts a
        // file's path at 200 bytes, and a cache folder deep enough is longer than that.
        let espeak = ToolRun(executable: tools.espeak, arguments: Self.espeakOptions + (markup ? ["-m"] : []) + ["-v", voice, "-f", "text.txt", "-w", "speech.wav"],
                             folder: work, timeout: Self.timeout)
        if case .failure(let f) = espeak.run() { return .failure(Failure(message: f.message, signal: f.signal)) }
        let encode = ToolRun(executable: tools.opusenc, arguments: Self.opusOptions + ["--serial", String(Self.serial(key)), "speech.wav", "narration.opus"],
                             folder: work, timeout: Self.timeout)
        if case .failure(let f) = encode.run() { return .failure(Failure(message: f.message, signal: f.signal)) }
        guard let data = fm.contents(atPath: opus) else { return .failure(Failure(message: "opusenc wrote no file")) }
        let bytes = [UInt8](data)
        guard let file = OggOpus(bytes) else { return .failure(Failure(message: "opusenc wrote a file that is not Ogg Opus")) }
        return .success((bytes, file))
    }
}
