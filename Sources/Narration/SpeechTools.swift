import Foundation

/// espeak-ng and opusenc (Debian's `espeak-ng` and `opus-tools`), found once per build, with
/// their versions, which name the sound they make.
public struct SpeechTools: Sendable, Equatable {
    public var espeak: String
    public var opusenc: String
    /// Both programs' version lines: part of every narration's key.
    public var versions: String

    /// Where to look for the two programs.
    public enum Location: Sendable, Equatable {
        /// On `PATH`, as installed.
        case searchPath
        /// These files (for tests: a missing one stands for a machine without espeak-ng).
        case at(espeak: String, opusenc: String)
    }

    /// A program that is not there, by the name its package gives it.
    public struct Missing: Error, Equatable {
        public var program: String
    }

    /// The two programs, or the first one missing. `folder` (made, then removed) takes their version output for a moment.
    public static func find(_ location: Location, path: String?, folder: String) -> Result<SpeechTools, Missing> {
        let (espeak, opusenc): (String?, String?)
        switch location {
        case .searchPath: (espeak, opusenc) = (lookUp("espeak-ng", in: path), lookUp("opusenc", in: path))
        case .at(let e, let o): (espeak, opusenc) = (executable(e), executable(o))
        }
        guard let espeak else { return .failure(Missing(program: "espeak-ng")) }
        guard let opusenc else { return .failure(Missing(program: "opusenc")) }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [String] = []
        for (tool, name) in [(espeak, "espeak-ng"), (opusenc, "opusenc")] {
            guard case .success(let said) = ToolRun(executable: tool, arguments: ["--version"], folder: folder, timeout: 10).run() else {
                return .failure(Missing(program: name))
            }
            lines.append(said.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
        }
        // Only the version line: espeak-ng's names its data folder too, which may move.
        let versions = lines.map { $0.components(separatedBy: "  Data at:").first ?? $0 }.joined(separator: " | ")
        return .success(SpeechTools(espeak: espeak, opusenc: opusenc, versions: versions))
    }

    /// The first executable file called `name` in the folders of `path` (a `PATH` value).
    static func lookUp(_ name: String, in path: String?) -> String? {
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return folders.lazy.compactMap { executable($0 + "/" + name) }.first
    }

    static func executable(_ file: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isExecutableFile(atPath: file) else { return nil }
        return file
    }
}
