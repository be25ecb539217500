import Dispatch

/// A fixed list of work items handed out in order, each once the window has room for it.
final class PlannedWork: WorkSource {
    private let items: [WorkItem]
    private let cursor = Locked(0)
    private let window: WorkWindow

    init(items: [WorkItem], window: WorkWindow) {
        self.items = items
        self.window = window
    }

    /// Claiming an item and taking its credits happen under one lock, so credits are granted in
    /// hand-out order: a later block can never take the room an earlier one is waiting for
    /// (which, with the later one waiting in its file's reorder buffer, would deadlock).
    func next() -> WorkItem? {
        cursor.withLock { index in
            guard index < items.count else { return nil }
            let item = items[index]
            guard window.acquire(item.weight) else { return nil }
            index += 1
            return item
        }
    }
}

/// Bounds the work taken but not yet written, and with it memory. Credits are bytes of input: an
/// item takes its weight when it is handed out and gives it back when its output has been
/// written (or dropped).
///
/// Items are handed out in order, so the oldest unwritten block of any file has been handed out
/// and is running on a thread that needs no credit to finish it: waiting here cannot deadlock.
///
/// A waiter is woken only once half the window is free, not at every release: a feeder thread
/// (operation mode) then wakes once per batch of items instead of once per item, which on two
/// cores would steal a core from the workers each time.
final class WorkWindow: Sendable {
    let capacity: Int
    private let wakeThreshold: Int
    private let state: Locked<State>
    private let wakeups = DispatchSemaphore(value: 0)
    private let cancellation: CancellationFlag

    private struct State {
        var available: Int
        var waiting = 0
        /// Signals sent to `wakeups` and not yet consumed.
        var signalsPending = 0
    }

    init(capacity: Int, cancellation: CancellationFlag) {
        precondition(capacity >= 2)
        self.capacity = capacity
        wakeThreshold = capacity / 2
        state = Locked(State(available: capacity))
        self.cancellation = cancellation
    }

    /// Room for four blocks per job: every worker busy while finished blocks wait their turn.
    static func capacity(forJobs jobs: Int, blockSize: Int) -> Int { 4 * jobs * blockSize }

    /// What an item of `length` input bytes costs: at least a page, so that a million empty files
    /// are bounded too, and at most the wake threshold, so that any item fits once the window has
    /// drained that far.
    func weight(ofLength length: Int) -> Int { min(max(length, 4096), wakeThreshold) }

    /// Waits for `weight` credits; false if the run was cancelled meanwhile (items abandoned by a
    /// cancelled run may never give theirs back).
    func acquire(_ weight: Int) -> Bool {
        while !cancellation.isCancelled {
            let acquired = state.withLock { state in
                if state.available >= weight {
                    state.available -= weight
                    return true
                }
                state.waiting += 1
                return false
            }
            if acquired { return true }
            let woken = wakeups.wait(timeout: .now() + .milliseconds(50)) == .success
            state.withLock { state in
                state.waiting -= 1
                if woken { state.signalsPending -= 1 }
            }
        }
        return false
    }

    func release(_ weight: Int) {
        let wake = state.withLock { state in
            state.available += weight
            guard state.waiting > state.signalsPending && state.available >= wakeThreshold else { return false }
            state.signalsPending += 1
            return true
        }
        if wake { wakeups.signal() }
    }
}
