import Dispatch
import FoundationEssentials

/// How a mode runs the items its feeder hands it: the only thing the four modes do differently.
/// The feeder has taken each item's credits; a scheduler never waits for credits, and its workers
/// wait for nothing but the next item.
package protocol WorkScheduler: AnyObject {
    /// Runs `item` now on this thread (`sequential`) or hands it to a worker. Called by the
    /// feeder only, one item at a time.
    func submit(_ item: WorkItem)

    /// Called by the feeder once it has submitted every item: returns when all have run.
    func finish()
}

/// The baseline: every item in turn on the feeder's thread, as it is handed out.
final class SequentialScheduler: WorkScheduler {
    func submit(_ item: WorkItem) { item.perform() }

    func finish() {}
}

/// `DispatchGroup` over a QoS global queue, at most `jobs` units in flight: a global queue whose
/// work blocks on I/O would otherwise grow libdispatch's pool without bound. A unit runs ready
/// items until there are none, then ends; the feeder starts one with each item while fewer than
/// `jobs` are running. No unit ever waits: not for credits, not for the feeder (an idle unit ends
/// instead), so no more pool threads than `jobs` are ever busy with the run, and none blocked.
///
/// Checked `Sendable`: its mutable state is the `Locked` ready items, the rest `let`s.
final class GroupScheduler: WorkScheduler, Sendable {
    private let jobs: Int
    private let qos: QualityOfService
    private let group = DispatchGroup()
    private let ready = Locked(ReadyItems())

    /// Items handed out and not yet taken, and the units running.
    private struct ReadyItems {
        var items = ElementQueue<WorkItem>()
        var units = 0
    }

    init(jobs: Int, qos: QualityOfService) {
        self.jobs = jobs
        self.qos = qos
    }

    func submit(_ item: WorkItem) {
        let startsUnit = ready.withLock { ready in
            ready.items.append(item)
            guard ready.units < jobs else { return false }
            ready.units += 1
            return true
        }
        guard startsUnit else { return }
        DispatchQueue.global(qos: qos.dispatchClass).async(group: group) { [self] in
            WorkerThreads.lowering(qos) {
                // A unit that finds no item ends, counted out under the same lock the feeder
                // counts it in with: an item added meanwhile starts a unit of its own.
                while let item = ready.withLock({ ready -> WorkItem? in
                    if let item = ready.items.popFirst() { return item }
                    ready.units -= 1
                    return nil
                }) {
                    item.perform()
                }
            }
        }
    }

    func finish() { group.wait() }
}

/// `DispatchQueue.concurrentPerform`: `jobs` iterations, each taking ready items until the feeder
/// has finished and none is left; no per-item dispatch at all. The iterations wait only for the
/// next item. `concurrentPerform` is entered from a global queue of the requested QoS at the first
/// item (never from a serial queue the iterations might need), so that the feeder's thread stays
/// free to feed.
final class ApplyScheduler: WorkScheduler {
    private let jobs: Int
    private let qos: QualityOfService
    private let ready = BoundedChannel<WorkItem>(capacity: .max)
    private let group = DispatchGroup()
    private var isStarted = false

    init(jobs: Int, qos: QualityOfService) {
        self.jobs = jobs
        self.qos = qos
    }

    func submit(_ item: WorkItem) {
        if !isStarted {
            isStarted = true
            let (jobs, qos, ready) = (jobs, qos, ready)
            DispatchQueue.global(qos: qos.dispatchClass).async(group: group) {
                // Every iteration at this thread's priority, its class's pool's: the others run on
                // another pool (`WorkerThreads.matching`).
                let pool = ThreadPriority.of()
                DispatchQueue.concurrentPerform(iterations: jobs) { _ in
                    WorkerThreads.matching(pool) {
                        WorkerThreads.lowering(qos) {
                            // The channel fails only when closed, which this one never is.
                            while let item = (try? ready.receive()) ?? nil { item.perform() }
                        }
                    }
                }
            }
        }
        ready.send(item)
    }

    func finish() {
        ready.finish()
        group.wait()
    }
}
