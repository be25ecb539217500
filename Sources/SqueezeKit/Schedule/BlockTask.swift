/// One file's worth of work, split into blocks that run independently, possibly at once, and
/// are put back together in order.
protocol BlockTask: AnyObject, Sendable {
    var blockCount: Int { get }

    /// Runs block `index` and hands its result to the task's ordered output. Returns true when
    /// this made every block of the task written: the task is then ready for `finish()`.
    func runBlock(_ index: Int) -> Bool

    /// Completes the task (trailer, commit, report). Called once, after `runBlock` returned true.
    func finish()
}
