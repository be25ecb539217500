/// Bounds the work handed out but not yet written, and with it memory. Credits are bytes of
/// input: an item takes its weight when the feeder hands it out and gives it back when its output
/// has been written (or dropped).
///
/// Why waiting here cannot deadlock, in one sentence: only the feeder waits for credits, and every
/// credit it waits for is held by an item already handed to the workers, who wait for nothing but
/// work, so that item runs, is written, and gives its credit back.
///
/// The feeder is woken only once `wakeThreshold` credits are free, not at every release (see
/// `Credits`), and no item weighs more than that, so any item fits once the feeder is woken.
final class WorkWindow: Sendable {
    private let credits: Credits

    /// A window of `capacity` credits whose feeder wakes once half of them are free; or, given
    /// `wakingWhenFree`, once that many are (the whole window: one item of the largest weight in
    /// flight at a time, the narrowest window there is).
    init(capacity: Int, cancellation: CancellationFlag, wakingWhenFree threshold: Int? = nil) {
        precondition(capacity >= 2)
        credits = Credits(capacity: capacity, wakeThreshold: threshold ?? capacity / 2, cancellation: cancellation)
    }

    var capacity: Int { credits.capacity }

    /// Room for four blocks per job: every worker busy while finished blocks wait their turn.
    static func capacity(forJobs jobs: Int, blockSize: Int) -> Int { 4 * jobs * blockSize }

    /// What an item of `length` input bytes costs: at least a page, so that a million empty files
    /// are bounded too, and at most the wake threshold, so that any item fits once the window has
    /// drained that far.
    func weight(ofLength length: Int) -> Int { min(max(length, 4096), credits.wakeThreshold) }

    /// Waits for `weight` credits; false if the run was cancelled meanwhile (items abandoned by a
    /// cancelled run may never give theirs back). Only the feeder calls this.
    func acquire(_ weight: Int) -> Bool { credits.acquire(weight) }

    func release(_ weight: Int) { credits.release(weight) }
}
