/// The producer of `squeeze archive`, on the run's feeder thread: runs libarchive over the
/// entries as the walk finds them, reading each file as its turn comes, and hands the tar stream
/// libarchive writes to the archive's `StreamedGzipTask`, which cuts it into blocks as they fill.
/// A block waits for window credits before it goes out, so the walk and the reading run ahead of
/// compression by at most the window.
final class TarStreamProducer: Sendable {
    private let task: StreamedGzipTask
    private let blockSize: Int
    /// Where the entries the tar turned out to hold go, for the archive's index; nil when the
    /// archive has none (zstd's frames, zlib's one stream), and the tar is then not scanned.
    private let indexedEntries: Locked<EntryRecords?>?
    private let collector: any ResultRecording
    private let cancellation: CancellationFlag

    init(
        task: StreamedGzipTask, blockSize: Int, indexedEntries: Locked<EntryRecords?>?,
        collector: any ResultRecording, cancellation: CancellationFlag
    ) {
        self.task = task
        self.blockSize = blockSize
        self.indexedEntries = indexedEntries
        self.collector = collector
        self.cancellation = cancellation
    }

    /// Writes every entry `walk` hands to its `add` (with its index among the entries, which it
    /// returns once the walk ends), then hands in the last block; returns what became of each
    /// entry. On any failure the task is failed and still gets its last block, so that it
    /// finishes (discarding the archive) and reports; the walk then goes on to its end without
    /// storing more, so that what it could not read is still named, as when it came first.
    func produce(
        feeding feeder: Feeder, walking walk: (_ add: (ArchiveItem, Int) -> Void) -> ScannedFiles
    ) -> ArchiveEntryOutcomes {
        let cutter = task.makeCutter(blockSize: blockSize, feeding: feeder)
        var entryOutcomes = ArchiveEntryOutcomes()
        do {
            try UTF8ThreadLocale.run {
                let tracker = indexedEntries == nil ? nil : TarEntryTracker(passingTo: cutter)
                let entries = try ArchiveEntryWriter(sink: tracker ?? cutter, collector: collector)
                var stopped: (any Error)?
                let items = walk { item, index in
                    guard stopped == nil else { return }
                    do {
                        if cancellation.isCancelled { throw CancellationError() }
                        entryOutcomes.add(try entries.add(item), item: index)
                    } catch {
                        stopped = error
                    }
                }
                entryOutcomes.items = items
                if let stopped { throw stopped }
                // An interrupted walk stops at its next entry: the tar must not be ended as if complete.
                if cancellation.isCancelled { throw CancellationError() }
                try entries.finish()
                // Before the last block goes in: its epilogue is what writes the index.
                if let tracker { indexedEntries?.withLock { $0 = tracker.entries } }
            }
        } catch is CancellationError {
            // The run is stopping: nothing to report, the registry removes the temporary.
        } catch {
            task.fail(error)
        }
        try? cutter.finish()
        return entryOutcomes
    }
}
