import Foundation

/// The producer of `squeeze archive`: on a thread of its own, runs libarchive over the items in
/// order, reading each file as its turn comes, and cuts the tar stream libarchive writes into
/// blocks that it hands to the task and the scheduler as they fill. It waits for window credits
/// before handing a block in, so reading runs ahead of compression by at most the window.
final class TarStreamProducer: Sendable {
    private let items: [ArchiveItem]
    private let task: ArchiveStreamTask
    private let work: StreamedWork
    private let window: WorkWindow
    private let blockSize: Int
    private let contextLength: Int
    /// What the items hold, as every work item's task size (for operation mode's priorities).
    private let totalBytes: Int64
    private let collector: any ResultRecording
    private let cancellation: CancellationFlag
    private let finished = DispatchSemaphore(value: 0)

    init(
        items: [ArchiveItem], task: ArchiveStreamTask, work: StreamedWork, window: WorkWindow,
        blockSize: Int, contextLength: Int, collector: any ResultRecording, cancellation: CancellationFlag
    ) {
        self.items = items
        self.task = task
        self.work = work
        self.window = window
        self.blockSize = blockSize
        self.contextLength = contextLength
        totalBytes = items.dataBytes
        self.collector = collector
        self.cancellation = cancellation
    }

    func start() {
        let thread = Thread { [self] in
            produce()
            finished.signal()
        }
        thread.name = "squeeze.archive-producer"
        thread.start()
    }

    func waitUntilFinished() { finished.wait() }

    /// Writes every entry, then hands in the last block. On any failure the task is failed and
    /// still gets its last block, so that it finishes (discarding the archive) and reports.
    private func produce() {
        let cutter = StreamBlockCutter(blockSize: blockSize, contextLength: contextLength) { [self] block in
            try handIn(block)
        }
        var outcomes: [FileOutcome] = []
        do {
            try UTF8ThreadLocale.run {
                let writer = try ArchiveWriteHandle(sink: cutter)
                let entries = try ArchiveEntryWriter(writer: writer, collector: collector)
                for item in items {
                    if cancellation.isCancelled { throw CancellationError() }
                    outcomes.append(try entries.add(item))
                }
                try writer.close()
            }
        } catch is CancellationError {
            // The run is stopping: nothing to report, the registry removes the temporary.
        } catch {
            task.fail(error)
        }
        task.attach(entryOutcomes: outcomes)
        try? cutter.finish()
        work.finish()
    }

    private func handIn(_ block: StreamedBlock) throws {
        if !block.isLast, let failure = task.failure { throw failure }
        let weight = window.weight(ofLength: block.length)
        guard window.acquire(weight) else { throw CancellationError() }
        task.accept(block, weight: weight)
        work.enqueue(WorkItem(task: task, block: block.index, taskSize: totalBytes, weight: weight))
    }
}
