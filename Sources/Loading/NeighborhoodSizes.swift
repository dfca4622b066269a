import Foundation

extension ContentLoader {
    /// Every neighborhood folder (in folder order, as `LoadedContent.slugs`) with its input size: the
    /// bytes of its files, where `boundary.geojson` and `basemap.geojson` count a tenth (they are
    /// drawn on maps, not turned into pages), plus 4,096 for the pages every neighborhood has.
    /// Read from the folder's entries alone (`lstat`, no file opened), so every shard of a build
    /// measures the same sizes quickly. Hidden entries are left out, as the loader leaves them out.
    public static func neighborhoodSizes(root: String) -> [(slug: String, size: Int)] {
        let folder = ContentFolder(root: root)
        let dir = folder.path("neighborhoods")
        return folder.list(dir).filter { folder.isDirectory(dir + "/" + $0) }.map { slug in
            (slug, 4_096 + bytes(dir + "/" + slug, depth: 0))
        }
    }

    static func bytes(_ path: String, depth: Int) -> Int {
        guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return 0 }
        var total = 0
        for name in names where !name.hasPrefix(".") {
            let p = path + "/" + name
            var st = stat()
            guard lstat(p, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: total += bytes(p, depth: depth + 1)
            case S_IFREG: total += depth == 0 && (name == "boundary.geojson" || name == "basemap.geojson") ? Int(st.st_size) / 10 : Int(st.st_size)
            default: continue
            }
        }
        return total
    }
}
