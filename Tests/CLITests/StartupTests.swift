import Foundation
import Testing

@Suite("The program's start", .enabled(if: Program.exists, "needs the commonsight executable (swift build --product commonsight)"))
struct StartupTests {
    @Test("commonsight starts without loading libcurl and what it brings: only an https:// model needs it")
    func startsWithoutCurl() throws {
        // The dynamic loader names each library it loads on standard error.
        let ended = try Program.run(["--version"], environment: ["LD_DEBUG": "libs"])
        let err = ended.err
        #expect(ended.exited && ended.status == 0)
        #expect(err.contains("libc.so.6"), "the loader told nothing: \(err.prefix(200))")
        for library in ["libcurl", "libssl", "libgnutls", "libkrb5", "libldap"] {
            #expect(!err.contains(library), "\(library) was loaded at start")
        }
    }
}
