import SqueezeBench
import SqueezeKit
import Testing

@Suite struct BenchPlanTests {
    static func modesPlan(jobs: [Int], repetitions: Int = 2, warmup: Int = 1, discard: Bool = false) -> BenchPlan {
        BenchPlan.modes(
            input: "in", modes: SchedulingMode.allCases, jobs: jobs, settings: CompressionSettings(codec: .zlib, level: 9),
            qos: .utility, discard: discard, repetitions: repetitions, warmupRounds: warmup)
    }

    @Test func sequentialRunsOnceWhateverTheJobs() {
        let plan = Self.modesPlan(jobs: [1, 2, 4])
        #expect(plan.configurations.map { "\($0.mode.rawValue)/\($0.jobs)" } == [
            "sequential/1", "group/1", "group/2", "group/4", "apply/1", "apply/2", "apply/4",
            "operation/1", "operation/2", "operation/4",
        ])
    }

    @Test func everyConfigurationRunsEveryRoundAndRoundsRotate() {
        let plan = Self.modesPlan(jobs: [2], repetitions: 3, warmup: 1)
        let schedule = plan.schedule
        #expect(schedule.count == 16)
        #expect(schedule.prefix(4).allSatisfy { $0.isWarmup && $0.round == 0 })
        #expect(schedule.dropFirst(4).allSatisfy { !$0.isWarmup })
        for configuration in plan.configurations {
            #expect(schedule.filter { $0.configuration == configuration && !$0.isWarmup }.map(\.round) == [1, 2, 3])
        }
        // Each round starts one configuration further on.
        #expect(schedule.map(\.configuration.mode).enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
            == [.sequential, .group, .apply, .operation])
    }

    @Test func baselinesAreSequentialOrTheProductionCollector() {
        let modes = Self.modesPlan(jobs: [2])
        #expect(modes.baseline(of: BenchConfiguration(mode: .apply, jobs: 2)) == BenchConfiguration(mode: .sequential, jobs: 1))
        let withoutSequential = BenchPlan.modes(
            input: "in", modes: [.apply], jobs: [2], settings: CompressionSettings(), qos: .utility, discard: false,
            repetitions: 1, warmupRounds: 0)
        #expect(withoutSequential.baseline(of: BenchConfiguration(mode: .apply, jobs: 2)) == nil)

        let collectors = BenchPlan.collectors(
            input: "in", modes: [.apply, .group], jobs: [2], settings: CompressionSettings(), qos: .utility, discard: true,
            repetitions: 1, warmupRounds: 0)
        #expect(collectors.configurations.count == 8)
        #expect(collectors.baseline(of: BenchConfiguration(mode: .group, jobs: 2, collector: .sync))
            == BenchConfiguration(mode: .group, jobs: 2, collector: .production))
    }

    @Test func childArgumentsCarryEverySetting() {
        let plan = Self.modesPlan(jobs: [2])
        let arguments = plan.compressArguments(
            for: BenchConfiguration(mode: .operation, jobs: 2, collector: .barrier), reportPath: "r.json", outputDirectory: "out")
        #expect(arguments == [
            "compress", "in", "--mode", "operation", "--jobs", "2", "--qos", "utility", "--format", "gzip", "--codec", "zlib", "--level", "9",
            "--block-size", "1048576", "--collector", "barrier", "--json", "r.json", "--quiet", "--progress", "never",
            "--output-dir", "out",
        ])
        let discarding = Self.modesPlan(jobs: [2], discard: true)
            .compressArguments(for: BenchConfiguration(mode: .apply, jobs: 2), reportPath: "r.json", outputDirectory: "out")
        #expect(discarding.last == "--discard")
        #expect(!discarding.contains("--output-dir"))
    }

    /// A peer runs at the bench's level where the bench writes the peer's format, else at its own
    /// default; the children are told the format.
    @Test func peersTakeTheLevelOfTheirOwnFormat() {
        let zstd = BenchPlan.modes(
            input: "in", modes: [.apply], jobs: [2], settings: CompressionSettings(codec: .zstd, level: 19, format: .zstd),
            qos: .utility, discard: false, repetitions: 1, warmupRounds: 0, peers: [.gzip, .zstd])
        #expect(zstd.level(of: .zstd) == 19 && zstd.level(of: .gzip) == nil && zstd.level(of: .pigz) == nil)
        let arguments = zstd.compressArguments(for: BenchConfiguration(mode: .apply, jobs: 2), reportPath: "r.json", outputDirectory: "out")
        #expect(arguments.contains(["--format", "zstd", "--codec", "zstd", "--level", "19"]))
        #expect(BenchPeer.zstd.arguments(jobs: 2, level: 19).suffix(2) == ["-T2", "-19"])
        #expect(BenchPeer.gzip.arguments(jobs: 2, level: nil).last == "-k")
        let gzip = BenchPlan.modes(
            input: "in", modes: [.apply], jobs: [2], settings: CompressionSettings(codec: .libdeflate, level: 12),
            qos: .utility, discard: false, repetitions: 1, warmupRounds: 0, peers: [.pigz, .zstd])
        #expect(gzip.level(of: .pigz) == 9 && gzip.level(of: .zstd) == nil)
    }
}
