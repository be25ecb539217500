import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The shapes that would break a run whose workers wait on each other (issue 28), end to end, in
/// every mode, compressing and decompressing: sixteen jobs on two cores over a file of many blocks
/// beside hundreds of tiny ones, and a writer stalled on a FIFO whose reader pauses. Every output
/// is checked byte for byte against a run of one job in `sequential` mode, or against its source.
/// One run of each here; `scripts/stress-concurrency` runs them a hundred times under
/// ThreadSanitizer. (A window of one block: `WindowOfOneBlockTests`.)
@Suite struct ConcurrencyStressTests {
    static let modes = ["sequential", "group", "apply", "operation"]
    /// Thousands in `scripts/stress-concurrency` (`SQUEEZE_STRESS_TINY_FILES`); fewer here, for CI's time.
    static let tinyFiles = Int(ProcessInfo.processInfo.environment["SQUEEZE_STRESS_TINY_FILES"] ?? "") ?? 600

    /// A file of 48 blocks of 64 KiB beside `tinyFiles` tiny ones.
    static func makeTree(in root: String) throws {
        var data = TestData(seed: 28)
        try TreeBuilder.write(data.text(3 << 20), to: "\(root)/many-blocks.txt")
        for index in 0..<tinyFiles { try TreeBuilder.write(data.text(Int(index % 7) * 30), to: "\(root)/tiny/\(index % 10)/t\(index)") }
    }

    static func expectSameTrees(_ left: String, _ right: String, _ what: String) throws {
        let files = TreeBuilder.files(under: left)
        let others = TreeBuilder.files(under: right)
        guard others == files else {
            Issue.record("\(what): \(others.count) files for \(files.count), \(Set(files).symmetricDifference(others).sorted().prefix(5))")
            return
        }
        for file in files where try TreeBuilder.read("\(left)/\(file)") != TreeBuilder.read("\(right)/\(file)") {
            Issue.record("\(what): \(file) differs")
        }
    }

    /// `-j 16` on two cores: compress (gzip and zstd) and decompress a file of many blocks beside
    /// tiny files, and decompress the large one from a pipe (its members decoded in parallel as
    /// they are read) and as plain gzip; every byte as one job writes it, or as it was.
    @Test(arguments: modes)
    func sixteenJobsOnTwoCores(mode: String) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let many = ["-j", "16", "--mode", mode, "--block-size", "64KiB", "-q"]
        let one = ["-j", "1", "--mode", "sequential", "--block-size", "64KiB", "-q"]
        for format in ["gzip", "zstd"] {
            for (label, options) in [("one", one), ("many", many)] {
                let compressed = try Squeeze.run(["compress", scratch("tree"), "--format", format, "-o", scratch("\(format)-\(label)")] + options)
                try #require(compressed.status == 0, "\(mode) \(format): \(compressed.standardError)")
            }
            try Self.expectSameTrees(scratch("\(format)-one"), scratch("\(format)-many"), "\(mode) compress --format \(format)")
            let decompressed = try Squeeze.run(["decompress", scratch("\(format)-many"), "-o", scratch("\(format)-back"), "-j", "16", "--mode", mode, "-q"])
            #expect(decompressed.status == 0, "\(mode) \(format): \(decompressed.standardError)")
            try Self.expectSameTrees(scratch("tree"), scratch("\(format)-back"), "\(mode) decompress --format \(format)")
        }
        let large = try TreeBuilder.read(scratch("tree/many-blocks.txt"))
        let piped = try CommandRunner.run(
            "bash", ["-c", "cat \"$1\" | \"$2\" decompress -c -j 16 --mode \"$3\" -", "-", scratch("gzip-many/many-blocks.txt.gz"), Squeeze.binary, mode])
        #expect(piped.status == 0, "\(mode) from a pipe: \(piped.standardError)")
        #expect(Array(piped.standardOutput) == large, "\(mode): decompressed from a pipe")
        let plain = try CommandRunner.run("gzip", ["-c", scratch("tree/many-blocks.txt")])
        try TreeBuilder.write(Array(plain.standardOutput), to: scratch("plain.gz"))
        let speculative = try Squeeze.run(["decompress", "-c", scratch("plain.gz"), "-j", "16", "--mode", mode])
        #expect(speculative.status == 0, "\(mode) plain gzip: \(speculative.standardError)")
        #expect(Array(speculative.standardOutput) == large, "\(mode): plain gzip decompressed")
    }

    /// The output is a FIFO whose reader pauses once it is full: the writer stalls in `write(2)`
    /// (the kernel says so) and the run waits without ending, and once the reader reads, every
    /// byte arrives as one job writes it: compressing a file of many blocks to standard output,
    /// and decompressing it.
    @Test(arguments: modes)
    func aWriterStalledOnAFIFO(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 29)
        let source = data.text(3 << 20)
        try TreeBuilder.write(source, to: scratch("many-blocks.txt"))
        let baseline = try Squeeze.run(["compress", "-c", "-j", "1", "--mode", "sequential", "--block-size", "64KiB", scratch("many-blocks.txt")])
        try #require(baseline.status == 0, "\(baseline.standardError)")
        try TreeBuilder.write(Array(baseline.standardOutput), to: scratch("many-blocks.txt.gz"))
        let runs: [(arguments: [String], expected: [UInt8])] = [
            (["compress", "-c", "--block-size", "64KiB", scratch("many-blocks.txt")], Array(baseline.standardOutput)),
            (["decompress", "-c", scratch("many-blocks.txt.gz")], source),
        ]
        for (arguments, expected) in runs {
            let fifo = try HeldPipe(fifoAt: scratch("fifo-\(arguments[0])"))
            fifo.fill()
            let run = try WatchedProcess(Squeeze.binary, arguments + ["-j", "16", "--mode", mode], standardOutput: fifo.writeEnd)
            fifo.closeWriteEnd()
            let stalled = KernelState.waitUntil(deadline: 120) { KernelState.sleepingFunctions(of: run.pid).contains { $0.contains("pipe_write") } }
            #expect(stalled, "\(mode) \(arguments[0]): never stalled on the FIFO: \(KernelState.sleepingFunctions(of: run.pid))")
            #expect(run.process.isRunning, "\(mode) \(arguments[0]): ended while its reader paused")
            let received = fifo.readToEnd()
            #expect(run.waitForExit() == 0, "\(mode) \(arguments[0]): \(run.standardError)")
            #expect(Array(received.drop { $0 == HeldPipe.filler }) == expected, "\(mode) \(arguments[0]): the bytes through the FIFO")
        }
    }
}
