import Diagnostics
import Foundation

/// Stage ④: writes the site into a staging folder beside OUT, then swaps it in, so a failed build
/// leaves the previous site exactly as it was and a successful one leaves no stale file.
public enum SiteWriter {
    /// Writes `files` (paths relative to `out`) and replaces `out` with them.
    public static func write(_ files: [(path: String, bytes: [UInt8])], to out: String) throws(Diagnostic) {
        let fm = FileManager.default
        let outURL = URL(fileURLWithPath: out).standardizedFileURL
        let parent = outURL.deletingLastPathComponent()
        let name = outURL.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).staging-\(pid)")
        let old = parent.appendingPathComponent(".\(name).old-\(pid)")
        func fail(_ message: String, _ path: String) -> Diagnostic {
            try? fm.removeItem(at: staging)
            return .error(SourceLocation(path: path), message)
        }
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            if fm.fileExists(atPath: staging.path) { try fm.removeItem(at: staging) }
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw fail("cannot create the staging folder beside the output: \(error.localizedDescription)", staging.path)
        }
        var made = Set<String>()
        for file in files {
            guard isInside(file.path) else { throw fail("refusing to write outside the output folder", file.path) }
            let target = staging.appendingPathComponent(file.path)
            let dir = target.deletingLastPathComponent().path
            do {
                if !made.contains(dir) {
                    try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
                    made.insert(dir)
                }
                try Data(file.bytes).write(to: target)
            } catch {
                throw fail("cannot write \(file.path): \(error.localizedDescription)", out)
            }
        }
        do {
            let existed = fm.fileExists(atPath: outURL.path)
            if existed { try fm.moveItem(at: outURL, to: old) }
            do {
                try fm.moveItem(at: staging, to: outURL)
            } catch {
                if existed { try? fm.moveItem(at: old, to: outURL) }
                throw error
            }
            if existed { try? fm.removeItem(at: old) }
        } catch {
            throw fail("cannot replace the output folder: \(error.localizedDescription)", out)
        }
    }

    /// A relative path without `..`, `.` or empty parts.
    static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != ".." && $0 != "." && !$0.isEmpty }
    }
}
