/// The producer of `squeeze archive`, on the run's feeder thread: runs libarchive over the items
/// in order, reading each file as its turn comes, and hands the tar stream libarchive writes to
/// the archive's `StreamedGzipTask`, which cuts it into blocks as they fill. A block waits for
/// window credits before it goes out, so reading runs ahead of compression by at most the window.
final class TarStreamProducer: Sendable {
    /// The entries, each `relativePath` its name in the archive.
    private let items: ScannedFiles
    private let task: StreamedGzipTask
    private let blockSize: Int
    /// Where the entries the tar turned out to hold go, for the archive's index; nil when the
    /// archive has none (zstd's frames, zlib's one stream), and the tar is then not scanned.
    private let indexedEntries: Locked<EntryRecords?>?
    private let collector: any ResultRecording
    private let cancellation: CancellationFlag

    init(
        items: ScannedFiles, task: StreamedGzipTask, blockSize: Int, indexedEntries: Locked<EntryRecords?>?,
        collector: any ResultRecording, cancellation: CancellationFlag
    ) {
        self.items = items
        self.task = task
        self.blockSize = blockSize
        self.indexedEntries = indexedEntries
        self.collector = collector
        self.cancellation = cancellation
    }

    /// Writes every entry, then hands in the last block; returns what became of each entry. On any
    /// failure the task is failed and still gets its last block, so that it finishes (discarding
    /// the archive) and reports.
    func produce(feeding feeder: Feeder) -> ArchiveEntryOutcomes {
        let cutter = task.makeCutter(blockSize: blockSize, feeding: feeder)
        var entryOutcomes = ArchiveEntryOutcomes(items: items)
        do {
            try UTF8ThreadLocale.run {
                let tracker = indexedEntries == nil ? nil : TarEntryTracker(passingTo: cutter)
                let writer = try ArchiveWriteHandle(sink: tracker ?? cutter)
                let entries = try ArchiveEntryWriter(writer: writer, collector: collector)
                for index in items.indices {
                    if cancellation.isCancelled { throw CancellationError() }
                    let entry = items[index]
                    entryOutcomes.add(
                        try entries.add(ArchiveItem(path: entry.path, name: entry.relativePath, status: entry.status)), item: index)
                }
                try writer.close()
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
