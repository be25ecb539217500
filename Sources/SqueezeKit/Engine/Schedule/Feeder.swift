/// The one thread of a scheduled run that waits for window credits: it takes each item's credits,
/// then hands the item to the scheduler, which runs it on a worker (or, `sequential`, at once on
/// this thread). Whatever finds the work feeds it: the calling thread going through a plan, the
/// walk as it finds files, a stream's reader as it cuts blocks. Nothing else waits for credits,
/// and a worker waits for nothing but work: see `WorkWindow` for why that cannot deadlock.
///
/// Not `Sendable`: a feeder is used by the thread that was given it, inside `SchedulingOptions.run`.
struct Feeder {
    let window: WorkWindow
    fileprivate let scheduler: any WorkScheduler

    /// Waits for room for `item` in the window, then hands it to the scheduler; false, the item
    /// dropped unrun, once the run is cancelled (the feeder should stop).
    @discardableResult
    func feed(_ item: WorkItem) -> Bool {
        guard window.acquire(item.weight) else { return false }
        scheduler.submit(item)
        return true
    }

    /// Waits for `weight` credits, then hands the scheduler the item `make` makes (for a producer
    /// that records the item's input only once it has room); false once the run is cancelled,
    /// `make` not called.
    @discardableResult
    func feed(weight: Int, _ make: () -> WorkItem) -> Bool {
        guard window.acquire(weight) else { return false }
        let item = make()
        precondition(item.weight == weight, "an item made for other credits than were taken")
        scheduler.submit(item)
        return true
    }

    /// Feeds `items` in order; false once the run is cancelled (the rest dropped unrun).
    @discardableResult
    func feed(_ items: some Sequence<WorkItem>) -> Bool {
        for item in items {
            guard feed(item) else { return false }
        }
        return true
    }
}

extension SchedulingOptions {
    /// Runs the items `feed` hands its feeder, in this mode, and returns once every one has run.
    /// `feed` runs on the calling thread, at the priority `qos` means for as long as it feeds
    /// (`WorkerThreads.lowering`: its walk or reads are the run's work too), and the calling
    /// thread then waits for the workers to finish.
    func run<Result>(
        window: WorkWindow, cancellation: CancellationFlag, _ feed: (Feeder) throws -> Result
    ) rethrows -> Result {
        let scheduler = makeScheduler(cancellation: cancellation)
        defer { scheduler.finish() }
        return try WorkerThreads.lowering(qos) { try feed(Feeder(window: window, scheduler: scheduler)) }
    }

    /// Runs `items`, in order of hand-out, and returns once every one has run.
    func run(_ items: some Sequence<WorkItem>, window: WorkWindow, cancellation: CancellationFlag) {
        run(window: window, cancellation: cancellation) { feeder in feeder.feed(items) }
    }
}
