import Dispatch

/// Work items a producer hands in one at a time as it goes (the blocks of an archive's tar
/// stream), handed out to the scheduler in the same order. `next()` waits for the producer, and
/// returns nil once the producer has finished and every item is out, or when the run is cancelled.
///
/// The producer takes each item's window credits before handing it in, on its one thread, so
/// credits are granted in hand-out order as `WorkWindow` requires, and the producer (not this
/// queue) is what waits when the window is full: memory stays bounded by the work in flight.
final class StreamedWork: WorkSource {
    private let state = Locked(State())
    private let wakeups = DispatchSemaphore(value: 0)
    private let cancellation: CancellationFlag

    private struct State {
        var items: [WorkItem] = []
        /// Index in `items` of the next item to hand out; the ones before it are gone.
        var head = 0
        var isFinished = false
        var waiting = 0
        /// Signals sent to `wakeups` and not yet consumed.
        var signalsPending = 0

        mutating func pop() -> WorkItem? {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            if head >= 64 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    init(cancellation: CancellationFlag) {
        self.cancellation = cancellation
    }

    /// Adds an item (its credits already taken) and wakes a waiting worker.
    func enqueue(_ item: WorkItem) {
        let wake = state.withLock { state in
            precondition(!state.isFinished, "work enqueued after finish()")
            state.items.append(item)
            guard state.waiting > state.signalsPending else { return false }
            state.signalsPending += 1
            return true
        }
        if wake { wakeups.signal() }
    }

    /// No more items will come: workers waiting for one return nil once the queue is empty.
    func finish() {
        let sleepers = state.withLock { state in
            state.isFinished = true
            let sleepers = max(0, state.waiting - state.signalsPending)
            state.signalsPending += sleepers
            return sleepers
        }
        for _ in 0..<sleepers { wakeups.signal() }
    }

    func next() -> WorkItem? {
        while true {
            let item: WorkItem?? = state.withLock { state in
                if let item = state.pop() { return .some(item) }
                if state.isFinished || cancellation.isCancelled { return .some(nil) }
                state.waiting += 1
                return nil
            }
            if let item { return item }
            // The timeout lets a cancelled run stop waiting for a producer that will not come.
            let woken = wakeups.wait(timeout: .now() + .milliseconds(50)) == .success
            state.withLock { state in
                state.waiting -= 1
                if woken { state.signalsPending -= 1 }
            }
        }
    }
}
