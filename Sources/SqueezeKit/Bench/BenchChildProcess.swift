import Foundation
import Glibc

/// Runs `squeeze compress` as a child process of the same binary, one run at a time. Each run
/// then has its own `ru_maxrss` (peak memory is per process) and measures its own wall time, so
/// starting it, reading its report and cleaning up after it stay outside the figures.
public final class BenchChildProcess: Sendable {
    /// The `squeeze` binary to run.
    public let executable: String
    /// The running child, so an interrupt can be passed on to it.
    private let running = Locked<pid_t?>(nil)
    private let cancellation = CancellationFlag()

    public init(executable: String) {
        self.executable = executable
    }

    /// Runs `squeeze arguments…` to the end, its standard error into `standardErrorPath`, and
    /// returns its exit status (128 + the signal's number if a signal ended it).
    public func run(_ arguments: [String], standardErrorPath: String) throws(BenchError) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        guard FileManager.default.createFile(atPath: standardErrorPath, contents: nil),
              let standardError = FileHandle(forWritingAtPath: standardErrorPath)
        else { throw .scratch("cannot create '\(standardErrorPath)'") }
        defer { try? standardError.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError
        do {
            try process.run()
        } catch {
            throw .launchFailed(executable: executable, reason: error.localizedDescription)
        }
        running.withLock { pid in
            pid = process.processIdentifier
            // An interrupt that came while it was starting.
            if cancellation.isCancelled { kill(process.processIdentifier, SIGINT) }
        }
        process.waitUntilExit()
        running.withLock { $0 = nil }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Whether `interrupt()` was called.
    public var isInterrupted: Bool { cancellation.isCancelled }

    /// Passes an interrupt on to the running child (which stops and removes its temporaries),
    /// and to any child started after this.
    public func interrupt() {
        running.withLock { pid in
            cancellation.cancel()
            if let pid { kill(pid, SIGINT) }
        }
    }
}
