import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// An interrupted archive stops, removes its temporary, prints a partial report and exits 130,
/// leaving no archive at all.
@Suite(.serialized) struct ArchiveInterruptTests {
    @Test(arguments: [(SIGINT, "apply"), (SIGTERM, "operation")])
    func interruptingLeavesNoArchive(signal: Int32, mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 23)
        // Slow enough (libdeflate's level 12 on text) that the run is surely busy when interrupted.
        let chunk = data.text(1 << 20)
        for index in 0..<24 { try TreeBuilder.write(chunk, to: scratch("in/file\(index).txt")) }
        try FileManager.default.createDirectory(atPath: scratch("out"), withIntermediateDirectories: true)
        let process = try CommandRunner.start(
            Squeeze.binary, ["archive", scratch("in"), "-o", scratch("out/in.tar.gz"), "--level", "12", "--mode", mode],
            scratch: scratch)
        // Signal once the archive is being written (the handlers are installed and the run is
        // compressing), at a moment it is seen, stopped, to be so still: the signal then always
        // comes mid-run. The archive is nameless until complete (or, where the file system cannot
        // do that, a named temporary).
        let hasTemporary = {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch("out"))) ?? []).contains { $0.contains(".squeeze-") }
                || !KernelState.namelessFiles(openBy: process.processIdentifier, in: scratch("out")).isEmpty
        }
        let signalled = KernelState.interrupt(process, with: signal, onceStarted: hasTemporary, ifWhileStopped: hasTemporary)
        process.waitUntilExit()
        try #require(signalled, "the archive was complete before the signal: make the input larger")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(result.output.contains("(interrupted)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("out")).isEmpty)
    }
}
