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
    func next() -> WorkItem? { take(waiting: true) }

    /// Not even for the lock: a taker waiting in `next()` holds it while it waits for credits,
    /// which the caller's own items may be holding.
    func tryNext() -> WorkItem? { cursor.withLockIfAvailable { take(&$0, waiting: false) } ?? nil }

    private func take(waiting: Bool) -> WorkItem? { cursor.withLock { take(&$0, waiting: waiting) } }

    private func take(_ index: inout Int, waiting: Bool) -> WorkItem? {
        guard index < items.count else { return nil }
        let item = items[index]
        guard waiting ? window.acquire(item.weight) : window.tryAcquire(item.weight) else { return nil }
        index += 1
        return item
    }
}

/// A fixed list of tasks whose work items are made as they are handed out, task by task, each
/// item once the window has room for it: a million planned files cost a few integers each, not a
/// task object and its items, until their turn comes.
final class PlannedTasks: WorkSource {
    private let taskCount: Int
    private let itemsOfTask: @Sendable (Int) -> [WorkItem]
    private let window: WorkWindow
    private let cursor = Locked(Cursor())

    /// The next task to make, and the items of the last one made not yet handed out (last first).
    private struct Cursor {
        var nextTask = 0
        var pending: [WorkItem] = []
    }

    /// `itemsOfTask(n)` makes task `n`'s items, in hand-out order; it is called once per task, in
    /// order, under this source's lock.
    init(taskCount: Int, window: WorkWindow, itemsOfTask: @escaping @Sendable (Int) -> [WorkItem]) {
        self.taskCount = taskCount
        self.window = window
        self.itemsOfTask = itemsOfTask
    }

    /// As `PlannedWork.next()`: claiming an item and taking its credits happen under one lock.
    func next() -> WorkItem? { take(waiting: true) }

    /// As `PlannedWork.tryNext()`: not even for the lock a waiting taker holds.
    func tryNext() -> WorkItem? { cursor.withLockIfAvailable { take(&$0, waiting: false) } ?? nil }

    private func take(waiting: Bool) -> WorkItem? { cursor.withLock { take(&$0, waiting: waiting) } }

    private func take(_ cursor: inout Cursor, waiting: Bool) -> WorkItem? {
        while cursor.pending.isEmpty {
            guard cursor.nextTask < taskCount else { return nil }
            cursor.pending = itemsOfTask(cursor.nextTask).reversed()
            cursor.nextTask += 1
        }
        guard let item = cursor.pending.last,
            waiting ? window.acquire(item.weight) : window.tryAcquire(item.weight)
        else { return nil }
        cursor.pending.removeLast()
        return item
    }
}

/// Work items a producer hands in one at a time as it goes (the blocks of an archive's tar
/// stream), handed out to the scheduler in the same order. `next()` waits for the producer, and
/// returns nil once the producer has finished and every item is out, or when the run is cancelled.
///
/// The producer takes each item's window credits before handing it in, on its one thread, so
/// credits are granted in hand-out order as `WorkWindow` requires, and the producer (not this
/// channel, which is unbounded) is what waits when the window is full: memory stays bounded by
/// the work in flight.
final class StreamedWork: WorkSource {
    private let channel: BoundedChannel<WorkItem>

    init(cancellation: CancellationFlag) {
        channel = BoundedChannel(capacity: .max, cancellation: cancellation)
    }

    /// Adds an item (its credits already taken) and wakes a waiting worker; false (the item
    /// dropped) once the run is cancelled.
    @discardableResult
    func enqueue(_ item: WorkItem) -> Bool {
        channel.send(item)
    }

    /// No more items will come: workers waiting for one return nil once every item is out.
    func finish() {
        channel.finish()
    }

    func next() -> WorkItem? {
        // The channel fails only when closed, which this source never does.
        try? channel.receive()
    }

    func tryNext() -> WorkItem? { channel.tryReceive() }
}

/// Work that starts before the walk that finds it ends: the walker hands in each file of one
/// block as it finds it, and when the walk is over, the rest of the work (the files of several
/// blocks, planned largest first so that they are still split and balanced at the end), which is
/// handed out once every streamed item is.
///
/// The walker takes each streamed item's window credits before handing it in, on its one thread
/// (as `StreamedWork`'s producer does), and the rest takes its own only after the last streamed
/// item is out: credits are granted in hand-out order, as `WorkWindow` requires. The walker waits
/// when the window is full, so memory stays bounded by the work in flight, however large the tree.
final class WalkFedWork: WorkSource {
    private let streamed: StreamedWork
    private let window: WorkWindow
    private let rest = Locked<(any WorkSource)?>(nil)

    init(window: WorkWindow, cancellation: CancellationFlag) {
        self.window = window
        streamed = StreamedWork(cancellation: cancellation)
    }

    /// Waits for room in the window, then queues `item` for the workers; false (the item dropped)
    /// once the run is cancelled, when the walk should stop.
    func enqueue(_ item: WorkItem) -> Bool {
        window.acquire(item.weight) && streamed.enqueue(item)
    }

    /// The walk is over: `rest` is handed out after the items streamed so far (and nothing more
    /// may be enqueued).
    func finish(then rest: any WorkSource) {
        self.rest.withLock { $0 = rest }
        streamed.finish()
    }

    func next() -> WorkItem? {
        if let item = streamed.next() { return item }
        // The streamed items are all out, so the walk has finished and set the rest (it is set
        // before the stream ends), or the run was cancelled.
        return rest.withLock { $0 }?.next()
    }

    /// Without waiting for the walker: a streamed item if one is queued; the rest's only once the
    /// stream has ended. The rest is read first: it is set after the last item is enqueued, so
    /// if it is set and no item is queued, none will be.
    func tryNext() -> WorkItem? {
        let rest = rest.withLock { $0 }
        if let item = streamed.tryNext() { return item }
        return rest?.tryNext()
    }
}

/// Bounds the work taken but not yet written, and with it memory. Credits are bytes of input: an
/// item takes its weight when it is handed out and gives it back when its output has been
/// written (or dropped).
///
/// Items are handed out in order, so the oldest unwritten block of any file has been handed out
/// and is running on a thread that needs no credit to finish it: waiting here cannot deadlock.
///
/// A waiter is woken only once half the window is free, not at every release (see `Credits`).
final class WorkWindow: Sendable {
    private let credits: Credits

    init(capacity: Int, cancellation: CancellationFlag) {
        precondition(capacity >= 2)
        credits = Credits(capacity: capacity, wakeThreshold: capacity / 2, cancellation: cancellation)
    }

    var capacity: Int { credits.capacity }

    /// Room for four blocks per job: every worker busy while finished blocks wait their turn.
    static func capacity(forJobs jobs: Int, blockSize: Int) -> Int { 4 * jobs * blockSize }

    /// What an item of `length` input bytes costs: at least a page, so that a million empty files
    /// are bounded too, and at most the wake threshold, so that any item fits once the window has
    /// drained that far.
    func weight(ofLength length: Int) -> Int { min(max(length, 4096), credits.wakeThreshold) }

    /// Waits for `weight` credits; false if the run was cancelled meanwhile (items abandoned by a
    /// cancelled run may never give theirs back).
    func acquire(_ weight: Int) -> Bool { credits.acquire(weight) }

    /// Takes `weight` credits if they are free now; false if not, without waiting.
    func tryAcquire(_ weight: Int) -> Bool { credits.tryAcquire(weight) }

    func release(_ weight: Int) { credits.release(weight) }
}
