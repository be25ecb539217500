import Foundation
import Glibc

/// A program started with standard streams of the test's choosing (a pipe nobody reads, one that
/// sends nothing, a FIFO), to be signalled while it waits and watched to its end. Standard error
/// goes to a file unless given.
public final class WatchedProcess {
    public let process: Process
    private let scratch: TemporaryDirectory

    public init(
        _ executable: String, _ arguments: [String], standardInput: Int32? = nil, standardOutput: Int32? = nil,
        standardError: Int32? = nil, currentDirectory: String? = nil
    ) throws {
        scratch = try TemporaryDirectory("squeeze-watched")
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : try CommandRunner.locate(executable))
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch("stdout"), contents: nil)
        process.standardInput = standardInput.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
            ?? FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = standardOutput.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
            ?? FileHandle(forWritingAtPath: scratch("stdout"))
        process.standardError = standardError.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
            ?? FileHandle(forWritingAtPath: scratch("stderr"))
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }

    /// Waits until `threads` of its threads are asleep in a kernel function whose name holds
    /// `function`; false if it ended first (or not within a minute).
    public func waitUntilBlocked(in function: String, threads: Int = 1) -> Bool {
        let pid = pid
        var blocked = false
        _ = KernelState.waitUntil(deadline: 60) {
            blocked = KernelState.sleepingFunctions(of: pid).filter { $0.contains(function) }.count >= threads
            return blocked || !process.isRunning
        }
        return blocked
    }

    /// Sends `signal` and waits for the end: its exit status, or nil when it was still running
    /// after `deadline` seconds (a hang: it is then killed). The deadline only catches hangs.
    public func signal(_ signal: Int32, thenWaitAtMost deadline: TimeInterval = 30) -> Int32? {
        kill(pid, signal)
        return waitForExit(deadline: deadline)
    }

    /// Its exit status once it ends, or nil (and killed) if it has not after `deadline` seconds.
    public func waitForExit(deadline: TimeInterval = 60) -> Int32? {
        let ended = KernelState.waitUntil(deadline: deadline) { !process.isRunning }
        if !ended { kill(pid, SIGKILL) }
        process.waitUntilExit()
        return ended ? process.terminationStatus : nil
    }

    /// What it wrote to standard error (when that went to the file) or standard output.
    public var standardError: String { String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: scratch("stderr")))) ?? Data(), as: UTF8.self) }
    public var standardOutput: Data { (try? Data(contentsOf: URL(fileURLWithPath: scratch("stdout")))) ?? Data() }
}

/// A pipe whose ends the test holds: for a reader that never reads (fill it first with `fill()`),
/// or a writer that never writes.
public final class HeldPipe {
    /// What `fill()` fills it with.
    public static let filler = UInt8(ascii: ".")
    public let readEnd: Int32
    public private(set) var writeEnd: Int32

    public init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// A FIFO made at `path`, both ends open: the read end first, without waiting for a writer,
    /// then the write end, which finds it.
    public init(fifoAt path: String) throws {
        try TreeBuilder.makeFIFO(path)
        readEnd = open(path, O_RDONLY | O_NONBLOCK)
        writeEnd = open(path, O_WRONLY)
        precondition(readEnd >= 0 && writeEnd >= 0, "cannot open the FIFO \(path): errno \(errno)")
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        closeWriteEnd()
    }

    /// The writer is done: a reader reads the end of the data.
    public func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    /// Fills the pipe until a write would block: a writer to it then blocks at once.
    public func fill() {
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: Self.filler, count: 4096)
        while chunk.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(writeEnd, F_SETFL, flags)
    }

    /// Everything until every writer has closed its end.
    public func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Everything in the pipe now, without waiting for more (its writers may be gone or not).
    public func drain() -> [UInt8] {
        let flags = fcntl(readEnd, F_GETFL)
        _ = fcntl(readEnd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(readEnd, F_SETFL, flags) }
        // Without blocking, the read that finds the pipe empty ends it (EAGAIN) as its end would.
        return readToEnd()
    }
}
