import Foundation

/// Writes a Swift file holding every file of a theme folder (hidden ones left out), by path, in
/// base64, sorted by path: `ThemeEmbedder TEMPLATES OUTPUT.swift`.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder TEMPLATES OUTPUT.swift\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL
var files: [(path: String, data: Data)] = []
let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
while let url = walker?.nextObject() as? URL {
    guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
    let full = url.standardizedFileURL.path
    let relative = String(full.dropFirst(root.path.count + 1))
    guard let data = FileManager.default.contents(atPath: full) else {
        FileHandle.standardError.write(Data("ThemeEmbedder: cannot read \(full)\n".utf8))
        exit(1)
    }
    files.append((relative, data))
}
files.sort { $0.path < $1.path }
var swift = "// Made by ThemeEmbedder from templates/ at build time; never edited by hand.\n\n"
swift += "extension DefaultTheme {\n    static let packed: [(path: String, base64: String)] = [\n"
for file in files {
    let path = file.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    swift += "        (\"\(path)\", \"\(file.data.base64EncodedString())\"),\n"
}
swift += "    ]\n}\n"
do {
    try Data(swift.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("ThemeEmbedder: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
