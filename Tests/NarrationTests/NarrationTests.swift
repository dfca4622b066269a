import Fingerprint
import Foundation
import Testing
@testable import Narration

/// The pieces of a narration that need no speech tools: reading an Ogg Opus file back, and the key
/// that names a narration and seeds its stream's serial number.
@Suite("Narration: the Ogg Opus file read back and the narration's key")
struct NarrationTests {
    /// One Ogg page (RFC 3533) with one packet, its checksum filled in.
    static func page(_ packet: [UInt8], granule: Int64, serial: UInt32 = 7, sequence: UInt32, flags: UInt8) -> [UInt8] {
        func little(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        var lacing = [UInt8](repeating: 255, count: packet.count / 255)
        lacing.append(UInt8(packet.count % 255))
        var p = Array("OggS".utf8) + [0, flags] + little(UInt64(bitPattern: granule), 8) + little(UInt64(serial), 4) + little(UInt64(sequence), 4)
        p += [0, 0, 0, 0, UInt8(lacing.count)] + lacing + packet
        let crc = OggCRC.of(p)
        p.replaceSubrange(22..<26, with: little(UInt64(crc), 4))
        return p
    }

    /// A stream of OpusHead (pre-skip 312), OpusTags and one page of sound ending at `granule`.
    static func stream(granule: Int64, serial: UInt32 = 7) -> [UInt8] {
        let head = Array("OpusHead".utf8) + [1, 1, 0x38, 0x01, 0x22, 0x56, 0, 0, 0, 0, 0]
        let tags = Array("OpusTags".utf8) + [0, 0, 0, 0, 0, 0, 0, 0]
        return page(head, granule: 0, serial: serial, sequence: 0, flags: 0x02) + page(tags, granule: 0, serial: serial, sequence: 1, flags: 0)
            + page([0xF8, 0xFF, 0xFE], granule: granule, serial: serial, sequence: 2, flags: 0x04)
    }

    @Test("a stream's length is its last granule position less the pre-skip, at 48 kHz")
    func length() throws {
        let file = try #require(OggOpus(Self.stream(granule: 48_000 * 90 + 312, serial: 0x1234_5678)))
        #expect(file.seconds == 90)
        #expect(file.serial == 0x1234_5678 && file.channels == 1 && file.preSkip == 312 && file.pageCount == 3)
    }

    @Test("a wrong checksum, a missing OpusHead, a page out of order, a cut file or text is not Ogg Opus")
    func refusals() {
        let good = Self.stream(granule: 96_312)
        #expect(OggOpus(good) != nil)
        var flipped = good
        flipped[flipped.count - 1] ^= 1
        #expect(OggOpus(flipped) == nil, "checksum")
        let noHead = Self.page(Array("OpusTags".utf8) + [0, 0, 0, 0, 0, 0, 0, 0], granule: 0, sequence: 0, flags: 0x02)
            + Self.page([1], granule: 0, sequence: 1, flags: 0) + Self.page([1], granule: 9_000, sequence: 2, flags: 0x04)
        #expect(OggOpus(noHead) == nil, "no OpusHead")
        let head = Array("OpusHead".utf8) + [1, 1, 0x38, 0x01, 0x22, 0x56, 0, 0, 0, 0, 0]
        let outOfOrder = Self.page(head, granule: 0, sequence: 0, flags: 0x02) + Self.page(Array("OpusTags".utf8), granule: 0, sequence: 2, flags: 0)
            + Self.page([1], granule: 9_000, sequence: 1, flags: 0x04)
        #expect(OggOpus(outOfOrder) == nil, "order")
        #expect(OggOpus(Array(good.dropLast(2))) == nil, "cut")
        #expect(OggOpus(Array("RIFF....WAVEfmt ".utf8)) == nil, "not Ogg")
        #expect(OggOpus([]) == nil)
    }

    @Test("the serial number comes from the narration's key, so the same text and voice give the same stream")
    func serial() {
        let tools = SpeechTools(espeak: "/usr/bin/espeak-ng", opusenc: "/usr/bin/opusenc", versions: "1.51 | 0.2")
        let n = Narrator(tools: tools, folder: "/tmp/unused")
        let a = n.key(text: "Hello.", voice: "en-us")
        #expect(a == n.key(text: "Hello.", voice: "en-us"))
        #expect(a != n.key(text: "Hello!", voice: "en-us"))
        #expect(a != n.key(text: "Hello.", voice: "es-419"))
        var newer = n
        newer.tools.versions = "1.52 | 0.2"
        #expect(a != newer.key(text: "Hello.", voice: "en-us"))
        #expect(Narrator.serial(a) == Narrator.serial(n.key(text: "Hello.", voice: "en-us")))
        #expect(Narrator.serial(a) <= 0x7FFF_FFFF)
    }
}

@Suite("Narration: what espeak-ng is given, and a tool that crashes")
struct SpeakableTextTests {
    static let path = ProcessInfo.processInfo.environment["PATH"]
    static let espeak = SpeechTools.lookUp("espeak-ng", in: path)
    static let opusenc = SpeechTools.lookUp("opusenc", in: path)

    @Test("phoneme brackets are pulled apart and control characters become spaces; other text is left as it is")
    func speakable() {
        #expect(SpeakableText.of("Hi [[h@l'oU]] ]] [[") == "Hi [ [h@l'oU] ] ] ] [ [")
        #expect(SpeakableText.of("[[[x]]]") == "[ [ [x] ] ]")
        #expect(SpeakableText.of("a\u{01}50S b\u{85}c\u{9B}d\u{7F}e\n\nf\tg") == "a 50S b c d e\n\nf\tg")
        let plain = "Residents filed [one] report about <speeding> & noise, “fast”, at 5 a.m. — أربعة"
        #expect(SpeakableText.of(plain) == plain)
    }

    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "cs-narration-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the real espeak-ng reads a text with phoneme brackets into audio", .enabled(if: espeak != nil && opusenc != nil))
    func realEspeak() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tools = try SpeechTools.find(.searchPath, path: Self.path, folder: folder + "/find").get()
        let narrator = Narrator(tools: tools, folder: folder + "/work")
        let text = "Slow down on Main\n\nNeighbors wrote [[h@l'oU]] ]] [[ on the sign."
        narrator.prepare()
        let made = try narrator.speak(text, voice: "en-us", key: narrator.key(text: text, voice: "en-us")).get()
        #expect(made.file.seconds > 1)
    }

    @Test("a work folder whose path is longer than the 200 bytes espeak-ng keeps of a file's name still gives audio",
          .enabled(if: espeak != nil && opusenc != nil))
    func deepWorkFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tools = try SpeechTools.find(.searchPath, path: Self.path, folder: folder + "/find").get()
        let deep = folder + "/" + String(repeating: "cache-folder-", count: 12) + "/" + String(repeating: "édition-", count: 8)
        let narrator = Narrator(tools: tools, folder: deep)
        let text = "Slow down on Main."
        let key = narrator.key(text: text, voice: "en-us")
        #expect((deep + "/" + key.description + "/speech.wav").utf8.count > 300)
        narrator.prepare()
        let made = try narrator.speak(text, voice: "en-us", key: key).get()
        #expect(made.file.seconds > 0.5)
    }

    @Test("a speech tool started without a runtime folder gets one in its work folder, removed after")
    func runtimeFolder() throws {
        #expect(ToolRun.childEnvironment(["HOME": "/h"], runtime: "/w/rt") == ["HOME": "/h", "XDG_RUNTIME_DIR": "/w/rt"])
        #expect(ToolRun.childEnvironment(["XDG_RUNTIME_DIR": ""], runtime: "/w/rt") == ["XDG_RUNTIME_DIR": "/w/rt"])
        #expect(ToolRun.childEnvironment(["XDG_RUNTIME_DIR": "/run/user/1000"], runtime: "/w/rt") == ["XDG_RUNTIME_DIR": "/run/user/1000"])
    }

    @Test("the real espeak-ng, run without a runtime folder, leaves nothing in the home folder or the work folder",
          .enabled(if: espeak != nil))
    func espeakLeavesNoSoundFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let home = folder + "/home", work = folder + "/work"
        for f in [home, work] { try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true) }
        var run = ToolRun(executable: try #require(Self.espeak), arguments: ["--version"], folder: work, timeout: 10)
        run.environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
        guard case .success(let said) = run.run() else { Issue.record("espeak-ng did not run"); return }
        #expect(said.contains("eSpeak"))
        // Without a runtime folder of its own, its sound library links ~/.config/pulse to /tmp/pulse-*.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
    }

    @Test("a narration whose work folder a stop removed fails, and does not make the folder again")
    func removedWorkFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let narrator = Narrator(tools: SpeechTools(espeak: "/nonexistent/espeak-ng", opusenc: "/nonexistent/opusenc", versions: "fake"),
                                folder: folder + "/work")
        narrator.prepare()
        #expect(FileManager.default.fileExists(atPath: folder + "/work"))
        try FileManager.default.removeItem(atPath: folder + "/work")
        guard case .failure = narrator.speak("Hello.", voice: "en-us", key: narrator.key(text: "Hello.", voice: "en-us")) else {
            Issue.record("a narration was made without its work folder")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/work"))
    }

    @Test("a tool killed by SIGSEGV is a failure that names the signal", .enabled(if: opusenc != nil))
    func crashingTool() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/espeak-ng"
        try Data("#!/bin/sh\nkill -SEGV $$\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let narrator = Narrator(tools: SpeechTools(espeak: script, opusenc: try #require(Self.opusenc), versions: "fake"), folder: folder + "/work")
        let key = narrator.key(text: "Hello.", voice: "en-us")
        narrator.prepare()
        guard case .failure(let failure) = narrator.speak("Hello.", voice: "en-us", key: key) else {
            Issue.record("a crashed espeak-ng made audio")
            return
        }
        #expect(failure.message == "espeak-ng crashed (killed by signal 11, SIGSEGV)")
        #expect(failure.signal == 11)
    }
}
