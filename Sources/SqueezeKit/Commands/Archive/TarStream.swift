import Foundation

/// The producer of `squeeze archive`: on a thread of its own, runs libarchive over the items in
/// order, reading each file as its turn comes, and cuts the tar stream libarchive writes into
/// blocks that it hands to the task and the scheduler as they fill. It waits for window credits
/// before handing a block in, so reading runs ahead of compression by at most the window.
final class TarStreamProducer: Sendable {
    /// The entries, each `relativePath` its name in the archive.
    private let items: ScannedFiles
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
        items: ScannedFiles, task: ArchiveStreamTask, work: StreamedWork, window: WorkWindow,
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
        var outcomes = ArchiveEntryOutcomes(items: items)
        do {
            try UTF8ThreadLocale.run {
                let writer = try ArchiveWriteHandle(sink: cutter)
                let entries = try ArchiveEntryWriter(writer: writer, collector: collector)
                for index in items.indices {
                    if cancellation.isCancelled { throw CancellationError() }
                    let entry = items[index]
                    outcomes.add(try entries.add(ArchiveItem(path: entry.path, name: entry.relativePath, status: entry.status)), item: index)
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

/// Cuts a byte stream whose length is not known in advance (libarchive's tar output) into blocks
/// of `blockSize`, each handed to `deliver` with the context its encoder wants before it.
///
/// A full block is held back until a byte beyond it arrives: only then is it known not to be the
/// last, which the encoders must know (zlib ends the stream in the last block; libdeflate indexes
/// its members only when there are several). Where the blocks begin and end, and which is last,
/// depends on the stream alone, never on timing, so every mode writes the same bytes.
///
/// Used by the producer thread alone.
final class StreamBlockCutter: ArchiveByteSink {
    private let blockSize: Int
    private let contextLength: Int
    private let deliver: (StreamedBlock) throws -> Void
    /// Context, then the bytes of the block being filled.
    private var storage: [UInt8] = []
    private var storageContextLength = 0
    private var nextIndex = 0
    private var isFinished = false
    /// Every byte consumed so far.
    private(set) var streamLength: Int64 = 0

    init(blockSize: Int, contextLength: Int, deliver: @escaping (StreamedBlock) throws -> Void) {
        precondition(blockSize > 0 && contextLength >= 0)
        self.blockSize = blockSize
        self.contextLength = contextLength
        self.deliver = deliver
        storage.reserveCapacity(blockSize)
    }

    private var filled: Int { storage.count - storageContextLength }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "bytes after the end of the stream")
        var offset = 0
        while offset < bytes.count {
            if filled == blockSize { try seal(isLast: false) }
            let take = min(blockSize - filled, bytes.count - offset)
            storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + take]))
            offset += take
            streamLength += Int64(take)
        }
    }

    /// Hands out the block being filled as the last one (empty when the stream was). Called once.
    func finish() throws {
        precondition(!isFinished, "stream finished twice")
        isFinished = true
        try seal(isLast: true)
    }

    /// Hands out the block being filled and starts the next with the stream's last
    /// `contextLength` bytes as its context. The index advances only once the block was taken,
    /// so a block `deliver` refused leaves no gap before the next.
    private func seal(isLast: Bool) throws {
        let block = StreamedBlock(index: nextIndex, storage: storage, contextLength: storageContextLength, isLast: isLast)
        var next: [UInt8] = []
        next.reserveCapacity(min(contextLength, storage.count) + blockSize)
        next.append(contentsOf: storage.suffix(contextLength))
        storageContextLength = next.count
        storage = next
        try deliver(block)
        nextIndex += 1
    }
}

/// A block of a stream cut by `StreamBlockCutter`, with the bytes before it its encoder wants as
/// context (the 32 KiB dictionary of the zlib single-stream encoder, nothing for libdeflate).
struct StreamedBlock: Sendable {
    let index: Int
    /// `contextLength` bytes of context, then the block's own bytes.
    let storage: [UInt8]
    let contextLength: Int
    /// No byte of the stream follows this block.
    let isLast: Bool

    var length: Int { storage.count - contextLength }
}
