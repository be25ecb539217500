/// Hands out work items to schedulers, in order; `next()` may wait (for room in the window, or
/// for a producer) and returns nil when there is no more work or the run was cancelled.
protocol WorkSource: Sendable {
    func next() -> WorkItem?
}
