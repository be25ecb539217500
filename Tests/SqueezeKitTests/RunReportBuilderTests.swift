@testable import SqueezeKit
import Testing

@Suite struct RunReportBuilderTests {
    static func builder() -> RunReportBuilder {
        RunReportBuilder(
            command: "compress", settings: RunReport.Settings(scheduling: SchedulingOptions(mode: .apply, jobs: 2)),
            compressedSide: .output)
    }

    static func collector(_ outcomes: [FileOutcome]) -> ResultCollector {
        let collector = ResultCollector()
        outcomes.forEach(collector.record)
        return collector
    }

    static let done = FileOutcome(source: "a", output: "a.gz", bytesIn: 400, bytesOut: 100, seconds: 0.1, status: .done)

    @Test func outcomeFollowsTheWorstThatHappened() {
        var builder = Self.builder()
        #expect(builder.build(collector: Self.collector([Self.done]), interrupted: false).outcome == .succeeded)
        builder.skipped = [SkippedPath(path: "l", reason: .symbolicLink)]
        #expect(builder.build(collector: Self.collector([Self.done]), interrupted: false).outcome == .succeeded)
        builder.skipped.append(SkippedPath(path: "b", reason: .outputExists("b.gz")))
        #expect(builder.build(collector: Self.collector([Self.done]), interrupted: false).outcome == .warnings)
        let failed = FileOutcome(source: "c", output: nil, bytesIn: 0, bytesOut: 0, seconds: 0, status: .failed("broken"))
        #expect(builder.build(collector: Self.collector([Self.done, failed]), interrupted: false).outcome == .failures)
        #expect(builder.build(collector: Self.collector([Self.done, failed]), interrupted: true).outcome == .interrupted)
    }

    @Test func figuresComeFromTheOutcomes() {
        var builder = Self.builder()
        builder.skipped = [SkippedPath(path: "l1", reason: .symbolicLink), SkippedPath(path: "l2", reason: .symbolicLink)]
        builder.failures = [FileFailure(path: "gone", message: "cannot stat 'gone': No such file or directory")]
        let report = builder.build(collector: Self.collector([Self.done, Self.done]), interrupted: false)
        #expect(report.filesDone == 2)
        #expect(report.filesSkipped == 2)
        #expect(report.filesFailed == 1)
        #expect(report.bytesIn == 800)
        #expect(report.bytesOut == 200)
        #expect(report.compressionRatio == 4)
        #expect(report.skippedByReason == ["symbolic link": 2])
        #expect(report.failures == [RunReport.Notice(path: "gone", message: "cannot stat 'gone': No such file or directory")])
        #expect(report.files.map(\.path) == ["a", "a"])
        #expect(report.wallSeconds > 0)
        #expect(report.peakMemoryBytes > 0)
    }
}
