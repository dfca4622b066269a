import Foundation
import Testing
@testable import FileSystem

@Suite("The advisory lock is held by one at a time and names its holder")
struct AdvisoryLockTests {
    @Test("a second taker times out naming the holder from its note; after release it takes the lock")
    func timesOut() throws {
        let s = Scratch()
        let note = s.dir + "/notes/lock.holder"
        let held = try AdvisoryLock.take(s.dir, seconds: 0, note: note, holder: "review --remove c1, process 7")
        #expect(s.text("notes/lock.holder") == "review --remove c1, process 7\n")
        #expect(throws: FileError.busy(holder: "review --remove c1, process 7")) {
            _ = try AdvisoryLock.take(s.dir, seconds: 0.2, note: note, holder: "new story")
        }
        held.release()
        #expect(s.text("notes/lock.holder") == nil)
        let next = try AdvisoryLock.take(s.dir, seconds: 0.2, note: note, holder: "new story")
        #expect(s.text("notes/lock.holder") == "new story\n")
        next.release()
    }

    @Test("without a note the busy lock names nobody")
    func noNote() throws {
        let s = Scratch()
        s.write("file", "")
        let held = try AdvisoryLock.take(s.dir + "/file", seconds: 0)
        defer { held.release() }
        #expect(throws: FileError.busy(holder: nil)) { _ = try AdvisoryLock.take(s.dir + "/file", seconds: 0.1, step: 0.05) }
    }

    @Test("a lock on a missing place is a system error, not a wait")
    func missing() {
        #expect(throws: FileError.system(ENOENT)) { _ = try AdvisoryLock.take("/nonexistent-\(UUID().uuidString)", seconds: 5) }
    }
}
