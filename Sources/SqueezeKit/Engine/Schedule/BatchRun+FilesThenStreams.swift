extension BatchRun {
    /// Runs the tasks of a run over named inputs in the order that reads them all: the files
    /// together, largest first (equal sizes by path), then each stream (standard input, taken
    /// again for each `-`, or a FIFO) on its own, in the order named, its items made only when
    /// its turn comes. A stream's items open it, and a FIFO's open waits for its writer: opened
    /// in any other order, FIFOs whose writers feed them in the order named would wait for each
    /// other. Stops handing out streams once the run is cancelled.
    func scheduleFilesThenStreams<Task>(
        _ tasks: [Task], isStream: (Task) -> Bool, size: (Task) -> Int64, path: (Task) -> PathName,
        window: WorkWindow, _ scheduling: SchedulingOptions, items: (Task) -> [WorkItem]
    ) {
        let files = tasks.filter { !isStream($0) }.sortedLargestFirst(size: size, path: path)
        schedule(scheduling, window: window) { feeder in
            for file in files {
                guard feeder.feed(items(file)) else { return }
            }
        }
        for task in tasks where isStream(task) && !cancellation.isCancelled {
            schedule(items(task), scheduling, window: window)
        }
    }
}
