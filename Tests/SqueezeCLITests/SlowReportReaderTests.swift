import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `squeeze compress DIR -v` with standard output a pipe whose reader pauses: the work goes on
/// while the lines wait, and every line arrives once the reader reads. The pipe is full before the
/// run starts, so the first line already waits; the test then waits until squeeze is idle (every
/// thread asleep, none woken since the last look: `KernelState.waitUntilIdle`), a thread blocked
/// writing to the pipe, and looks at what is on disk: every output committed. (Were the lines written under the collector's lock, every
/// worker would wait behind the first line, and the run would go idle with most files undone.)
@Suite struct SlowReportReaderTests {
    static let fileCount = 3_000

    @Test(arguments: ["sequential", "group", "apply", "operation"])
    func workGoesOnWhileTheReportsReaderPauses(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        for index in 0..<Self.fileCount { try TreeBuilder.write(data.text(200), to: scratch("t/f\(index)")) }
        let pipe = HeldPipe()
        pipe.fill()
        let run = try WatchedProcess(
            Squeeze.binary, ["compress", "-v", "-j", "4", "--mode", mode, "--progress", "never", scratch("t")],
            standardOutput: pipe.writeEnd)
        pipe.closeWriteEnd()
        let idle = KernelState.waitUntilIdle(run.pid)
        try #require(idle?.contains { $0.contains("pipe_write") } == true, "squeeze never went idle waiting on the pipe: \(idle ?? []) \(run.standardError)")
        let outputs = TreeBuilder.files(under: scratch("t")).filter { $0.hasSuffix(".gz") }
        #expect(outputs.count == Self.fileCount, "outputs committed while the reader paused (\(mode))")
        #expect(run.process.isRunning, "the run ended before its lines were read")

        // The reader reads: every line arrives, after the bytes that filled the pipe.
        let received = pipe.readToEnd()
        #expect(run.waitForExit() == 0, "\(run.standardError)")
        let text = String(decoding: received.drop { $0 == HeldPipe.filler }, as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.contains(".gz  ") }
        #expect(lines.count == Self.fileCount, "\(text.suffix(500))")
        #expect(Set(lines.map { $0.split(separator: " ")[0] }).count == Self.fileCount, "a line twice")
    }

    /// The same under gzip's name: `gzip -rvk` (its lines on standard error, in gzip's words,
    /// `GzipRecordSink`) compressing, and decompressing, a tree into a pipe whose reader pauses.
    /// Sources are kept: a source replaced is recorded only once the batch of its output is
    /// durable, which would hide a stalled line behind the commits.
    @Test(arguments: [false, true])
    func gzipsLinesWaitWhileTheWorkGoesOn(decompressing: Bool) throws {
        let count = 1_000
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 32)
        for index in 0..<count { try TreeBuilder.write(data.text(200), to: scratch("t/f\(index)")) }
        try FileManager.default.createSymbolicLink(atPath: scratch("gzip"), withDestinationPath: Squeeze.binary)
        if decompressing {
            let made = try CommandRunner.run("gzip", ["-r", scratch("t")])
            try #require(made.status == 0, "\(made.standardError)")
        }
        let pipe = HeldPipe()
        pipe.fill()
        let run = try WatchedProcess(scratch("gzip"), (decompressing ? ["-d"] : []) + ["-rvk", scratch("t")], standardError: pipe.writeEnd)
        pipe.closeWriteEnd()
        let idle = KernelState.waitUntilIdle(run.pid)
        try #require(idle?.contains { $0.contains("pipe_write") } == true, "gzip never went idle waiting on the pipe: \(idle ?? [])")
        let outputs = TreeBuilder.files(under: scratch("t")).filter { $0.hasSuffix(".gz") != decompressing }
        #expect(outputs.count == count, "outputs committed while the reader paused (\(decompressing ? "-d" : "compress"))")
        #expect(run.process.isRunning, "the run ended before its lines were read")

        let received = pipe.readToEnd()
        #expect(run.waitForExit() == 0)
        let text = String(decoding: received.drop { $0 == HeldPipe.filler }, as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.contains("% -- created ") }
        #expect(lines.count == count, "\(text.suffix(500))")
        #expect(Set(lines.map { $0.split(separator: ":")[0] }).count == count, "a line twice")
    }
}
