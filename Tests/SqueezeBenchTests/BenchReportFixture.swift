@testable import SqueezeBench
import SqueezeKit

/// Bench reports with chosen figures, for the formatters' tests.
enum BenchReportFixture {
    /// `walls`: each row's label, mode, jobs and wall times of its runs.
    static func report(
        _ walls: [(label: String, mode: SchedulingMode, jobs: Int, runs: [Double])], kind: BenchKind = .modes,
        input: String = "/data/tree", identical: Bool = true
    ) -> BenchReport {
        let baseline = walls.first { $0.mode == .sequential }.flatMap { SampleSummary($0.runs) }
        let rows = walls.map { wall in
            BenchRow(
                configuration: BenchConfiguration(mode: wall.mode, jobs: wall.jobs), label: wall.label,
                runs: wall.runs.enumerated().map { index, seconds in
                    BenchRunSample(
                        round: index + 1, wallSeconds: seconds, userSeconds: seconds, systemSeconds: 0.1,
                        cpuUtilisation: 1.5, peakMemoryBytes: 30 << 20, megabytesPerSecond: 100 / seconds)
                },
                files: 7_914, bytes: 114_600_000, compressionRatio: 4.61, baselineWallSeconds: baseline?.median, kind: kind,
                baseline: wall.mode == .sequential ? nil : baseline)
        }
        return BenchReport(
            kind: kind, input: input, files: 7_914, bytes: 114_600_000,
            settings: BenchReport.Settings(
                codec: .libdeflate, level: 6, blockSize: 1 << 20, qos: .userInitiated, discard: false, repetitions: 3,
                warmupRounds: 1),
            activeCores: 2, baseline: "sequential", rows: rows, identicalOutput: identical,
            comparedRuns: 16, mismatches: identical ? [] : ["apply, 2 jobs (round 1) differs from sequential, 1 job (warm-up): 'x'"],
            contention: nil)
    }

    static let fourModes = report([
        ("sequential", .sequential, 1, [1.1, 1.0, 1.2]),
        ("group", .group, 2, [0.55, 0.5, 0.6]),
        ("apply", .apply, 2, [0.5, 0.52, 0.48]),
        ("operation", .operation, 2, [0.6, 0.62, 0.9]),
    ])
}
