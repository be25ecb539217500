/// How a gzip file without length fields is cut for speculative decoding: into chunks of
/// `chunkLength` compressed bytes, each decoded by one worker from the first member start or flush
/// point (or, in a member without flush points, block) it finds in its chunk
/// (`SpeculativeStretchDecoder`), kept only where the chunk before it ended exactly there
/// (`GzipDecodingTask`).
struct SpeculativeSplit: Equatable, Sendable {
    static let chunkLength: Int64 = 1 << 20
    /// Smaller files are streamed: a worker decodes them in a moment.
    static let minimumFileSize: Int64 = 4 << 20
    /// How a member without flush points is split for block search.
    struct BlockSearch: Equatable, Sendable {
        /// Chunks searched for blocks are longer: each stretch decodes its first bytes twice
        /// (`UnresolvedWindow`), a cost paid once per chunk. They must still decode to at most
        /// `SpeculativeStretchDecoder.outputLimit` (a ratio of 16 here).
        var chunkLength: Int64 = 4 << 20
        /// Files searched for blocks must give each of two workers a few chunks to pay for that.
        var minimumFileSize: Int64 = 16 << 20
        /// The chunk length each chunk's budget is counted from (`StretchBudget`), when not its
        /// own: tests that cut small chunks count them as real ones.
        var budgetedChunkLength: Int64?
        /// `SpeculativeSplit.lockstepLimit`, when not `chunkLength` (tests).
        var lockstepLimit: Int?
    }

    var fileSize: Int64
    var chunkLength: Int64
    var search = SpeculativeStart.Search.flushPoints
    /// `BlockSearch.budgetedChunkLength`.
    var budgetedChunkLength: Int64?
    /// The most bytes a stretch started at a block decodes in lockstep (`UnresolvedWindow`) before
    /// its chunk waits for its window (`SpeculationStopped.needsWindow`): as many as a chunk holds
    /// compressed (`BlockSearch.chunkLength`). Lockstep costs the stream's work twice over, and
    /// resolving the copies once more where the stretch is written, so on two workers a stretch
    /// decoded so all the way loses to the stream; and repetitive data (zero-heavy files, logs
    /// whose every line copies the one before) reaches back into the unknown window, through
    /// copies of copies, to the stretch's end. Stretches of binaries mostly leave it within a few
    /// MB (`docs/PERFORMANCE.md`).
    var lockstepLimit = Int.max

    var chunkCount: Int { Int((fileSize + chunkLength - 1) / chunkLength) }

    /// What chunk `range`'s decoding may spend (`StretchBudget`), asking `isStopped` at every charge.
    func budget(ofChunk range: Range<Int64>, isStopped: @escaping () -> Bool) -> StretchBudget {
        StretchBudget(chunkLength: Int(budgetedChunkLength ?? Int64(range.count)), isStopped: isStopped)
    }

    func range(ofChunk index: Int) -> Range<Int64> {
        let start = Int64(index) * chunkLength
        return start..<min(fileSize, start + chunkLength)
    }

    /// The split of `file`: searched for flush points when its second and third chunks hold a
    /// plausible member start or a flush point whose data decodes without reaching back before
    /// it; otherwise (a file of one member written without such points: gzip, igzip, plain pigz;
    /// or of members larger than a few chunks) searched for blocks, in chunks of
    /// `blockSearch.chunkLength`, if it is at least `blockSearch.minimumFileSize` long; nil
    /// (streamed) if not.
    static func probe(
        _ file: ReadableFile, size: Int64, chunkLength: Int64 = chunkLength, blockSearch: BlockSearch = BlockSearch()
    ) throws -> SpeculativeSplit? {
        if size >= max(minimumFileSize, 2 * chunkLength) {
            let bytes = try file.read(count: Int(min(size, 3 * chunkLength) - chunkLength), at: chunkLength)
            let found = bytes.withUnsafeBytes { bytes in
                MemberStartCandidate.first(in: bytes, from: 0, before: bytes.count) != nil || hasIndependentFlushPoint(bytes)
            }
            if found { return SpeculativeSplit(fileSize: size, chunkLength: chunkLength) }
        }
        guard size >= blockSearch.minimumFileSize else { return nil }
        return SpeculativeSplit(
            fileSize: size, chunkLength: blockSearch.chunkLength, search: .blocks, budgetedChunkLength: blockSearch.budgetedChunkLength,
            lockstepLimit: blockSearch.lockstepLimit ?? Int(blockSearch.chunkLength))
    }

    /// Whether one of the first few flush points in `bytes` begins data that decodes, for 64 KiB
    /// or to its end, without an error (a distance reaching back before it, say).
    private static func hasIndependentFlushPoint(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let inflater = IsalInflater()
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { output.deallocate() }
        var offset = 0
        for _ in 0..<8 {
            guard let point = FlushPointCandidate.first(in: bytes, from: offset, before: bytes.count) else { return false }
            inflater.reset()
            if (try? inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[point..<min(bytes.count, point + (64 << 10))]), into: output)) != nil {
                return true
            }
            offset = point + 1
        }
        return false
    }
}
