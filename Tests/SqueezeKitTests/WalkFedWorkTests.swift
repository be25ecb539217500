import Dispatch
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// How many streamed items are handed in and not yet run, now and at the most.
private final class InFlight: Sendable {
    private let counts = Locked<(now: Int, most: Int)>((0, 0))

    var most: Int { counts.withLock { $0.most } }

    func add(_ change: Int) {
        counts.withLock { counts in
            counts.now += change
            counts.most = max(counts.most, counts.now)
        }
    }
}

/// The work source a walk feeds while the workers run: what the walk hands in streams to them at
/// once, within the window; what it keeps for the end follows; cancellation lets everyone go.
@Suite struct WalkFedWorkTests {
    /// Small tasks streamed by a walker thread (pausing now and then, as a walk does between
    /// directories), then large ones planned at the end: in every mode every block runs once and
    /// every task finishes once, and no more items are taken than the window holds.
    @Test(arguments: SchedulingMode.allCases)
    func everyStreamedAndPlannedTaskRunsOnceWithinTheWindow(mode: SchedulingMode) {
        for round in 0..<10 {
            let cancellation = CancellationFlag()
            let window = WorkWindow(capacity: 8, cancellation: cancellation)
            let work = WalkFedWork(window: window, cancellation: cancellation)
            let inFlight = InFlight()
            // Counted out before the credit goes back, so the count never runs ahead of the window.
            let streamed = (0..<(300 + 13 * round)).map { _ in WindowedCountingTask(blocks: 1, window: window) { inFlight.add(-1) } }
            var random = SplitMix64(seed: UInt64(round))
            let large = (0..<20).map { _ in WindowedCountingTask(blocks: Int(random.next() % 6) + 2, window: window) }
            let walked = DispatchSemaphore(value: 0)
            let walker = Thread {
                for (index, task) in streamed.enumerated() {
                    if index % 41 == 0 { usleep(300) }
                    // Counted in before it waits for its credit, so a worker cannot count it out first.
                    inFlight.add(1)
                    #expect(work.enqueue(WorkItem(task: task, block: 0, taskSize: 1, weight: 1)))
                }
                work.finish(then: PlannedTasks(taskCount: large.count, window: window) { position in
                    (0..<large[position].blockCount).map { WorkItem(task: large[position], block: $0, taskSize: 2, weight: 1) }
                })
                walked.signal()
            }
            walker.start()
            mode.makeScheduler(jobs: 2, qos: .userInitiated, cancellation: cancellation).run(work)
            walked.wait()
            for task in streamed + large {
                #expect(task.runs.withLock { $0.sorted() } == Array(0..<task.blockCount))
                #expect(task.finishes.load(ordering: .relaxed) == 1)
            }
            // The window (8 credits, one per item) bounds what the walk has handed in and the
            // workers not yet run; the one extra is the item counted in while it waits for its credit.
            #expect(inFlight.most <= window.capacity + 1)
            #expect(work.next() == nil)
        }
    }

    /// With one worker, the order is exact: the streamed items in the order the walk found them,
    /// then the planned ones.
    @Test func streamedItemsComeFirstInWalkOrderThenThePlannedOnes() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 4, cancellation: cancellation)
        let work = WalkFedWork(window: window, cancellation: cancellation)
        let order = Locked<[Int]>([])
        let task: @Sendable (Int) -> WindowedCountingTask = { tag in WindowedCountingTask(blocks: 1, window: window) { order.withLock { $0.append(tag) } } }
        let walker = Thread {
            for tag in 0..<50 {
                _ = work.enqueue(WorkItem(task: task(tag), block: 0, taskSize: 1, weight: 1))
            }
            work.finish(then: PlannedTasks(taskCount: 5, window: window) { position in
                [WorkItem(task: task(100 + position), block: 0, taskSize: 9, weight: 1)]
            })
        }
        walker.start()
        SchedulingMode.group.makeScheduler(jobs: 1, qos: .userInitiated, cancellation: cancellation).run(work)
        #expect(order.withLock { $0 } == Array(0..<50) + Array(100..<105))
    }

    /// A walker waiting for room in a full window, and workers waiting for the walker, are all
    /// let go by the run's cancellation; the walker is told to stop.
    @Test func cancellationLetsTheWalkerAndTheWorkersGo() {
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 2, cancellation: cancellation)
        let work = WalkFedWork(window: window, cancellation: cancellation)
        // Never run, so the window stays full once two are queued.
        final class IdleTask: BlockTask {
            var blockCount: Int { 1 }
            func runBlock(_ index: Int) -> Bool { true }
            func finish() {}
        }
        #expect(work.enqueue(WorkItem(task: IdleTask(), block: 0, taskSize: 1, weight: 1)))
        #expect(work.enqueue(WorkItem(task: IdleTask(), block: 0, taskSize: 1, weight: 1)))
        let threads = Locked<[Int32]>([])
        let walkerStopped = Locked<Bool?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            threads.withLock { $0.append(KernelState.currentThreadID()) }
            let queued = work.enqueue(WorkItem(task: IdleTask(), block: 0, taskSize: 1, weight: 1))
            walkerStopped.withLock { $0 = !queued }
        }
        // Take the two queued items without running them (their credits stay taken), then wait.
        #expect(work.next() != nil)
        #expect(work.next() != nil)
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                threads.withLock { $0.append(KernelState.currentThreadID()) }
                _ = work.next()
            }
        }
        #expect(KernelState.waitUntil(deadline: 60) { threads.withLock { $0.count } == 3 })
        #expect(KernelState.waitUntilAsleep(threads.withLock { $0 }))
        cancellation.cancel()
        #expect(group.wait(timeout: .now() + 5) == .success, "a thread was not let go")
        #expect(walkerStopped.withLock { $0 } == true)
    }
}
