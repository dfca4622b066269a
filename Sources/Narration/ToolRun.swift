import Foundation
import Processes

/// One run of an outside program: arguments as a list (never a shell), its output and errors in
/// files of a work folder, stopped when it takes longer than its time.
struct ToolRun {
    let executable: String
    let arguments: [String]
    /// Where its output and errors go while it runs.
    let folder: String
    let timeout: Double
    /// The environment it is started in (the process's, less what `childEnvironment` changes).
    var environment = ProcessInfo.processInfo.environment

    struct Failure: Error {
        var message: String
        /// The signal that killed the program, when it crashed or was killed.
        var signal: Int32? = nil
    }

    /// Names of the signals a crash is told by.
    static let signalNames: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
                                               SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]

    /// `environment` with `XDG_RUNTIME_DIR` set to `runtime` when it has none (or an empty one).
    static func childEnvironment(_ environment: [String: String], runtime: String) -> [String: String] {
        guard (environment["XDG_RUNTIME_DIR"] ?? "").isEmpty else { return environment }
        var child = environment
        child["XDG_RUNTIME_DIR"] = runtime
        return child
    }

    /// What it printed, when it ended by itself with status 0.
    func run() -> Result<String, Failure> {
        let name = (executable as NSString).lastPathComponent
        let outPath = folder + "/\(name).out", errPath = folder + "/\(name).err"
        guard FileManager.default.createFile(atPath: outPath, contents: nil), FileManager.default.createFile(atPath: errPath, contents: nil),
              let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            return .failure(Failure(message: "could not write in \(folder)"))
        }
        defer {
            try? out.close()
            try? err.close()
            unlink(outPath)
            unlink(errPath)
        }
        // A runtime folder of its own, inside the work folder, when the process has none: espeak-ng's
        // sound library would otherwise make /tmp/pulse-* and a link to it in ~/.config/pulse.
        let runtime = folder + "/\(name).runtime"
        let child = Self.childEnvironment(environment, runtime: runtime)
        let ownsRuntime = child["XDG_RUNTIME_DIR"] == runtime
        if ownsRuntime, mkdir(runtime, 0o700) != 0, errno != EEXIST {
            return .failure(Failure(message: "could not write in \(folder)"))
        }
        defer { if ownsRuntime { try? FileManager.default.removeItem(atPath: runtime) } }
        let process = Process()
        process.environment = child
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            guard try ChildProcesses.door.through({ try process.run() }) else {
                return .failure(Failure(message: "\(name) was not started: the command is stopping"))
            }
        } catch {
            return .failure(Failure(message: "could not start \(name): \(error.localizedDescription)"))
        }
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if ended.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL); ended.wait() }
            return .failure(Failure(message: "\(name) took longer than \(Int(timeout)) s and was stopped"))
        }
        let printed = FileManager.default.contents(atPath: outPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let called = Self.signalNames[signal].map { ", \($0)" } ?? ""
            return .failure(Failure(message: "\(name) crashed (killed by signal \(signal)\(called))", signal: signal))
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = FileManager.default.contents(atPath: errPath).map { String(decoding: $0.prefix(400), as: UTF8.self) } ?? ""
            let line = said.split(whereSeparator: \.isNewline).first.map(String.init) ?? "status \(process.terminationStatus)"
            return .failure(Failure(message: "\(name) failed: \(line)"))
        }
        return .success(printed)
    }
}
