/// One block of one task, as the schedulers hand them out.
struct WorkItem: Sendable {
    let task: any BlockTask
    let block: Int
    /// The size of the task's whole input: items are ordered and prioritised by it.
    let taskSize: Int64
    /// The window credits this item holds from hand-out until its output is written.
    let weight: Int

    /// Runs the block and, if it was the task's last, finishes the task on this thread.
    func perform() {
        if task.runBlock(block) { task.finish() }
    }
}

/// One file's worth of work, split into blocks that run independently, possibly at once, and
/// are put back together in order.
protocol BlockTask: AnyObject, Sendable {
    /// How many blocks the task has. A task fed by a stream whose end is not known yet (an
    /// archive's tar) answers a lower bound that is exact once its last block is handed out, and
    /// always larger than the index of any block handed out before: schedulers may rely on
    /// `blockCount > 1` and `block == blockCount - 1` (the last block) for any item they hold.
    var blockCount: Int { get }

    /// Runs block `index` and hands its result to the task's ordered output. Returns true when
    /// this made every block of the task written: the task is then ready for `finish()`.
    func runBlock(_ index: Int) -> Bool

    /// Completes the task (trailer, commit, report). Called once, after `runBlock` returned true.
    func finish()
}

/// Hands out work items to schedulers, in order; `next()` may wait (for room in the window, or
/// for a producer) and returns nil when there is no more work or the run was cancelled.
protocol WorkSource: Sendable {
    func next() -> WorkItem?

    /// The next item if it can be handed out now, without waiting (for credits, a producer, or a
    /// lock that another taker holds while it waits in `next()`: a group chain's batch is taken
    /// while the other chains wait);
    /// nil if it cannot, whether or not more will come (`next()` waits and tells). A scheduler that
    /// holds items taken but not yet started must start them before it waits in `next()`: their
    /// credits may be what the wait is for.
    func tryNext() -> WorkItem?
}

extension WorkSource {
    /// Never an item without waiting: correct for any source, and a scheduler then starts each
    /// item as it takes it.
    func tryNext() -> WorkItem? { nil }
}

/// Runs every item a source hands out, in one of the four modes, and returns when all are done.
protocol WorkScheduler {
    func run(_ source: any WorkSource)
}
