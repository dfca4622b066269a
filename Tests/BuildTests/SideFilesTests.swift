@testable import Build
import Output
import Parallelism
import Products
import Testing

@Suite("Side files made on every core")
struct SideFilesTests {
    /// `count` side files, each one file `side/N.txt` whose bytes are its number.
    static func sideFiles(_ count: Int, made: Locked<Int> = Locked(0)) -> [SideFile] {
        (0..<count).map { i in
            SideFile {
                made.withLock { $0 += 1 }
                return [OutputFile(path: "side/\(i).txt", bytes: Array(String(i).utf8))]
            }
        }
    }

    @Test("each side file is written once, by one thread at a time, and listed in order")
    func eachOnce() throws {
        let seen = Locked<[String]>([])
        let inside = Locked(0), overlaps = Locked(0)
        let (written, _) = try SideFiles.make(Self.sideFiles(200), workers: 4) { files throws(OutputProblem) in
            if inside.withLock({ n in n += 1; return n > 1 }) { overlaps.withLock { $0 += 1 } }
            seen.withLock { $0 += files.map(\.path) }
            inside.withLock { $0 -= 1 }
        }
        #expect(overlaps.value == 0, "two writes at once")
        #expect(written.map(\.path) == (0..<200).map { "side/\($0).txt" })
        #expect(seen.value.sorted() == written.map(\.path).sorted())
    }

    @Test("after a write fails no other side file is made or written, and the failure is what the build is told")
    func nothingAfterAFailure() {
        let writes = Locked(0), made = Locked(0)
        do {
            _ = try SideFiles.make(Self.sideFiles(200, made: made), workers: 4) { files throws(OutputProblem) in
                let n = writes.withLock { n in n += 1; return n }
                if n == 3 { throw OutputProblem.taken(path: "OUT/" + (files.first?.path ?? "")) }
            }
            Issue.record("the failed write was not told")
        } catch {
            guard case .taken(let path) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path.hasPrefix("OUT/side/"))
        }
        #expect(writes.value == 3, "\(writes.value) writes")
        // Those the other workers were making when it failed are made, and no more.
        #expect(made.value <= 3 + 4, "\(made.value) side files made")
    }
}
