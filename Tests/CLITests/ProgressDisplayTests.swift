import Foundation
import Rendering
import Themes
import Words
import Synchronization
import Testing
@testable import CLI

@Suite("How a build's progress is shown")
struct ProgressDisplayTests {
    final class Recorder: Sendable {
        let now = Mutex(0.0)
        let raw = Mutex<[String]>([])
        let lines = Mutex<[String]>([])
        func display(terminal: Bool, verbose: Bool = false, columns: Int = 80) -> ProgressDisplay {
            ProgressDisplay(terminal: terminal, verbose: verbose, columns: columns, clock: { self.now.withLock { $0 } },
                            raw: { s in self.raw.withLock { $0.append(s) } }, line: { s in self.lines.withLock { $0.append(s) } })
        }
        func at(_ t: Double) { now.withLock { $0 = t } }
    }

    @Test("on a terminal, a stage over a second counts in place, then ends with one line and its time")
    func terminal() {
        let r = Recorder(), d = r.display(terminal: true)
        d.take(.began("Rendering pages"))
        d.take(.counted("Rendering pages", done: 64, total: 2932))  // at 0 s: too soon to show
        r.at(1.5)
        d.take(.counted("Rendering pages", done: 1280, total: 2932))
        r.at(1.55)
        d.take(.counted("Rendering pages", done: 1344, total: 2932))  // 0.05 s later: not redrawn
        r.at(3)
        d.take(.ended("Rendering pages"))
        #expect(r.raw.withLock { $0 } == ["\r\u{1b}[2KRendering pages: 1,280 of 2,932…", "\r\u{1b}[2K"])
        #expect(r.lines.withLock { $0 } == ["Rendering pages: 1,344 of 2,932, 3.00 s"])
    }

    @Test("in a log nothing is rewritten: one line for each stage of a second or more, every stage with --verbose")
    func log() {
        let r = Recorder(), d = r.display(terminal: false)
        d.take(.began("Loading content and templates"))
        r.at(0.4)
        d.take(.ended("Loading content and templates"))
        d.take(.began("Reading stories aloud"))
        r.at(5)
        d.take(.counted("Reading stories aloud", done: 13, total: 13))
        d.take(.ended("Reading stories aloud"))
        #expect(r.raw.withLock { $0 }.isEmpty)
        #expect(r.lines.withLock { $0 } == ["Reading stories aloud: 13 of 13, 4.60 s"])
        let v = Recorder(), verbose = v.display(terminal: false, verbose: true)
        verbose.take(.began("Assembling pages"))
        v.at(0.25)
        verbose.take(.ended("Assembling pages"))
        #expect(v.lines.withLock { $0 } == ["Assembling pages: 0.25 s"])
    }

    @Test("two stages at once share the line, and the one still running stays on it when the other ends")
    func twoAtOnce() {
        let r = Recorder(), d = r.display(terminal: true)
        d.take(.began("Rendering and writing"))  // a stage that does not count is not shown
        d.take(.began("Reading stories aloud"))
        d.take(.began("Rendering pages"))
        r.at(1.5)
        d.take(.counted("Rendering pages", done: 640, total: 2932))
        r.at(2)
        d.take(.counted("Reading stories aloud", done: 3, total: 13))
        r.at(2.5)
        d.take(.ended("Rendering pages"))
        r.at(3)
        d.take(.counted("Reading stories aloud", done: 4, total: 13))
        #expect(r.raw.withLock { $0 } == [
            "\r\u{1b}[2KRendering pages: 640 of 2,932…",
            "\r\u{1b}[2KReading stories aloud: 3 of 13…  Rendering pages: 640 of 2,932…",
            "\r\u{1b}[2K",
            "\r\u{1b}[2KReading stories aloud: 4 of 13…",
        ])
        #expect(r.lines.withLock { $0 } == ["Rendering pages: 640 of 2,932, 2.50 s"])
    }

    @Test("the line never grows wider than the terminal, which would wrap it and leave rows behind")
    func narrowTerminal() {
        let r = Recorder(), d = r.display(terminal: true, columns: 40)
        d.take(.began("Reading stories aloud"))
        d.take(.began("Drawing share cards"))
        r.at(1.5)
        d.take(.counted("Reading stories aloud", done: 2, total: 13))
        r.at(2)
        d.take(.counted("Drawing share cards", done: 64, total: 474))
        let drawn = r.raw.withLock { $0 }.map { $0.dropFirst("\r\u{1b}[2K".count) }
        #expect(drawn == ["Reading stories aloud: 2 of 13…", "Reading stories aloud: 2 of 13…  Drawin"])
        #expect(drawn.allSatisfy { $0.count <= 39 })
    }
}
