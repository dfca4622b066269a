import Glibc

/// The GNU build ID the linker wrote into this program (a hash of its linked bytes), read from its
/// ELF notes with a few small reads: nil where there is none (then the whole file is hashed).
enum BuildID {
    static func ofThisProgram(path: String = "/proc/self/exe") -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count > 0, count <= 1 << 20 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        // A 64-bit little-endian ELF file: its program headers, and among them the notes.
        guard let elf = read(0, 64), elf[0..<4] == [0x7F, 0x45, 0x4C, 0x46], elf[4] == 2, elf[5] == 1 else { return nil }
        func number<T: FixedWidthInteger>(_ b: [UInt8], _ at: Int, _: T.Type) -> Int {
            Int(exactly: b[at..<(at + MemoryLayout<T>.size)].reversed().reduce(T(0)) { $0 << 8 | T($1) }) ?? -1
        }
        let tableAt = number(elf, 32, UInt64.self), entrySize = number(elf, 54, UInt16.self), entries = number(elf, 56, UInt16.self)
        guard entrySize >= 56, let table = read(tableAt, entrySize * entries) else { return nil }
        for k in 0..<entries {
            let at = k * entrySize
            guard number(table, at, UInt32.self) == 4,  // PT_NOTE
                  let notes = read(number(table, at + 8, UInt64.self), number(table, at + 32, UInt64.self)) else { continue }
            if let id = notes.withUnsafeBytes({ gnuNote(in: $0) }) { return id }
        }
        return nil
    }

    /// The description of the note named "GNU" of type 3 (NT_GNU_BUILD_ID), in hex.
    static func gnuNote(in notes: UnsafeRawBufferPointer) -> String? {
        var at = 0
        func aligned(_ n: Int) -> Int { (n + 3) & ~3 }
        while at + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
            let descSize = Int(notes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self)
            let name = at + 12, desc = name + aligned(nameSize)
            guard desc + descSize <= notes.count else { return nil }
            if type == 3, nameSize == 4, Array(notes[name..<(name + 4)]) == Array("GNU\0".utf8), descSize >= 8 {
                let digits: [Character] = Array("0123456789abcdef")
                return String(notes[desc..<(desc + descSize)].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
            }
            at = desc + aligned(descSize)
        }
        return nil
    }
}
