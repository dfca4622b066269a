import Foundation
import Testing

@Suite("The program's start", .enabled(if: Program.exists, "needs the commonsight executable (swift build --product commonsight)"))
struct StartupTests {
    @Test("commonsight starts without loading libcurl and what it brings: only an https:// model needs it")
    func startsWithoutCurl() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Program.path)
        p.arguments = ["--version"]
        // The dynamic loader names each library it loads on standard error.
        p.environment = ["LD_DEBUG": "libs", "HOME": NSTemporaryDirectory()]
        let errPipe = Pipe()
        p.standardOutput = Pipe()
        p.standardError = errPipe
        try p.run()
        let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(err.contains("libc.so.6"), "the loader told nothing: \(err.prefix(200))")
        for library in ["libcurl", "libssl", "libgnutls", "libkrb5", "libldap"] {
            #expect(!err.contains(library), "\(library) was loaded at start")
        }
    }
}
