import Foundation

/// What a generation folder holds: each file's path and the hash of its bytes, one per line.
struct Manifest {
    var hashes: [String: UInt64] = [:]

    static func read(_ path: String) -> Manifest? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var m = Manifest()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n")
        guard lines.first == "commonsight-manifest 1" else { return nil }
        lines.removeFirst()
        for line in lines {
            guard let tab = line.lastIndex(of: "\t"), let h = UInt64(line[line.index(after: tab)...], radix: 16) else { return nil }
            m.hashes[String(line[..<tab])] = h
        }
        return m
    }

    func write(_ path: String) -> Bool {
        var out = "commonsight-manifest 1\n"
        for (p, h) in hashes.sorted(by: { $0.key < $1.key }) { out += "\(p)\t\(String(h, radix: 16))\n" }
        return Tree.writeFile(path, Array(out.utf8)) == nil
    }
}
