import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Every place where squeeze waits for another process ends at the first SIGINT or SIGTERM: the
/// run exits 130 and leaves nothing of its own behind. Each case starts squeeze so that it must
/// block, waits until /proc shows its thread asleep in that very call, and only then signals. The
/// deadline of the wait for its end only catches a hang (before the fix, each of these waited
/// for a second signal).
@Suite(.serialized) struct BlockedWaitInterruptTests {
    /// A gzip file squeeze decodes in a moment (indexed members of 64 KiB), of `size` bytes of text.
    static func smallGzip(in scratch: TemporaryDirectory, named name: String = "data", size: Int = 1_000_000) throws -> String {
        var data = TestData(seed: 91)
        try TreeBuilder.write(data.text(size), to: scratch("source/\(name)"))
        let made = try Squeeze.run(["compress", scratch("source/\(name)"), "--block-size", "64KiB", "-q"])
        #expect(made.status == 0, "\(made.standardError)")
        return scratch("source/\(name).gz")
    }

    static func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// `archive -o FIFO` whose reader never comes: blocked in `open`.
    @Test func anArchiveIntoAFIFOWithNoReader() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a file\n", to: scratch("tree/a"))
        try FileManager.default.createDirectory(atPath: scratch("out"), withIntermediateDirectories: true)
        try TreeBuilder.makeFIFO(scratch("out/fifo"))
        let run = try WatchedProcess(Squeeze.binary, ["archive", scratch("tree"), "-o", scratch("out/fifo"), "--force"])
        try #require(run.waitUntilBlocked(in: "wait_for_partner"), "squeeze never waited for the FIFO's reader")
        #expect(run.signal(SIGTERM) == 130, "\(run.standardError)")
        #expect(run.standardError.contains("interrupted"))
        #expect(!run.standardError.contains("Interrupted system call"), "the interrupt is no failure: \(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("out")) == ["fifo"])
        #expect(Self.isFIFO(scratch("out/fifo")))
    }

    /// `decompress X.gz` where X is a FIFO nobody opens: its output's `open` waits.
    @Test func aDecompressionIntoAFIFOWithNoReader() throws {
        let scratch = try TemporaryDirectory()
        let gzip = try Self.smallGzip(in: scratch)
        try FileManager.default.removeItem(atPath: scratch("source/data"))
        try TreeBuilder.makeFIFO(scratch("source/data"))
        let run = try WatchedProcess(Squeeze.binary, ["decompress", gzip, "--force"])
        try #require(run.waitUntilBlocked(in: "wait_for_partner"), "squeeze never waited for the FIFO's reader")
        #expect(run.signal(SIGINT) == 130, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("source")).sorted() == ["data", "data.gz"])
        #expect(Self.isFIFO(scratch("source/data")))
    }

    /// `compress FILE --force` where FILE.gz is a FIFO whose reader opened it and reads nothing: a
    /// file output's write blocks, not only standard output's. What reached the FIFO is cut off
    /// inside a member, and fails a gzip reader.
    @Test func aCompressionIntoAFIFONobodyReads() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 92)
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("tree/big"))
        try TreeBuilder.makeFIFO(scratch("tree/big.gz"))
        let reader = open(scratch("tree/big.gz"), O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let run = try WatchedProcess(Squeeze.binary, ["compress", scratch("tree/big"), "--force"])
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked writing to the FIFO")
        #expect(run.signal(SIGINT) == 130, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("tree")).sorted() == ["big", "big.gz"])
        #expect(Self.isFIFO(scratch("tree/big.gz")))
        var arrived: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            arrived += chunk[..<count]
        }
        #expect(!arrived.isEmpty)
        try TreeBuilder.write(arrived, to: scratch("arrived.gz"))
        #expect(try CommandRunner.run("gzip", ["-t", scratch("arrived.gz")]).status != 0, "what a FIFO's reader got reads as whole")
    }

    /// A FIFO named as an input, whose writer never comes: the wait for it.
    @Test(arguments: [["decompress", "-c"], ["compress", "-c"], ["test"]])
    func aFIFOInputWhoseWriterNeverComes(command: [String]) throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("in"), withIntermediateDirectories: true)
        try TreeBuilder.makeFIFO(scratch("in/fifo"))
        let run = try WatchedProcess(Squeeze.binary, command + [scratch("in/fifo")])
        try #require(run.waitUntilBlocked(in: "poll_schedule_timeout"), "squeeze never waited for the FIFO's writer")
        #expect(run.signal(SIGINT) == 130, "\(run.standardError)")
        if command.contains("-c") { #expect(run.standardOutput.isEmpty) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("in")) == ["fifo"])
    }

    /// Standard input a pipe that sends nothing, its writer still there: every command that reads
    /// a stream.
    @Test(arguments: [
        (["decompress", "-c"], SIGINT), (["test", "-"], SIGTERM), (["list", "-"], SIGINT),
        (["extract", "-", "-C", "DEST"], SIGTERM), (["gzip"], SIGINT), (["compress"], SIGTERM),
    ])
    func aStandardInputThatSendsNothing(command: [String], signal: Int32) throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("dest"), withIntermediateDirectories: true)
        let input = HeldPipe()
        let arguments = command.map { $0 == "DEST" ? scratch("dest") : $0 }
        let run = try WatchedProcess(Squeeze.binary, arguments, standardInput: input.readEnd)
        try #require(run.waitUntilBlocked(in: "pipe_read"), "squeeze never blocked reading standard input")
        #expect(run.signal(signal) == 130, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("dest")).isEmpty)
    }

    /// Standard output a pipe whose reader reads nothing: a stream's compression and an archive's.
    @Test(arguments: [["compress", "-c", "SOURCE"], ["archive", "TREE", "-o", "-"]])
    func aStandardOutputNobodyReads(command: [String]) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 93)
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("tree/big"))
        let output = HeldPipe()
        let arguments = command.map { $0 == "SOURCE" ? scratch("tree/big") : $0 == "TREE" ? scratch("tree") : $0 }
        let run = try WatchedProcess(Squeeze.binary, arguments, standardOutput: output.writeEnd)
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked on its standard output")
        #expect(run.signal(SIGINT) == 130, "\(run.standardError)")
        #expect(!run.standardError.contains("Interrupted system call"), "the interrupt is no failure: \(run.standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["big"])
    }

    /// `decompress -c` blocked writing to a pipe nobody reads, its standard error a full pipe
    /// nobody reads either: whatever it says next blocks too. The pipes go with the run.
    static func blockedWithFullStandardError(in scratch: TemporaryDirectory) throws -> (WatchedProcess, [HeldPipe]) {
        let gzip = try smallGzip(in: scratch, size: 4_000_000)
        let output = HeldPipe(), errors = HeldPipe()
        errors.fill()
        let run = try WatchedProcess(Squeeze.binary, ["decompress", "-c", gzip], standardOutput: output.writeEnd, standardError: errors.writeEnd)
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked on its standard output")
        return (run, [output, errors])
    }

    /// What the first signal says cannot be written, and must not keep the run from ending (nor
    /// the second signal from being heard: that is the queue the saying once blocked).
    @Test func aFullStandardErrorDoesNotHoldTheInterrupt() throws {
        let scratch = try TemporaryDirectory()
        let (run, pipes) = try Self.blockedWithFullStandardError(in: scratch)
        #expect(run.signal(SIGINT) == 130)
        #expect(TreeBuilder.files(under: scratch("source")) == ["data", "data.gz"])
        withExtendedLifetime(pipes) {}
    }

    /// A second signal, sent while the first one's message waits for a standard error nobody
    /// reads, ends the run (removing its temporaries and exiting 130 at once) instead of waiting
    /// for the first one's cleanup.
    @Test func aSecondSignalWhileTheFirstIsStillBeingSaid() throws {
        let scratch = try TemporaryDirectory()
        let (run, pipes) = try Self.blockedWithFullStandardError(in: scratch)
        kill(run.pid, SIGINT)
        // The first signal's message, on a thread of its own, now waits on standard error too
        // (unless the run has ended already, which it may within the writes' grace).
        _ = run.waitUntilBlocked(in: "pipe_write", threads: 2)
        #expect(run.signal(SIGINT) == 130)
        #expect(TreeBuilder.files(under: scratch("source")) == ["data", "data.gz"])
        withExtendedLifetime(pipes) {}
    }
}
