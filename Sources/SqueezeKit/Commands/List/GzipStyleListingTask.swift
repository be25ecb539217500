/// Measures one file for its `gzip -l` line, as a single-block `BlockTask`: from squeeze's member
/// index where the file has one, else by decoding it whole.
final class GzipStyleListingTask: BlockTask {
    let input: ScannedInput
    private let usesHeaderName: Bool
    private let pools: DecoderPools
    private let collector: any ResultRecording
    private let window: WorkWindow
    private let cancellation: CancellationFlag
    private let deliver: @Sendable (GzipStyleEntry) -> Void
    private let outcome = OneFileOutcome()

    init(
        input: ScannedInput, usesHeaderName: Bool, pools: DecoderPools, collector: any ResultRecording, window: WorkWindow,
        cancellation: CancellationFlag, deliver: @escaping @Sendable (GzipStyleEntry) -> Void
    ) {
        self.input = input
        self.usesHeaderName = usesHeaderName
        self.pools = pools
        self.collector = collector
        self.window = window
        self.cancellation = cancellation
        self.deliver = deliver
    }

    var blockCount: Int { 1 }

    /// A pooled streaming decoder at most: the smallest credit.
    var weight: Int { window.weight(ofLength: 0) }

    func runBlock(_ index: Int) -> Bool {
        defer { window.release(weight) }
        guard !cancellation.isCancelled else { return true }
        let source = input.file
        outcome.work(on: source.path, progressBytes: source.status.size) { start in
            let file = try input.open(until: cancellation)
            // squeeze's own file is listed from its member index, as `squeeze list` lists it (its
            // figures unchecked): the sizes claimed, the last trailer's CRC-32.
            if !file.isSequential, let index = try MemberIndexWalker(file: file, fileSize: source.status.size).walk() {
                let trailer = try file.read(count: GzipTrailer.length, at: source.status.size - Int64(GzipTrailer.length))
                let checksum = trailer.prefix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let summary = GzipDecodeSummary(
                    members: index.memberCount, compressedBytes: source.status.size, uncompressedBytes: index.uncompressedBytes,
                    firstHeader: index.firstHeader, trailing: .none, decodedInParallel: false)
                deliver(entry(summary, compressedBytes: source.status.size, lastChecksum: checksum))
                return FileOutcome(
                    source: source.path, output: nil, bytesIn: source.status.size, bytesOut: index.uncompressedBytes,
                    seconds: MonotonicClock.now() - start, status: .done)
            }
            var last = LastMemberChecksum()
            let summary = try pools.streams.withInstance { decoder in
                try decoder.decode(
                    file, cancellation: cancellation, progress: { _ in }, verified: { last.memberEnds(at: $0) },
                    sink: { last.take($0) })
            }
            let compressed = file.size(status: source.status, read: summary.compressedBytes)
            if case .none = summary.trailing {
                deliver(entry(summary, compressedBytes: compressed, lastChecksum: last.checksum))
            }
            return FileOutcome(
                source: source.path, output: nil, bytesIn: compressed, bytesOut: summary.uncompressedBytes,
                seconds: MonotonicClock.now() - start, status: .done, warning: summary.warning)
        }
        return true
    }

    private func entry(_ summary: GzipDecodeSummary, compressedBytes: Int64, lastChecksum: UInt32) -> GzipStyleEntry {
        let source = input.file
        let header = usesHeaderName ? summary.firstHeader : nil
        let fileName = input.standardInput == nil ? GzipStyleEntry.uncompressedName(of: source.path) : "stdout"
        let fileTime = source.status.kind == .regular ? source.status.modificationTime.seconds : 0
        return GzipStyleEntry(
            compressedBytes: compressedBytes, uncompressedBytes: summary.uncompressedBytes, lastMemberChecksum: lastChecksum,
            overheadBytes: summary.members == 1 ? Int64((summary.firstHeader?.encoded().count ?? 0) + GzipTrailer.length) : 0,
            name: header?.name.map { GzipStyleEntry.storedName($0, ofInputAt: input.standardInput == nil ? source.path : nil) } ?? fileName,
            time: header.map { $0.modificationTime == 0 ? fileTime : Int64($0.modificationTime) } ?? fileTime)
    }

    func finish() { outcome.record(to: collector, unless: cancellation) }
}
