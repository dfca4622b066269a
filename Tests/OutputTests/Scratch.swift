import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

/// A scratch folder with an OUT inside it, and helpers to look at the tree as bytes.
struct Scratch {
    let base: String
    var out: String { base + "/public" }
    var protected: OutputPlace.Protected { .init(content: base + "/content", templates: base + "/templates", home: nil) }

    init() {
        base = NSTemporaryDirectory() + "cs-output-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: base + "/content", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: base + "/templates", withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `root` (links not followed), relative path → text; links shown as `-> target`.
    func tree(_ root: String? = nil) -> [String: String] {
        let root = root ?? out
        var out: [String: String] = [:]
        func walk(_ rel: String) {
            let path = rel.isEmpty ? root : root + "/" + rel
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                let child = root + "/" + childRel
                if let dest = try? FileManager.default.destinationOfSymbolicLink(atPath: child) {
                    out[childRel] = "-> " + dest
                } else if Posix.status(child)?.kind == .folder {
                    walk(childRel)
                } else {
                    out[childRel] = read(child) ?? ""
                }
            }
        }
        walk("")
        return out
    }

    /// A small site: a home page and pages in two folders, one of them nested.
    static let fourPages = ["index.html": "home", "a/index.html": "A", "a/b/page.html": "B", "c/index.html": "C"]

    /// The site's files only: the manifest left out.
    func site() -> [String: String] { tree().filter { $0.key != OutputManifest.fileName } }

    func open() throws(OutputProblem) -> OutputFolder { try OutputFolder.open(out, protected: protected, waitTenths: 3) }

    /// Opens OUT and commits `files` (path → text).
    @discardableResult
    func commit(_ files: [String: String], untouched: Set<String> = []) throws(OutputProblem) -> CommitReport {
        let folder = try open()
        return try folder.commit(Self.files(files), untouched: untouched)
    }

    static func files(_ files: [String: String]) -> [OutputFile] {
        files.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, bytes: Array($0.value.utf8)) }
    }
}
