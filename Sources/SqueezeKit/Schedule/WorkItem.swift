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
