import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// A stream whose compression is interrupted fails every gzip reader, as GNU gzip's cut output
/// does, though each block of squeeze's stream is a whole member: it ends with a member header
/// and nothing after. A stream that was not interrupted is whole and passes them all.
@Suite(.serialized) struct TruncationMarkTests {
    /// gzip -t, pigz -t, zcat and squeeze test on `path`: whether each accepted it.
    static func readersAccept(_ path: String) throws -> [String: Bool] {
        var verdicts: [String: Bool] = [:]
        for tool in [["gzip", "-t"], ["pigz", "-t"], ["zcat"], [Squeeze.binary, "test", "-q"]] {
            verdicts[tool[0] == Squeeze.binary ? "squeeze test" : tool.joined(separator: " ")] =
                try CommandRunner.run(tool[0], Array(tool.dropFirst()) + [path]).status == 0
        }
        return verdicts
    }

    /// Feeds `input` to `command`'s standard input, its standard output a file; then, once squeeze
    /// has read it all and three blocks of 1 MiB are out, either interrupts it or ends the input. Returns its exit status and what it wrote.
    static func compress(_ command: [String], _ input: [UInt8], interrupting: Bool, in scratch: TemporaryDirectory) throws -> (Int32?, String) {
        let pipe = HeldPipe()
        let output = open(scratch("out.gz"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(output >= 0)
        defer { close(output) }
        let run = try WatchedProcess(Squeeze.binary, command, standardInput: pipe.readEnd, standardOutput: output)
        input.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count { written += max(0, write(pipe.writeEnd, buffer.baseAddress! + written, buffer.count - written)) }
        }
        // Every byte is in the pipe: once squeeze waits on it, it has read them all. Then three
        // blocks of them go out (each at least its input: the bytes are random).
        try #require(run.waitUntilBlocked(in: "pipe_read"), "squeeze did not wait for more input")
        let blocksOut = KernelState.waitUntil(deadline: 60) {
            ((try? FileManager.default.attributesOfItem(atPath: scratch("out.gz"))[.size] as? Int) ?? 0) >= 3 << 20
        }
        try #require(blocksOut, "squeeze did not write three blocks: \(run.standardError)")
        if interrupting { return (run.signal(SIGINT), scratch("out.gz")) }
        pipe.closeWriteEnd()
        return (run.waitForExit(), scratch("out.gz"))
    }

    @Test(arguments: [["gzip"], ["compress"], ["compress", "--codec", "zlib"], ["gzip", "-c", "-"]])
    func anInterruptedStreamFailsEveryReader(command: [String]) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 96)
        // Five blocks and a byte: the cutters hold back the last one or two.
        let input = data.randomBytes((5 << 20) + 1)
        let (status, path) = try Self.compress(command, input, interrupting: true, in: scratch)
        #expect(status == 130)
        let verdicts = try Self.readersAccept(path)
        #expect(verdicts.values.allSatisfy { !$0 }, "an interrupted stream reads as whole: \(verdicts)")
        // What did arrive is right, up to where it was cut.
        let decoded = try CommandRunner.run("zcat", [path])
        #expect(decoded.standardError.contains("unexpected end of file") || decoded.standardError.contains("invalid"), "\(decoded.standardError)")
        #expect(Array(decoded.standardOutput) == Array(input.prefix(decoded.standardOutput.count)))
        #expect(decoded.standardOutput.count >= 3 << 20)
    }

    @Test(arguments: [["gzip"], ["compress"], ["compress", "--codec", "zlib"]])
    func aWholeStreamPassesEveryReaderAsBefore(command: [String]) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 96)
        let input = data.randomBytes((5 << 20) + 1)
        let (status, path) = try Self.compress(command, input, interrupting: false, in: scratch)
        #expect(status == 0)
        #expect(try Self.readersAccept(path).values.allSatisfy { $0 })
        // Byte for byte what the file compresses to (standard input has no name nor time).
        try TreeBuilder.write(input, to: scratch("input"))
        let file = try Squeeze.run(command + ["-c", "-n", scratch("input")])
        #expect(Array(file.standardOutput) == (try TreeBuilder.read(path)))
    }

    /// Interrupted between two inputs of `compress -c`: the first is whole, the second not begun
    /// (a FIFO whose writer never comes); the output still must not read as all.
    @Test func anInterruptBetweenTwoInputsShows() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 97)
        try TreeBuilder.write(data.text(200_000), to: scratch("first"))
        try TreeBuilder.makeFIFO(scratch("second"))
        let run = try WatchedProcess(Squeeze.binary, ["compress", "-c", scratch("first"), scratch("second")])
        try #require(run.waitUntilBlocked(in: "poll_schedule_timeout"), "squeeze never waited for the FIFO's writer")
        #expect(run.signal(SIGINT) == 130)
        try TreeBuilder.write(Array(run.standardOutput), to: scratch("out.gz"))
        let verdicts = try Self.readersAccept(scratch("out.gz"))
        #expect(verdicts.values.allSatisfy { !$0 }, "\(verdicts)")
        let decoded = try CommandRunner.run("zcat", [scratch("out.gz")])
        #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(scratch("first"))), "\(decoded.standardOutput.count) bytes: \(decoded.standardError)")
    }

    /// `archive -o -` into a pipe: interrupted while its reader pauses, what the reader gets
    /// afterwards fails every reader.
    @Test func anInterruptedArchiveOnStandardOutputFailsEveryReader() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 98)
        for index in 0..<4 { try TreeBuilder.write(data.randomBytes(1_000_000), to: scratch("tree/f\(index)")) }
        let output = HeldPipe()
        let run = try WatchedProcess(Squeeze.binary, ["archive", scratch("tree"), "-o", "-"], standardOutput: output.writeEnd)
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked on its standard output")
        #expect(run.signal(SIGINT) == 130)
        try TreeBuilder.write(output.drain(), to: scratch("out.tar.gz"))
        let verdicts = try Self.readersAccept(scratch("out.tar.gz"))
        #expect(verdicts.values.allSatisfy { !$0 }, "\(verdicts)")
    }

    /// `compress -c --format zstd` interrupted: zstd, pzstd and squeeze test all fail on what
    /// arrived (it ends with a cut frame header), and what zstd decodes of it is the input's start.
    @Test func anInterruptedZstdStreamFailsEveryZstdReader() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 99)
        let input = data.randomBytes((5 << 20) + 1)
        let (status, path) = try Self.compress(["compress", "-c", "--format", "zstd"], input, interrupting: true, in: scratch)
        #expect(status == 130)
        for tool in [["zstd", "-t", "-q"], ["pzstd", "-t", "-q"], [Squeeze.binary, "test", "-q"]] {
            #expect(try CommandRunner.run(tool[0], Array(tool.dropFirst()) + [path]).status != 0, "\(tool[0]) accepted a cut stream")
        }
        let decoded = try CommandRunner.run("zstd", ["-dc", path])
        #expect(decoded.status != 0)
        #expect(Array(decoded.standardOutput) == Array(input.prefix(decoded.standardOutput.count)))
        #expect(decoded.standardOutput.count >= 3 << 20)
    }
}
