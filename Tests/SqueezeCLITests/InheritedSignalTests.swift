import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// A signal squeeze was started with ignored stays ignored, as gzip leaves it: `nohup squeeze
/// compress DIR` survives its hangup, and a job a shell runs in the background (SIGINT ignored)
/// survives the terminal's Ctrl-C. Each run finishes: exit 0, every output whole.
@Suite(.serialized) struct InheritedSignalTests {
    static let fileCount = 8

    static func makeTree(in scratch: TemporaryDirectory) throws {
        var data = TestData(seed: 94)
        for index in 0..<fileCount { try TreeBuilder.write(data.text(600_000), to: scratch("in/file\(index).txt")) }
    }

    /// Starts `launcher` (which runs squeeze with the signal ignored), sends `signal` mid-run (once
    /// it writes, at a moment it is seen, stopped, to have files left), and checks it finishes.
    func runSurviving(_ signal: Int32, launcher: [String]) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch)
        let arguments = ["compress", scratch("in"), "--level", "12", "--block-size", "64KiB", "--mode", "apply"]
        let process = try CommandRunner.start(launcher[0], Array(launcher.dropFirst()) + [Squeeze.binary] + arguments, scratch: scratch)
        let files = { TreeBuilder.files(under: scratch("in")) }
        let isWriting = {
            files().contains { $0.contains(".squeeze-") || $0.hasSuffix(".gz") }
                || !KernelState.namelessFiles(openBy: process.processIdentifier, in: scratch("in")).isEmpty
        }
        let hasFilesToStart = { files().filter { $0.hasSuffix(".gz") }.count < Self.fileCount }
        let signalled = KernelState.interrupt(process, with: signal, onceStarted: isWriting, ifWhileStopped: hasFilesToStart)
        process.waitUntilExit()
        try #require(signalled, "the run finished before the signal: make the input larger")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(process.terminationReason == .exit && result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("interrupted"), "\(result.standardError)")
        let left = files()
        #expect(left.filter { $0.hasSuffix(".gz") }.count == Self.fileCount, "\(left)")
        #expect(!left.contains { $0.contains(".squeeze-") }, "temporaries left: \(left)")
        for index in 0..<Self.fileCount {
            let decoded = try CommandRunner.run("gzip", ["-dc", scratch("in/file\(index).txt.gz")])
            #expect(Array(decoded.standardOutput) == (try TreeBuilder.read(scratch("in/file\(index).txt"))))
        }
    }

    @Test func aRunUnderNohupSurvivesItsHangup() throws {
        try runSurviving(SIGHUP, launcher: [try CommandRunner.locate("nohup")])
    }

    /// As a shell starts a background job: SIGINT ignored.
    @Test func aRunStartedWithInterruptsIgnoredIgnoresThem() throws {
        try runSurviving(SIGINT, launcher: ["sh", "-c", "trap '' INT; exec \"$@\"", "sh"])
    }
}
