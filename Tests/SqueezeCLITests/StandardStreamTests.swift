import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Standard output that cannot take what squeeze writes: a pipe whose reader has gone (`| head`),
/// a full device, a closed descriptor. squeeze never traps: a gone reader ends the run quietly
/// with 141, as gzip's death by SIGPIPE does, anything else is one line and exit 1, and what was
/// committed stays.
@Suite struct StandardStreamTests {
    /// Runs squeeze with standard output a pipe whose read end is closed before it starts, so
    /// that its first write to standard output fails with EPIPE, whenever it comes.
    static func runIntoAClosedPipe(_ arguments: [String]) throws -> (status: Int32, standardError: String) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let scratch = try TemporaryDirectory("squeeze-pipe")
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Squeeze.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardError = FileHandle(forWritingAtPath: scratch("stderr"))
        try process.run()
        process.waitUntilExit()
        let standardError = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch("stderr"))), as: UTF8.self)
        return (process.terminationStatus, standardError)
    }

    @Test func listIntoAClosedPipeEndsQuietlyWith141() throws {
        let (status, standardError) = try Self.runIntoAClosedPipe(["list", Squeeze.fixture("gzip/plain.gz")])
        #expect(status == 141)
        #expect(standardError.isEmpty, "\(standardError)")
    }

    /// The report comes after the work: every output is committed before the pipe is found closed.
    @Test func compressWhoseReportMeetsAClosedPipeKeepsItsOutputs() throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<5 { try TreeBuilder.write("file \(index)\n", to: scratch("tree/f\(index)")) }
        let (status, standardError) = try Self.runIntoAClosedPipe(["compress", "-v", scratch("tree")])
        #expect(status == 141)
        #expect(standardError.isEmpty, "\(standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")).filter { $0.hasSuffix(".gz") }.count == 5)
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("tree/f3.gz")]).output == "file 3\n")
        #expect(!TreeBuilder.files(under: scratch.path).contains { $0.contains(".squeeze-") })
    }

    /// Decompressed data into a closed pipe: the run stops at once, quietly, leaving nothing.
    @Test(arguments: CompressModesTests.modes)
    func decompressToAClosedPipeStopsTheRun(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 77)
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("big"))
        #expect(try Squeeze.run(["compress", scratch("big"), "--block-size", "64KiB", "-q"]).status == 0)
        let (status, standardError) = try Self.runIntoAClosedPipe(["decompress", "-c", scratch("big.gz"), "--mode", mode])
        #expect(status == 141)
        #expect(standardError.isEmpty, "\(standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["big", "big.gz"])
    }

    @Test func aFullStandardOutputIsOneLineAndExit1() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("data\n", to: scratch("tree/a"))
        let result = try CommandRunner.run(
            "sh", ["-c", "exec \"$0\" compress \"$1\" > /dev/full", Squeeze.binary, scratch("tree")])
        #expect(result.status == 1)
        #expect(result.standardError == "squeeze: cannot write the report to standard output: No space left on device\n")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("tree/a.gz")]).output == "data\n")
    }

    /// `>&-`: no file squeeze opens may take descriptor 1 and receive the report.
    @Test func aClosedStandardOutputIsOneLineAndExit1() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("data\n", to: scratch("tree/a"))
        let result = try CommandRunner.run(
            "sh", ["-c", "exec \"$0\" compress \"$1\" >&-", Squeeze.binary, scratch("tree")])
        #expect(result.status == 1)
        #expect(result.standardError == "squeeze: cannot write the report to standard output: Bad file descriptor\n")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("tree/a.gz")]).output == "data\n")
    }

    /// A reader that never reads: squeeze blocks writing to the full pipe. The first interrupt
    /// must still stop the run (130) instead of waiting for the reader.
    @Test func theFirstInterruptStopsARunBlockedOnAPipe() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 78)
        try TreeBuilder.write(data.text(4_000_000), to: scratch("big"))
        #expect(try CommandRunner.run("sh", ["-c", "gzip -c \"$0\" > \"$0.gz\"", scratch("big")]).status == 0)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Squeeze.binary)
        process.arguments = ["decompress", "-c", scratch("big.gz")]
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardError = FileHandle(forWritingAtPath: scratch("stderr"))
        try process.run()
        let pid = process.processIdentifier
        let blocked = KernelState.waitUntil(deadline: 60) {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.contains { task in
                ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "").contains("pipe_write")
            }
        }
        try #require(blocked, "squeeze never blocked on the pipe")
        kill(pid, SIGINT)
        let stopped = KernelState.waitUntil(deadline: 60) { !process.isRunning }
        if !stopped { kill(pid, SIGKILL) }
        process.waitUntilExit()
        #expect(stopped, "the first interrupt did not stop a run blocked on a pipe")
        #expect(process.terminationStatus == 130)
        let standardError = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch("stderr"))), as: UTF8.self)
        #expect(standardError.contains("interrupted"), "\(standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["big", "big.gz", "stderr"])
    }
}
