
/// Lists one file, as a single-block `BlockTask`: opens it, lets the first lister that recognizes
/// its first bytes list it, and records the outcome (with the listing) in `finish()`.
final class ListingTask: BlockTask {
    let source: ScannedFile
    private let listers: [any FileLister]
    private let collector: any ResultRecording
    private let window: WorkWindow
    private let cancellation: CancellationFlag
    private let outcome = Locked<FileOutcome?>(nil)

    init(
        source: ScannedFile, listers: [any FileLister], collector: any ResultRecording, window: WorkWindow,
        cancellation: CancellationFlag
    ) {
        precondition(!listers.isEmpty)
        self.source = source
        self.listers = listers
        self.collector = collector
        self.window = window
        self.cancellation = cancellation
    }

    var blockCount: Int { 1 }

    /// Listing holds a pooled decoder at most: the smallest credit.
    var weight: Int { window.weight(ofLength: 0) }

    func runBlock(_ index: Int) -> Bool {
        defer { window.release(weight) }
        guard !cancellation.isCancelled else { return true }
        let start = MonotonicClock.now()
        var result: FileOutcome
        do {
            let file = try ReadableFile(source.path)
            let prefix = try file.read(count: GzipFileLister.prefixLength, at: 0)
            // The last lister takes whatever no other recognizes, and says what is wrong with it.
            let lister = listers.first { $0.recognizes(prefix, path: source.path) } ?? listers.last!
            let listing = try lister.list(file, status: source.status, cancellation: cancellation)
            let garbage = listing.trailingGarbageBytes
            result = FileOutcome(
                source: source.path, output: nil, bytesIn: source.status.size, bytesOut: listing.uncompressedBytes,
                seconds: MonotonicClock.now() - start, status: .done,
                warning: garbage > 0 ? TrailingBytes.garbage(count: garbage).warning : nil, listing: listing)
        } catch {
            result = FileOutcome(
                source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: MonotonicClock.now() - start,
                status: .failed("\(error)"))
        }
        result.progressBytes = source.status.size
        outcome.withLock { $0 = result }
        return true
    }

    func finish() {
        guard !cancellation.isCancelled, let result = outcome.withLock({ $0 }) else { return }
        collector.record(result)
    }
}
