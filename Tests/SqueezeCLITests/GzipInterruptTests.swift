import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Under gzip's names, a run of one small file to standard output (`gzip -c`, `gzip -dc`, as
/// zgrep and scripts run one process per file) ends at the first interrupt as gzip ends: at once,
/// exit 130, nothing said, no thread started to wait for the signal; a signal it was started with
/// ignored stays ignored.
@Suite(.serialized) struct GzipInterruptTests {
    /// 200 kB of random bytes (under the one-small-file bound, over a pipe's 64 KiB): squeeze
    /// blocks writing them to a pipe nobody reads; and their gzip.
    static func input(in scratch: TemporaryDirectory) throws -> (plain: [UInt8], compressed: String) {
        var data = TestData(seed: 301)
        let plain = data.randomBytes(200_000)
        try TreeBuilder.write(plain, to: scratch("small"))
        let compressed = try CommandRunner.run("gzip", ["-c", scratch("small")])
        try TreeBuilder.write(Array(compressed.standardOutput), to: scratch("small.gz"))
        return (plain, scratch("small.gz"))
    }

    static func threads(of pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).count
    }

    @Test(arguments: [(["-c", "small"], SIGINT), (["-dc", "small.gz"], SIGTERM)])
    func theFirstSignalEndsAOneFileFilterAtOnce(arguments: [String], signal: Int32) throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.input(in: scratch)
        let output = HeldPipe()
        let run = try WatchedProcess(Squeeze.binary, ["gzip"] + arguments.map { $0.hasPrefix("small") ? scratch($0) : $0 }, standardOutput: output.writeEnd)
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked on its standard output: \(run.standardError)")
        #expect(Self.threads(of: run.pid) == 1, "a thread was started to wait for signals")
        #expect(run.signal(signal) == 130)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        #expect(TreeBuilder.files(under: scratch.path).sorted() == ["small", "small.gz"])
    }

    /// Started with SIGINT ignored (a shell's background job), the run goes on through it to the end.
    @Test func anInheritedIgnoredInterruptStaysIgnored() throws {
        let scratch = try TemporaryDirectory()
        let (plain, _) = try Self.input(in: scratch)
        let output = HeldPipe()
        let run = try WatchedProcess(
            "/bin/sh", ["-c", "trap '' INT; exec \"$0\" \"$@\"", Squeeze.binary, "gzip", "-c", scratch("small")],
            standardOutput: output.writeEnd)
        output.closeWriteEnd()
        try #require(run.waitUntilBlocked(in: "pipe_write"), "squeeze never blocked on its standard output: \(run.standardError)")
        kill(run.pid, SIGINT)
        let written = output.readToEnd()
        #expect(run.waitForExit() == 0, "\(run.standardError)")
        try TreeBuilder.write(written, to: scratch("out.gz"))
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("out.gz")])
        #expect(Array(decoded.standardOutput) == plain)
    }
}
