import Dispatch
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The producer-fed work source under contention: every item handed out exactly once, in order,
/// and every waiting worker let go at the end.
@Suite struct StreamedWorkTests {
    /// A task that only counts which blocks ran.
    final class CountingTask: BlockTask {
        let ran = Locked<[Int]>([])
        var blockCount: Int { Int.max }
        func runBlock(_ index: Int) -> Bool {
            ran.withLock { $0.append(index) }
            return false
        }
        func finish() {}
    }

    @Test(arguments: [1, 2, 5])
    func everyItemIsHandedOutOnceInOrder(consumers: Int) throws {
        for round in 0..<20 {
            let work = StreamedWork(cancellation: CancellationFlag())
            let task = CountingTask()
            let handedOut = Locked<[[Int]]>(Array(repeating: [], count: consumers))
            let group = DispatchGroup()
            for consumer in 0..<consumers {
                DispatchQueue.global().async(group: group) {
                    while let item = work.next() {
                        handedOut.withLock { $0[consumer].append(item.block) }
                        item.perform()
                    }
                }
            }
            let count = 200 + round * 7
            for index in 0..<count {
                if index % 37 == 0 { usleep(200) }
                work.enqueue(WorkItem(task: task, block: index, taskSize: 0, weight: 1))
            }
            work.finish()
            #expect(group.wait(timeout: .now() + 10) == .success, "a worker was not let go")
            let perConsumer = handedOut.withLock { $0 }
            // Each worker sees increasing indices: items leave the queue in the order they came.
            #expect(perConsumer.allSatisfy { $0 == $0.sorted() })
            #expect(task.ran.withLock { $0.sorted() } == Array(0..<count))
        }
    }

    @Test func cancellationLetsWaitingWorkersGo() {
        let cancellation = CancellationFlag()
        let work = StreamedWork(cancellation: cancellation)
        let group = DispatchGroup()
        let workers = Locked<[Int32]>([])
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                workers.withLock { $0.append(KernelState.currentThreadID()) }
                _ = work.next()
            }
        }
        // Cancel once all three are waiting in `next()` (nothing was enqueued: they can only wait).
        #expect(KernelState.waitUntil(deadline: 60) { workers.withLock { $0.count } == 3 })
        #expect(KernelState.waitUntilAsleep(workers.withLock { $0 }))
        cancellation.cancel()
        #expect(group.wait(timeout: .now() + 5) == .success)
    }
}
