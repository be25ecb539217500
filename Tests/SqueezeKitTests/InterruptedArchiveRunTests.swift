import Foundation
@testable import SqueezeKit
import SqueezeOperationQueue
import SqueezeTestSupport
import Testing

/// Runs interrupted in the middle: nothing half-written is left under a final name, and no
/// temporary at all.
@Suite struct InterruptedArchiveRunTests {
    @Test(arguments: SchedulingMode.allCases)
    func anInterruptedArchiveLeavesNoOutput(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 21)
        for index in 0..<12 { try TreeBuilder.write(data.text(200_000), to: scratch("tree/f\(index).txt")) }
        let collector = CancellingCollector(cancelAfter: 3)
        let report = ArchiveRun(
            request: ArchiveRequest(
                roots: [PathName(scratch("tree"))], destination: PathName(scratch("out.tar.gz")),
                settings: CompressionSettings(blockSize: 64 << 10), scheduling: SchedulingOptions(mode: mode, jobs: 2, operationScheduler: .operationQueue)),
            environment: RunEnvironment(collector: collector, cancellation: collector.cancellation)
        ).run()
        #expect(report.interrupted && report.outcome == .interrupted)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["tree"])
    }

    /// Interrupted before or during its walk, an archive stops walking: nothing more is looked
    /// at (the sockets at the end of the tree are never reached to be skipped), and nothing is
    /// written.
    @Test func anArchiveInterruptedBeforeItsWalkWalksNoFurther() throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<20 { try TreeBuilder.write("f", to: scratch("tree/d\(index)/f")) }
        for index in 0..<5 { try TreeBuilder.makeSocket(scratch("tree/zz\(index).sock")) }
        let cancellation = CancellationFlag()
        cancellation.cancel()
        let report = ArchiveRun(
            request: ArchiveRequest(roots: [PathName(scratch("tree"))], destination: PathName(scratch("out.tar.gz"))),
            environment: RunEnvironment(cancellation: cancellation)
        ).run()
        #expect(report.outcome == .interrupted)
        #expect(report.skipped.isEmpty, "the walk went on: \(report.skipped)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["tree"])
    }

    /// Interrupted mid-walk (the walk stores entries as it finds them: the collector hears the
    /// fourth progress event at the first file's), the walk stops at its next entry: no later entry
    /// is read (the files counted are the three stored), the sockets at the end are never reached,
    /// and the archive's temporary is gone.
    @Test(arguments: SchedulingMode.allCases)
    func anArchiveInterruptedMidWalkStopsItAndLeavesNothing(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<20 { try TreeBuilder.write("f", to: scratch("tree/d\(index)/f")) }
        for index in 0..<5 { try TreeBuilder.makeSocket(scratch("tree/zz\(index).sock")) }
        let collector = CancellingCollector(cancelAfter: 4)
        let report = ArchiveRun(
            request: ArchiveRequest(
                roots: [PathName(scratch("tree"))], destination: PathName(scratch("out.tar.zst")),
                settings: CompressionSettings(codec: .zstd, level: 3, format: .zstd),
                scheduling: SchedulingOptions(mode: mode, jobs: 2, operationScheduler: .operationQueue)),
            environment: RunEnvironment(collector: collector, cancellation: collector.cancellation)
        ).run()
        #expect(report.outcome == .interrupted)
        #expect(report.skipped.isEmpty, "the walk went on: \(report.skipped)")
        #expect(collector.totals().filesProcessed == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["tree"])
    }

    @Test(arguments: [true, false])
    func anInterruptedExtractionLeavesCompleteFilesOnly(entersDestination: Bool) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 22)
        var builder = TarBuilder()
        var contents: [String: [UInt8]] = [:]
        for index in 0..<8 {
            let bytes = data.randomBytes(300_000)
            contents["f\(index).bin"] = bytes
            builder = builder.file(Array("f\(index).bin".utf8), bytes)
        }
        try builder.write(to: scratch("a.tar.gz"), compression: .gzip)
        let collector = CancellingCollector(cancelAfter: 3)
        let report = ExtractionRun(
            request: ExtractionRequest(archive: PathName(scratch("a.tar.gz")), destination: PathName(scratch("dest"))),
            environment: RunEnvironment(collector: collector, cancellation: collector.cancellation),
            entersDestination: entersDestination
        ).run()
        #expect(report.interrupted && report.outcome == .interrupted)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch("dest")).sorted()
        #expect(!left.isEmpty && left.count < 8, "\(left)")
        for name in left {
            #expect(try TreeBuilder.read(scratch("dest/\(name)")) == contents[name], "\(name) is not complete")
        }
    }
}
