import Fingerprint
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
