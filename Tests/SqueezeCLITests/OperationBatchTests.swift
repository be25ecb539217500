import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `--mode operation` runs small files up to 32 to an operation: its outputs and `--json` are
/// `sequential`'s, with the walk overlapped or walked first, and with a window of work in flight
/// so small that the feeder is forever between a partial batch and a full window; an interrupt
/// mid-batch leaves only whole outputs and exits 130.
@Suite(.serialized) struct OperationBatchTests {
    /// 1,500 tiny files (8 to 1,600 bytes) in 15 directories, some of 10 to 60 KB, and files of
    /// several blocks (at 16 KiB blocks) among them.
    static func makeTree(at root: String) throws {
        var data = TestData(seed: 131)
        for directory in 0..<15 {
            for file in 0..<100 {
                try TreeBuilder.write(data.text(8 + Int(data.next() % 1_593)), to: "\(root)/d\(directory)/f\(file).txt")
            }
            try TreeBuilder.write(data.text(10_000 + Int(data.next() % 50_000)), to: "\(root)/d\(directory)/mid.txt")
        }
        for (index, size) in [70_000, 200_000, 1_000_000].enumerated() {
            try TreeBuilder.write(data.text(size), to: "\(root)/d\(index * 5)/large\(index).txt")
        }
    }

    @Test(arguments: [
        ["-j", "2"], ["-j", "2", "--scan-first"],
        ["-j", "1", "--block-size", "16KiB"], ["-j", "2", "--block-size", "16KiB", "--scan-first"],
    ])
    func outputsAndReportAreSequentials(options: [String]) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(at: scratch("pristine"))
        let runs = try OverlappedScanTests.runsOnFreshCopies(
            of: scratch("pristine"), in: scratch, status: 0,
            ["sequential", "operation"].map { ["compress", "--mode", $0] + options })
        runs[0].expectSame(as: runs[1])
        #expect(runs[1].tree.keys.filter { $0.hasSuffix(".gz") }.count == 1_518)
        #expect(runs[1].report["filesDone"] == "1518")
    }

    /// Interrupted while batches of small files run and more wait (the tree walked first, so the
    /// interrupt cannot come during the walk): exit 130, no temporary left, every output whole.
    @Test func anInterruptMidBatchLeavesOnlyWholeOutputs() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 37)
        let text = data.text(4_000)
        for directory in 0..<40 {
            for file in 0..<100 { try TreeBuilder.write(text, to: scratch("in/d\(directory)/f\(file).txt")) }
        }
        let process = try CommandRunner.start(
            Squeeze.binary, ["compress", scratch("in"), "--level", "12", "-j", "2", "--mode", "operation", "--scan-first"],
            scratch: scratch)
        let files = { TreeBuilder.files(under: scratch("in")) }
        let outputs = { files().filter { $0.hasSuffix(".gz") } }
        let signalled = KernelState.interrupt(
            process, with: SIGINT, onceStarted: { !outputs().isEmpty }, ifWhileStopped: { outputs().count < 3_900 })
        process.waitUntilExit()
        try #require(signalled, "the run ended before the signal: make the tree larger")
        try OverlappedScanTests.expectInterrupted(
            try CommandRunner.result(of: process, scratch: scratch), leaving: files(), of: 4_000, under: scratch("in"))
    }
}
