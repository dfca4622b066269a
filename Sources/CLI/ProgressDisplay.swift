import Diagnostics
import Foundation
import Rendering

/// How a build goes, as the user sees it. On a terminal, a stage running longer than a second gets
/// a line that counts it ("Rendering pages: 1,280 of 2,932"), rewritten in place, beside any other
/// stage running at the same time; in a log, no line is rewritten. Either way a stage that took a second or more ends with one line and its time, and
/// with `--verbose` every stage does.
final class ProgressDisplay: @unchecked Sendable {
    /// Shown after this many seconds of a stage.
    static let patience = 1.0
    /// At most this often, a terminal's line is rewritten.
    static let redraw = 0.1

    let terminal: Bool
    let verbose: Bool
    let clock: @Sendable () -> Double
    /// Raw bytes to the error stream (a terminal's `\r`), and a finished line.
    let raw: @Sendable (String) -> Void
    let line: @Sendable (String) -> Void

    private let lock = NSLock()
    private var began: [String: Double] = [:]
    /// The stages running, in the order they began.
    private var running: [String] = []
    private var counts: [String: (done: Int, total: Int)] = [:]
    private var drawn = false
    private var lastDraw = 0.0

    /// The terminal's width: a line longer than it would wrap, and only its last row be rewritten.
    let columns: Int

    init(terminal: Bool, verbose: Bool, columns: Int = 80, clock: @escaping @Sendable () -> Double,
         raw: @escaping @Sendable (String) -> Void, line: @escaping @Sendable (String) -> Void) {
        (self.terminal, self.verbose, self.columns, self.clock, self.raw, self.line) = (terminal, verbose, columns, clock, raw, line)
    }

    /// For the real process: a terminal when standard error is one.
    static func forProcess(_ console: Console, verbose: Bool) -> ProgressDisplay {
        var size = winsize()
        let columns = ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        return ProgressDisplay(terminal: isatty(2) == 1 && console.endsWithCommand, verbose: verbose, columns: columns,
                        clock: { Date().timeIntervalSince1970 },
                        raw: { StandardStreams.write(2, Array($0.utf8)) }, line: { [console] in console.err($0) })
    }

    var sink: ProgressSink { { [self] event in self.take(event) } }

    func take(_ event: StageProgress) {
        lock.withLock {
            let now = clock()
            switch event {
            case .began(let name):
                began[name] = now
                counts[name] = nil
                running.removeAll { $0 == name }
                running.append(name)
            case .counted(let name, let done, let total):
                counts[name] = (done, total)
                guard terminal, let start = began[name], now - start >= Self.patience, now - lastDraw >= Self.redraw || done == total else { return }
                // The stages that count, the first begun first, cut to the terminal's width.
                let shown = running.filter { counts[$0] != nil }.map { Self.describe($0, counts[$0]) + "…" }.joined(separator: "  ")
                raw("\r\u{1b}[2K" + String(shown.prefix(max(columns - 1, 1))))
                drawn = true
                lastDraw = now
            case .ended(let name):
                let seconds = now - (began[name] ?? now)
                if drawn { raw("\r\u{1b}[2K") }
                drawn = false
                if verbose || seconds >= Self.patience {
                    line(Self.describe(name, counts[name]) + (counts[name] == nil ? ": " : ", ") + String(format: "%.2f s", seconds))
                }
                began[name] = nil
                running.removeAll { $0 == name }
            }
        }
    }

    /// A stage still drawn when the build stopped early is cleared.
    func finish() {
        lock.withLock {
            if drawn { raw("\r\u{1b}[2K") }
            drawn = false
        }
    }

    /// "Rendering pages: 1,280 of 2,932", or the name alone.
    static func describe(_ name: String, _ count: (done: Int, total: Int)?) -> String {
        guard let count else { return name }
        return "\(name): \(grouped(count.done)) of \(grouped(count.total))"
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
