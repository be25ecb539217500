import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// An interrupted run stops, removes every temporary, prints a partial report and exits 130;
/// whatever outputs it left are complete.
@Suite(.serialized) struct InterruptTests {
    @Test(arguments: [(SIGINT, "sequential"), (SIGTERM, "apply"), (SIGINT, "group"), (SIGINT, "operation")])
    func interruptingLeavesOnlyCompleteOutputs(signal: Int32, mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 6)
        // Slow enough (libdeflate's level 12 on text) that the run is surely busy when interrupted.
        let chunk = data.text(1 << 20)
        for index in 0..<24 { try TreeBuilder.write(chunk, to: scratch("in/file\(index).txt")) }
        let process = try CommandRunner.start(
            Squeeze.binary, ["compress", scratch("in"), "--level", "12", "--block-size", "256KiB", "--mode", mode],
            scratch: scratch)
        // Signal only once the run is writing (so its handlers are surely installed), and at a moment
        // it is seen, stopped, to have files left to start: the signal then always comes mid-run.
        let files = { TreeBuilder.files(under: scratch("in")) }
        let isWriting = { files().contains { $0.contains(".squeeze-") || $0.hasSuffix(".gz") } }
        let hasFilesToStart = { files().filter { $0.contains(".squeeze-") || $0.hasSuffix(".gz") }.count < 24 }
        let signalled = KernelState.interrupt(process, with: signal, onceStarted: isWriting, ifWhileStopped: hasFilesToStart)
        process.waitUntilExit()
        try #require(signalled, "the run finished before the signal: make the input larger")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(result.standardError.contains("interrupted"))
        #expect(result.output.contains("(interrupted)"))
        let left = files()
        #expect(!left.contains { $0.contains(".squeeze-") }, "temporaries left: \(left)")
        #expect(left.filter { !$0.hasSuffix(".gz") }.count == 24)
        let outputs = left.filter { $0.hasSuffix(".gz") }
        #expect(outputs.count < 24, "the run finished before the signal: make the input larger")
        for output in outputs {
            #expect(try CommandRunner.run("gzip", ["-t", scratch("in/\(output)")]).status == 0, "\(output) is incomplete")
        }
    }
}
