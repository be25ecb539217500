/// One block of one task, as the feeder hands them to the scheduler.
package struct WorkItem: Sendable {
    let task: any BlockTask
    let block: Int
    /// The size of the task's whole input: items are prioritised and batched by it.
    package let taskSize: Int64
    /// The window credits this item holds from hand-out until its output is written.
    let weight: Int

    /// Runs the block and, if it was the task's last, finishes the task on this thread.
    package func perform() {
        if task.runBlock(block) { task.finish() }
    }

    /// Whether this is the only block of its task (see `BlockTask.blockCount`): a scheduler may
    /// batch such items, each a whole task.
    package var isWholeTask: Bool { task.blockCount == 1 }
}

/// One file's worth of work, split into blocks that run independently, possibly at once, and
/// are put back together in order.
protocol BlockTask: AnyObject, Sendable {
    /// How many blocks the task has. A task fed by a stream whose end is not known yet (an
    /// archive's tar) answers a lower bound that is exact once its last block is handed out, and
    /// always larger than the index of any block handed out before: a scheduler may rely on
    /// `blockCount == 1` for the only block of a task.
    var blockCount: Int { get }

    /// Runs block `index` and hands its result to the task's ordered output. Returns true when
    /// this made every block of the task written: the task is then ready for `finish()`. Waits
    /// for nothing but its own input and output: never for window credits or another block.
    func runBlock(_ index: Int) -> Bool

    /// Completes the task (trailer, commit, report). Called once, after `runBlock` returned true.
    func finish()
}
