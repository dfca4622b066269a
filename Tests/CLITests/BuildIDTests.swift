import Foundation
import Testing
@testable import CLI

@Suite("The program's identity for the render cache")
struct BuildIDTests {
    @Test("a GNU build-id note is read as hex; other notes and cut ones are not")
    func notes() {
        func note(name: [UInt8], type: UInt32, desc: [UInt8]) -> [UInt8] {
            func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
            func padded(_ b: [UInt8]) -> [UInt8] { b + Array(repeating: 0, count: (4 - b.count % 4) % 4) }
            return le(UInt32(name.count)) + le(UInt32(desc.count)) + le(type) + padded(name) + padded(desc)
        }
        let id: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55]
        let both = note(name: Array("Go\0\0".utf8), type: 4, desc: [1, 2, 3]) + note(name: Array("GNU\0".utf8), type: 3, desc: id)
        #expect(both.withUnsafeBytes { BuildID.gnuNote(in: $0) } == "deadbeef00112233445" + "5")
        #expect(both.dropLast(4).withUnsafeBytes { BuildID.gnuNote(in: UnsafeRawBufferPointer($0)) } == nil, "cut short")
        #expect(note(name: Array("GNU\0".utf8), type: 1, desc: id).withUnsafeBytes { BuildID.gnuNote(in: $0) } == nil, "another type")
    }

    @Test("this program has a build ID, the same each time; a file that is not a program has none")
    func thisProgram() throws {
        let id = try #require(BuildID.ofThisProgram())
        #expect(id.utf8.count >= 16 && id.allSatisfy(\.isHexDigit))
        #expect(BuildID.ofThisProgram() == id)
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-program-\(UUID().uuidString)")
        try Data("#!/bin/sh\necho hi\n".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        #expect(BuildID.ofThisProgram(path: text.path) == nil)
        #expect(BuildID.ofThisProgram(path: "/nonexistent/program") == nil)
    }
}
