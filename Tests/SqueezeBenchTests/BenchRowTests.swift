import SqueezeBench
import Testing

@Suite struct BenchRowTests {
    static func run(_ wall: Double, memory: Int64 = 10, utilisation: Double = 1) -> BenchRunSample {
        BenchRunSample(
            round: 1, wallSeconds: wall, userSeconds: wall * 2, systemSeconds: wall / 10, cpuUtilisation: utilisation,
            peakMemoryBytes: memory, megabytesPerSecond: 1)
    }

    @Test func figuresAreMediansOfTheRunsAndPeakIsTheHighest() {
        let row = BenchRow(
            configuration: BenchConfiguration(mode: .apply, jobs: 2), label: "apply",
            runs: [Self.run(0.5, memory: 10, utilisation: 1.8), Self.run(0.4, memory: 30, utilisation: 1.9), Self.run(2.0, memory: 20, utilisation: 1.0)],
            files: 100, bytes: 50_000_000, compressionRatio: 3, baselineWallSeconds: 1.0, kind: .modes)
        #expect(row.wallSeconds.median == 0.5)
        #expect(row.wallSeconds.minimum == 0.4)
        #expect(row.wallSeconds.maximum == 2.0)
        #expect(row.megabytesPerSecond == 100)
        #expect(row.filesPerSecond == 200)
        #expect(row.speedup == 2)
        #expect(row.efficiency == 1)
        #expect(row.cpuUtilisation == 1.8)
        #expect(row.userSeconds == 1.0)
        #expect(row.systemSeconds == 0.05)
        #expect(row.peakMemoryBytes == 30)
    }

    @Test func withoutABaselineThereIsNoSpeedup() {
        let row = BenchRow(
            configuration: BenchConfiguration(mode: .apply, jobs: 2), label: "apply", runs: [Self.run(1)], files: 1, bytes: 1,
            compressionRatio: 1, baselineWallSeconds: nil, kind: .modes)
        #expect(row.speedup == nil)
        #expect(row.efficiency == nil)
    }

    @Test func collectorRowsHaveNoEfficiency() {
        let row = BenchRow(
            configuration: BenchConfiguration(mode: .apply, jobs: 2, collector: .mutex), label: "mutex", runs: [Self.run(1)],
            files: 1, bytes: 1, compressionRatio: 1, baselineWallSeconds: 1.1, kind: .collectors)
        #expect(row.speedup == 1.1)
        #expect(row.efficiency == nil)
    }

    @Test func sequentialAlwaysUsesOneJob() {
        #expect(BenchConfiguration(mode: .sequential, jobs: 8).jobs == 1)
        #expect(BenchConfiguration(mode: .group, jobs: 8).jobs == 8)
    }

    @Test func labelsNameOnlyWhatVaries() {
        let oneJobs = [BenchConfiguration(mode: .sequential, jobs: 1), BenchConfiguration(mode: .apply, jobs: 2)]
        #expect(oneJobs.map { BenchRow.label(of: $0, among: oneJobs, kind: .modes) } == ["sequential", "apply"])
        let twoJobs = oneJobs + [BenchConfiguration(mode: .apply, jobs: 4)]
        #expect(twoJobs.map { BenchRow.label(of: $0, among: twoJobs, kind: .modes) } == ["sequential", "apply ×2", "apply ×4"])
        let collectors = CollectorKind.allCases.map { BenchConfiguration(mode: .apply, jobs: 2, collector: $0) }
        #expect(collectors.map { BenchRow.label(of: $0, among: collectors, kind: .collectors) } == ["sync", "async", "barrier", "mutex"])
        let twoModes = collectors + [BenchConfiguration(mode: .group, jobs: 2, collector: .sync)]
        #expect(BenchRow.label(of: twoModes[4], among: twoModes, kind: .collectors) == "group sync")
    }
}
