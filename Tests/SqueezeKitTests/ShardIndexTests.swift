@testable import SqueezeKit
import Testing

@Suite struct ShardIndexTests {
    /// The environment `resolve` looks variables up in.
    private func variables(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

    @Test func slurmArrayTasksCountFromTheArraysMinimum() throws {
        let environment = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try ShardIndex.resolve(explicit: nil, count: 4, environment: variables(environment)) == 2)
    }

    @Test func anIndexedJobsCompletionIndex() throws {
        #expect(try ShardIndex.resolve(explicit: nil, count: 3, environment: variables(["JOB_COMPLETION_INDEX": "2"])) == 2)
    }

    @Test func anExplicitShardWinsOverTheEnvironment() throws {
        #expect(try ShardIndex.resolve(explicit: 1, count: 4, environment: variables(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "1"])) == 1)
    }

    @Test func mistakesAreNamed() {
        #expect(throws: ShardPlanError.indexOutOfRange(4, count: 4, source: "JOB_COMPLETION_INDEX")) {
            try ShardIndex.resolve(explicit: nil, count: 4, environment: variables(["JOB_COMPLETION_INDEX": "4"]))
        }
        #expect(throws: ShardPlanError.countMismatch(engineCount: 3, planCount: 4, source: "SLURM_ARRAY_TASK_COUNT")) {
            try ShardIndex.resolve(explicit: nil, count: 4, environment: variables(["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "3"]))
        }
        #expect(throws: ShardPlanError.noShardGiven) { try ShardIndex.resolve(explicit: nil, count: 4, environment: variables([:])) }
        #expect(throws: ShardPlanError.notANumber("x", source: "JOB_COMPLETION_INDEX")) {
            try ShardIndex.resolve(explicit: nil, count: 4, environment: variables(["JOB_COMPLETION_INDEX": "x"]))
        }
        #expect("\(ShardPlanError.countMismatch(engineCount: 3, planCount: 4, source: "SLURM_ARRAY_TASK_COUNT"))".contains("--array=0-3"))
    }
}
