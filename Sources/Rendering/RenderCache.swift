import Fingerprint
import Foundation
import Liquid
import Output

/// What the last build rendered: for each page, a hash of everything its templates saw and a hash
/// of the bytes they made. A page whose inputs hash the same is not rendered again: its bytes are
/// the ones already in OUT. The key names the program version and the theme, so a change to either
/// starts from nothing.
public struct RenderCache: Sendable {
    public var key: String
    public var pages: [String: (input: UInt64, output: UInt64)]
    /// Whole neighborhoods: when a neighborhood's key (its files, `site.yml`, the build's options) is
    /// unchanged, every file of it is reused without building a single view model.
    public var hoods: [String: Hood] = [:]

    public struct Hood: Sendable {
        public var key: UInt64
        public var pageCount: Int
        public var files: [(path: String, hash: UInt64)]
    }

    public init(key: String, pages: [String: (input: UInt64, output: UInt64)] = [:]) {
        self.key = key
        self.pages = pages
    }

    static let header = "commonsight-render-cache 2"

    /// The cache in `folder`, when it was made with the same key.
    public static func load(_ folder: String, key: String) -> RenderCache? {
        guard let data = FileManager.default.contents(atPath: folder + "/render.cache") else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count >= 2, lines[0] == header, lines[1] == key else { return nil }
        var cache = RenderCache(key: key)
        for line in lines.dropFirst(2) {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch (parts.first, parts.count) {
            case ("P", 4):
                guard let i = UInt64(parts[2], radix: 16), let o = UInt64(parts[3], radix: 16) else { return nil }
                cache.pages[String(parts[1])] = (i, o)
            case ("H", 4):
                guard let k = UInt64(parts[2], radix: 16), let n = Int(parts[3]) else { return nil }
                cache.hoods[String(parts[1]), default: Hood(key: k, pageCount: n, files: [])].key = k
                cache.hoods[String(parts[1])]?.pageCount = n
            case ("F", 4):
                guard let h = UInt64(parts[3], radix: 16), cache.hoods[String(parts[1])] != nil else { return nil }
                cache.hoods[String(parts[1])]?.files.append((String(parts[2]), h))
            default:
                return nil
            }
        }
        return cache
    }

    public func save(_ folder: String) {
        var out = Self.header + "\n" + key + "\n"
        for (path, h) in pages.sorted(by: { $0.key < $1.key }) {
            out += "P\t\(path)\t\(String(h.input, radix: 16))\t\(String(h.output, radix: 16))\n"
        }
        for (slug, hood) in hoods.sorted(by: { $0.key < $1.key }) {
            out += "H\t\(slug)\t\(String(hood.key, radix: 16))\t\(hood.pageCount)\n"
            for f in hood.files { out += "F\t\(slug)\t\(f.path)\t\(String(f.hash, radix: 16))\n" }
        }
        try? Data(out.utf8).write(to: URL(fileURLWithPath: folder + "/render.cache"))
    }
}

/// A page's inputs as one number: every value its templates can see, walked in a fixed order.
enum InputHash {
    static func add(_ variables: ArraySlice<(String, Value)>, to h: inout FNV) {
        h.add(UInt64(variables.count))
        for (k, v) in variables {
            h.add(k)
            add(v, to: &h)
        }
    }

    static func add(_ v: Value, to h: inout FNV) {
        switch v {
        case .nil: h.add([0])
        case .bool(let b): h.add([1, b ? 1 : 0])
        case .int(let n): h.add([2]); h.add(UInt64(bitPattern: Int64(n)))
        case .float(let d): h.add([3]); h.add(d.bitPattern)
        case .string(let s): h.add([4]); h.add(s)
        case .safe(let s): h.add([5]); h.add(s)
        case .array(let a):
            h.add([6]); h.add(UInt64(a.count))
            for item in a { add(item, to: &h) }
        case .object(let o):
            h.add([7]); h.add(UInt64(o.count))
            o.forEach { k, item in h.add(k); add(item, to: &h) }
        case .range(let lo, let hi): h.add([8]); h.add(UInt64(bitPattern: Int64(lo))); h.add(UInt64(bitPattern: Int64(hi)))
        case .empty: h.add([9])
        case .blank: h.add([10])
        }
    }
}
