/// How a file is decoded: member by member in parallel through its index, or as one stream.
enum DecodingPlan: Sendable {
    case indexed(MemberIndex)
    case stream

    /// Smaller files are streamed even when indexed: one worker decodes them in a moment, and the
    /// walk would cost a file open at planning time.
    static let parallelThreshold: Int64 = 512 << 10

    /// Reads the index of `file` if it is large enough to gain from it and has a consistent one;
    /// members are gathered into runs of up to `runLimit` bytes (tests lower it).
    static func make(
        for file: ReadableFile, size: Int64, threshold: Int64 = parallelThreshold, runLimit: Int = MemberIndexWalker.runLimit
    ) -> DecodingPlan {
        guard size >= threshold,
              let index = try? MemberIndexWalker(file: file, fileSize: size, runLimit: runLimit).walk(), index.memberCount > 1
        else { return .stream }
        return .indexed(index)
    }

    var blockCount: Int {
        switch self {
        case .indexed(let index): index.runs.count
        case .stream: 1
        }
    }
}

extension DecodingPlan {
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
}

/// The decoders a run's workers borrow: streaming decoders (an inflater and buffers each) and
/// libdeflate decompressors for indexed members. At most one of each per worker is ever made.
final class DecoderPools: Sendable {
    let streams = CodecPool { try GzipStreamDecoder() }
    let members = IndexedMemberDecoder()

    init() {}
}
