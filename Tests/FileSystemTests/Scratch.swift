import Foundation
import FileSystem

/// A new empty folder for one test, with helpers to write and list files in it.
struct Scratch {
    let dir: String

    init() {
        dir = NSTemporaryDirectory() + "cs-fs-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(text.utf8))
    }

    func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: dir + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every name in the folder, hidden ones too.
    func names(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? dir : dir + "/" + sub)) ?? []).sorted()
    }

    /// Mounts a tmpfs of `bytes` on `sub` (root only); returns a closure that unmounts it, or nil.
    func smallDisk(_ sub: String, bytes: Int) -> (() -> Void)? {
        guard getuid() == 0, FileManager.default.fileExists(atPath: "/bin/mount") else { return nil }
        let path = dir + "/" + sub
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path]) else { return nil }
        return { _ = Self.run("/bin/umount", [path]) }
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// True when mounting a small disk is possible here (root, with `mount`).
    static var canMount: Bool { getuid() == 0 && FileManager.default.fileExists(atPath: "/bin/mount") }
}
