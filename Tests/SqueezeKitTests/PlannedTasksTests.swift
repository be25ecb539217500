@testable import SqueezeKit
import SqueezeTestSupport
import Synchronization
import Testing

/// A task whose blocks give their credit back as they run, counting runs and finishes (also the
/// tasks of `WalkFedWorkTests`). `willRun` is called before a block's credit goes back.
final class WindowedCountingTask: BlockTask {
    let blockCount: Int
    private let window: WorkWindow
    private let willRun: @Sendable () -> Void
    let runs = Locked<[Int]>([])
    let finishes = Atomic<Int>(0)

    init(blocks: Int, window: WorkWindow, willRun: @escaping @Sendable () -> Void = {}) {
        blockCount = blocks
        self.window = window
        self.willRun = willRun
    }

    func runBlock(_ index: Int) -> Bool {
        willRun()
        window.release(1)
        return runs.withLock { runs in
            runs.append(index)
            return runs.count == blockCount
        }
    }

    func finish() { finishes.add(1, ordering: .relaxed) }
}

@Suite struct PlannedTasksTests {
    /// Tasks are made one at a time, in order, each only when its turn comes; every block runs
    /// once and every task finishes once, in every mode.
    @Test(arguments: SchedulingMode.allCases)
    func tasksAreMadeInOrderAsTheirTurnComes(mode: SchedulingMode) {
        var random = SplitMix64(seed: 13)
        let blocks = (0..<400).map { _ in random.next() % 7 == 0 ? Int(random.next() % 9) + 2 : 1 }
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 8, cancellation: cancellation)
        let made = Locked<[WindowedCountingTask]>([])
        let work = PlannedTasks(taskCount: blocks.count, window: window) { position in
            let task = WindowedCountingTask(blocks: blocks[position], window: window)
            made.withLock { $0.append(task) }
            return (0..<task.blockCount).map { WorkItem(task: task, block: $0, taskSize: 1, weight: 1) }
        }
        mode.makeScheduler(jobs: 2, qos: .userInitiated, cancellation: cancellation).run(work)
        let tasks = made.withLock { $0 }
        #expect(tasks.map(\.blockCount) == blocks)
        for task in tasks {
            #expect(task.runs.withLock { $0.sorted() } == Array(0..<task.blockCount))
            #expect(task.finishes.load(ordering: .relaxed) == 1)
        }
        #expect(work.next() == nil)
    }
}
