/// How a file is decoded: member by member in parallel through its index, span by span through a
/// checkpoint index, or as one stream.
enum DecodingPlan: Sendable {
    case indexed(MemberIndex)
    /// One member, between the checkpoints of an index (`CheckpointSpans`).
    case checkpoints(CheckpointSpans)
    /// Members without length fields, found by searching ahead and kept only once confirmed.
    case speculative(SpeculativeSplit)
    case stream
    /// One stream through `CheckpointWalk`, building the file's checkpoint index on the way
    /// (`--write-index`); what follows the members it reads is streamed as ever.
    case indexing(CheckpointIndexBuilder)

    /// Smaller files are streamed even when indexed: one worker decodes them in a moment, and the
    /// walk would cost a file open at planning time.
    static let parallelThreshold: Int64 = 512 << 10

    /// Reads the index of `file` if it is large enough to gain from it and has a consistent one;
    /// members are gathered into runs of up to `runLimit` bytes (tests lower it). A larger file
    /// without one is cut between the checkpoints of `checkpointIndex` if that describes it as
    /// one member, or else split for speculative decoding if members seem to start past its
    /// first chunk.
    static func make(
        for file: ReadableFile, size: Int64, checkpointIndex: OpenCheckpointIndex? = nil, threshold: Int64 = parallelThreshold,
        runLimit: Int = MemberIndexWalker.runLimit, blockSplit: SpeculativeSplit.BlockSearch = SpeculativeSplit.BlockSearch()
    ) -> DecodingPlan {
        guard size >= threshold else { return .stream }
        // Only gzip is decoded in parallel: a file of another format gzip reads (compress, pack,
        // zip: `MemberFormat`), or of none, is streamed, where its first bytes are told apart,
        // rather than searched for DEFLATE blocks it does not hold.
        guard (try? file.read(count: GzipHeader.magic.count, at: 0)) == GzipHeader.magic else { return .stream }
        let memberIndex = try? MemberIndexWalker(file: file, fileSize: size, runLimit: runLimit).walk()
        if let memberIndex, memberIndex.memberCount > 1 { return .indexed(memberIndex) }
        if let checkpointIndex, let spans = CheckpointSpans(file: file, size: size, index: checkpointIndex) {
            return .checkpoints(spans)
        }
        if memberIndex != nil { return .stream }
        if let split = try? SpeculativeSplit.probe(file, size: size, blockSearch: blockSplit) {
            return .speculative(split)
        }
        return .stream
    }

    var blockCount: Int {
        switch self {
        case .indexed(let index): index.runs.count
        case .checkpoints(let spans): spans.blocks.count
        case .speculative(let split): split.chunkCount
        case .stream, .indexing: 1
        }
    }

    /// The file offset where block `index`'s part of the file ends.
    func end(ofBlock index: Int) -> Int64 {
        switch self {
        case .indexed(let memberIndex): memberIndex.runs[index].end
        case .checkpoints(let spans): spans.end(ofBlock: index)
        case .speculative(let split): split.range(ofChunk: index).upperBound
        case .stream, .indexing: .max
        }
    }
}

extension DecodingPlan {
    /// This plan of `file`, or, if the file is a gzip that a checkpoint index serves, the walk that
    /// builds its index as it decodes it. Files squeeze wrote in indexed members seek through
    /// those and keep their plan, as does a file decoded through an index it already has; and so
    /// does anything that is not gzip. The walk is one stream: a file a plan would have decoded
    /// in parallel from points found inside it is decoded in one.
    func buildingCheckpointIndex(of file: ReadableFile, size: Int64) -> DecodingPlan {
        switch self {
        case .indexed, .checkpoints, .indexing: return self
        case .stream, .speculative: break
        }
        guard (try? file.read(count: GzipHeader.magic.count, at: 0)) == GzipHeader.magic,
              (try? MemberIndexWalker(file: file, fileSize: size).walk()) == nil
        else { return self }
        return .indexing(CheckpointIndexBuilder())
    }

    /// The plan for the file at `path`, opening it only if it is large enough to be worth walking
    /// (and closing it again: a tree of large files must not hold a descriptor each until its turn).
    static func make(forPath path: PathName, size: Int64) -> DecodingPlan {
        guard size >= parallelThreshold, let file = try? ReadableFile(path) else { return .stream }
        return make(for: file, size: size)
    }
}

/// What every decoding task of a run shares: the window bounding memory, the decoders, when to
/// stop, and where to report progress.
struct DecodingContext: Sendable {
    let window: WorkWindow
    let pools: DecoderPools
    let cancellation: CancellationFlag
    /// Input bytes worked through, as they are (for the live display).
    let progress: @Sendable (Int64) -> Void
    /// Decoded bytes, from the start of the file, whose members' CRC-32 and lengths have been
    /// checked: called after each member (or run) with the new total.
    var verified: @Sendable (Int64) -> Void = { _ in }
    /// The workers a stream read from a pipe decodes its indexed members on (`PipedGzipReader`).
    var scheduling = SchedulingOptions()
}

/// The decoders a run's workers borrow: streaming decoders (an inflater and buffers each),
/// libdeflate decompressors for indexed members, ISA-L inflaters for speculative stretches and for
/// the blocks between checkpoints, and libzstd's contexts.
/// At most one of each per worker is ever made.
final class DecoderPools: Sendable {
    let streams = CodecPool { try GzipStreamDecoder() }
    let members = IndexedMemberDecoder()
    let stretches = SpeculativeStretchDecoder()
    /// The blocks between an index's checkpoints.
    let spans = CheckpointSpanDecoder()
    /// zstd's decompression contexts: runs of frames, and zstd streams.
    let zstd = CodecPool { try ZstdDecompressor() }
    /// The memory indexed runs are decoded into and written from, kept from run to run: as many
    /// buffers as runs were ever in flight at once (the window's credits bound them). Fresh arrays
    /// would be faulted in again and again, as the allocator hands their pages back.
    let runOutputs: StretchBufferPool
    /// A worker's memory for a run's compressed bytes, kept from run to run too.
    private let runInputs = CodecPool { InputBytes() }

    /// `runBufferSize`: the bytes of each buffer of `runOutputs` (tests make it small).
    init(runBufferSize: Int = MemberIndexWalker.runLimit) {
        runOutputs = StretchBufferPool(capacity: runBufferSize)
    }

    /// Decodes an indexed run into pooled memory, read into the worker's kept memory; a run larger
    /// than the pool's buffers (a single member larger than `MemberIndexWalker.runLimit`) into an
    /// array of its own.
    func decode(_ run: MemberRun, from file: ReadableFile) throws -> DecodedBytes {
        guard run.uncompressedLength <= runOutputs.capacity else { return .array(try members.decode(run, from: file)) }
        let buffer = runOutputs.take()
        try runInputs.withInstance { input in
            input.count = 0
            try input.append(run.length) { try file.read(into: $0, at: run.offset) }
            guard input.count == run.length else { throw GzipFormatError.truncated }
            try members.decode(run, bytes: input.bytes, into: buffer.memory)
        }
        buffer.count = run.uncompressedLength
        return .lent(buffer)
    }
}
