import Output
import Testing

@Suite("Where the cache folder is")
struct CacheFolderPlaceTests {
    /// The folder for OUT `/srv/site/public`, without its last part (the name and the fingerprint).
    func base(_ environment: [String: String]) -> String {
        let folder = CacheFolder.forOutput("/srv/site/public", environment: environment)
        let last = folder.split(separator: "/").last.map(String.init) ?? ""
        #expect(last.hasPrefix("public-"))
        return String(folder.dropLast(last.count + 1))
    }

    @Test("XDG_CACHE_HOME wins, then the home's .cache")
    func xdgThenHome() {
        #expect(base(["XDG_CACHE_HOME": "/c", "HOME": "/h", "TMPDIR": "/t"]) == "/c/commonsight")
        #expect(base(["HOME": "/h", "TMPDIR": "/t"]) == "/h/.cache/commonsight")
    }

    @Test("without a home, the cache is in the temporary folder the user chose, else in /tmp")
    func noHome() {
        #expect(base(["TMPDIR": "/scratch/run.1/"]) == "/scratch/run.1/commonsight-cache/commonsight")
        #expect(base(["TMPDIR": "/scratch//"]) == "/scratch/commonsight-cache/commonsight")
        #expect(base(["TMPDIR": "/"]) == "/commonsight-cache/commonsight")
        #expect(base(["TMPDIR": "relative/tmp"]) == "/tmp/commonsight-cache/commonsight")
        #expect(base(["HOME": "relative", "TMPDIR": ""]) == "/tmp/commonsight-cache/commonsight")
        #expect(base([:]) == "/tmp/commonsight-cache/commonsight")
    }
}
