/// Watches the tar stream libarchive writes on its way to the compressor (`TarEntryScanner`),
/// for the archive's entry index. Used by the producer thread alone.
final class TarEntryTracker: ArchiveByteSink {
    private let sink: any ArchiveByteSink
    private var scanner = TarEntryScanner()

    init(passingTo sink: any ArchiveByteSink) {
        self.sink = sink
    }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        scanner.observe(bytes)
        try sink.consume(bytes)
    }

    func consume(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int {
        try sink.consume(atMost: count) { room in
            let written = write(room)
            scanner.observe(UnsafeRawBufferPointer(rebasing: room[..<written]))
            return written
        }
    }

    /// Every entry, once the whole tar went through and was understood; nil otherwise.
    var entries: EntryRecords? { scanner.completeEntries }
}
