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
