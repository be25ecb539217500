/// Writes byte ranges of a gzip file's decoded data, decoding as little of the file as its format
/// allows (`squeeze decompress -c FILE --range START:LENGTH`).
///
/// - A file whose members state their length (squeeze's "SQ", BGZF's "BC") is read by hopping from
///   header to header (`MemberSeeker`) only as far as the ranges reach; the runs of members that
///   hold a range are each read with one `pread`, decoded whole and checked (CRC-32 and length of
///   every member, and that it holds what its header claims) before a byte of them is written.
/// - Anything else (a plain gzip member, damage, trailing bytes, a member not holding what its
///   header claims) is decoded as a stream from the member boundary before it, as `decompress`
///   would decode it: the start of the file for a gzip from `gzip` or `pigz`. Every member the
///   stream reaches is decoded to its trailer and checked, also the one a range ends inside of.
///   Range bytes decoded this way are held until the trailer that covers them is checked (up to
///   `heldLimit` bytes; past that, they are written as `gzip -dc` writes, ahead of the check), so
///   that a damaged member yields its error and no bytes, not wrong bytes.
///
/// Ranges are written in the order given; the part of a range past the end of the data is not
/// there, as with `tail -c` and `head -c`.
public struct DecodedRangeReader: Sendable {
    /// How many streamed range bytes wait for the trailer that vouches for them, at most.
    static let heldLimit = 64 << 20

    /// Tests lower it to get one run per member.
    var runLimit = MemberIndexWalker.runLimit
    /// A checkpoint index to read a file without member lengths through (`squeeze index`,
    /// indexed_gzip, rapidgzip), and whether it was named (then it must exist); one found stale
    /// (the file's size or modification time is not what it records) is set aside with a notice.
    public var checkpointIndex: (path: PathName, isNamed: Bool)?

    public init() {}

    /// Writes `ranges` of `file`'s decoded data to `sink`, in order. `notice` is told, once per
    /// stream pass (in words to follow the file's name), why and from where the file is decoded as a stream instead of seeked. Throws
    /// `GzipFormatError` for bad data (nothing of the damaged member is written), `SystemError`
    /// when the file cannot be read, and `RangeReadError` for ranges of a pipe that go backwards.
    public func read(
        _ file: ReadableFile, ranges: [ByteRange], notice: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> RangeReadSummary {
        var seeker: MemberSeeker?
        var index: OpenCheckpointIndex?
        if !file.isSequential {
            let status = try file.status()
            var walker = MemberIndexWalker(file: file, fileSize: status.size)
            walker.runLimit = runLimit
            seeker = MemberSeeker(walker: walker)
            if let checkpointIndex {
                index = try OpenCheckpointIndex.open(
                    checkpointIndex.path, isNamed: checkpointIndex.isNamed, for: status, of: file, notice: notice)
            }
        }
        // The pass keeps the closures only for the length of this call.
        return try withoutActuallyEscaping(sink) { sink in
            try withoutActuallyEscaping(notice) { notice in
                var pass = RangePass(file: file, sink: sink, notice: notice)
                pass.seeker = seeker
                pass.index = index
                var index = 0
                while index < ranges.count {
                    index += try pass.write(ranges[index...])
                }
                return pass.summary
            }
        }
    }
}

/// What a range read did.
public struct RangeReadSummary: Equatable, Sendable {
    public var bytesWritten: Int64 = 0
    /// Bytes of the file read for the ranges: runs of members decoded, and what a stream read.
    public var compressedBytesRead: Int64 = 0
    public var membersDecoded = 0
    /// What followed the last member, when a stream reached it.
    public var trailing = TrailingBytes.none
}

public enum RangeReadError: Error, Equatable, CustomStringConvertible {
    /// A pipe is read once: a range cannot start before the end of the one before it.
    case backwardsOnStream(ByteRange)

    public var description: String {
        switch self {
        case .backwardsOnStream(let range):
            "range \(range) starts before the end of the range before it, and standard input cannot be read again"
        }
    }
}

/// One read's state: the members found so far, the run decoded last (a range often starts in the
/// run the one before it ended in), and the counts.
struct RangePass {
    let file: ReadableFile
    let sink: (UnsafeRawBufferPointer) throws -> Void
    let notice: (String) -> Void
    /// Nil for a pipe, which is only ever streamed.
    var seeker: MemberSeeker?
    /// A checkpoint index found usable, for what member lengths do not cover.
    var index: OpenCheckpointIndex?
    var summary = RangeReadSummary()
    private let decoder = IndexedMemberDecoder()
    private var lastRun: (run: MemberRun, bytes: [UInt8])?
    /// Where a pipe's single stream has got to.
    private var streamedTo: Int64 = 0

    init(file: ReadableFile, sink: @escaping (UnsafeRawBufferPointer) throws -> Void, notice: @escaping (String) -> Void) {
        self.file = file
        self.sink = sink
        self.notice = notice
    }

    /// Writes the first of `ranges`, and with it as many following ones as one stream pass can
    /// take; returns how many were written.
    mutating func write(_ ranges: ArraySlice<ByteRange>) throws -> Int {
        let range = ranges.first!
        guard range.length != 0 else { return 1 }
        guard var seeker else {
            let group = Self.ascending(ranges, from: streamedTo)
            guard !group.isEmpty else { throw RangeReadError.backwardsOnStream(range) }
            try stream(from: StreamResumePoint(), group, why: "read from a pipe: decoding from the start")
            streamedTo = group.last!.end ?? .max
            return group.count
        }
        defer { self.seeker = seeker }
        try seeker.reach(decodedOffset: range.end.map { $0 - 1 })
        let covered = min(range.end ?? .max, seeker.decodedFrontier)
        for index in seeker.runs(overlapping: range.start, covered) {
            let run = seeker.runs[index], runStart = seeker.decodedStarts[index]
            guard let bytes = try decoded(run) else {
                // The members do not hold what their headers claim: decoded as `decompress` would
                // decode them, whose stream says what is really wrong (or decodes what is right).
                let rest = ByteRange(start: max(range.start, runStart), length: range.end.map { $0 - max(range.start, runStart) })
                let point = StreamResumePoint(
                    offset: run.offset, membersBefore: seeker.runs[..<index].reduce(0) { $0 + $1.memberCount },
                    uncompressedBytesBefore: runStart, firstHeader: seeker.firstHeader)
                try stream(from: point, [rest], why: "the members at offset \(run.offset) do not hold what their headers claim: decoding them as a stream")
                return 1
            }
            let from = Int(max(range.start, runStart) - runStart)
            let to = Int(min(covered, runStart + Int64(run.uncompressedLength)) - runStart)
            try bytes.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[from..<to])) }
        }
        guard seeker.edge == .unindexed, covered < range.end ?? .max else { return 1 }
        let frontier = seeker.decodedFrontier
        if let index {
            try readThroughIndex(ByteRange(start: max(range.start, frontier), length: range.end.map { $0 - max(range.start, frontier) }), index)
            return 1
        }
        // Past the members that state their length: one stream from the first byte that does not,
        // for this range's rest and the ranges after it that lie beyond it in order.
        var group = Self.ascending(ranges.dropFirst(), from: range.end ?? .max).filter { $0.start >= frontier }
        group.insert(ByteRange(start: max(range.start, frontier), length: range.end.map { $0 - max(range.start, frontier) }), at: 0)
        let point = StreamResumePoint(
            offset: seeker.frontier, membersBefore: seeker.memberCount, uncompressedBytesBefore: frontier,
            firstHeader: seeker.firstHeader)
        let why = seeker.frontier == 0
            ? "members do not state their length (as squeeze's and bgzip's do): decoding from the start"
            : "no member length at offset \(seeker.frontier): decoding as a stream from there"
        try stream(from: point, group, why: why)
        return group.count
    }

    /// The leading ranges of `ranges` that one pass can write in order: each non-empty one starts
    /// at or after the end of the one before (the first at or after `position`).
    private static func ascending(_ ranges: ArraySlice<ByteRange>, from position: Int64) -> [ByteRange] {
        var group: [ByteRange] = []
        var position = position
        for range in ranges {
            if range.length == 0 { group.append(range); continue }
            guard range.start >= position else { break }
            group.append(range)
            guard let end = range.end else { break }
            position = end
        }
        return group
    }

    /// A run's decoded bytes, every member checked; nil if the run does not hold what its headers
    /// claim (a bad CRC, a member ending elsewhere, a changed file).
    private mutating func decoded(_ run: MemberRun) throws -> [UInt8]? {
        if let lastRun, lastRun.run == run { return lastRun.bytes }
        summary.compressedBytesRead += Int64(run.length)
        let bytes: [UInt8]
        do {
            bytes = try decoder.decode(run, from: file)
        } catch is GzipFormatError {
            return nil
        }
        summary.membersDecoded += run.memberCount
        lastRun = (run, bytes)
        return bytes
    }

    mutating func emit(_ bytes: UnsafeRawBufferPointer) throws {
        try sink(bytes)
        summary.bytesWritten += Int64(bytes.count)
    }

    /// Decodes from `point` with the streaming decoder, writing the parts of `ranges` (ascending,
    /// each at or after `point`) once a trailer has vouched for them, until every range is written
    /// and the member the last one ends in is checked, or the data ends.
    private mutating func stream(from point: StreamResumePoint, _ ranges: [ByteRange], why: String) throws {
        notice(why)
        let decoder = try GzipStreamDecoder()
        var held = HeldRangeBytes()
        var position = point.uncompressedBytesBefore, verified = position, read: Int64 = 0
        let last = ranges.last!.end ?? .max
        var written: Int64 = 0
        let sink = sink
        let release = { (held: inout HeldRangeBytes, upTo: Int64) throws in
            written += try held.release(upTo: upTo, to: sink)
        }
        defer {
            summary.bytesWritten += written
            summary.compressedBytesRead += read
        }
        do {
            let decoded = try decoder.decode(
                file, from: point, cancellation: CancellationFlag(), progress: { read += $0 }, verified: { verified = $0 }
            ) { bytes in
                try release(&held, verified)
                if position >= last && verified >= last { throw RangeStreamComplete() }
                let chunkEnd = position + Int64(bytes.count)
                for range in ranges where range.length != 0 {
                    let from = max(range.start, position), to = min(range.end ?? .max, chunkEnd)
                    guard from < to else { continue }
                    held.append(UnsafeRawBufferPointer(rebasing: bytes[Int(from - position)..<Int(to - position)]), at: from)
                }
                position = chunkEnd
                if held.count > DecodedRangeReader.heldLimit { try release(&held, .max) }
            }
            try release(&held, .max)
            summary.trailing = decoded.trailing
            summary.membersDecoded += decoded.members - point.membersBefore
        } catch is RangeStreamComplete {
            try release(&held, verified)
        } catch let error as GzipFormatError {
            // The members checked before the damage are good: their bytes are written, no others.
            try release(&held, verified)
            throw error
        }
    }
}

/// Thrown by a stream pass's sink once every range is written and checked: the rest of the file
/// is not decoded.
private struct RangeStreamComplete: Error {}

