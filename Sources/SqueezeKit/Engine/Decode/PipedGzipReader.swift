import FoundationEssentials

/// Decodes gzip read in order from a descriptor that cannot seek (a pipe, standard input): the
/// entry point for `decompress -` and `test -`.
///
/// Members whose header says their length (squeeze's "SQ", BGZF's "BC": `MemberLengthClaim`)
/// are read whole, gathered into runs, and decoded by `scheduling.jobs` workers while the next
/// ones are read; the decoded bytes reach the consumer in order. Memory stays bounded by
/// `readAhead` (runs read and not yet delivered, decoded bytes included) plus the read buffer and
/// the one run held back, whatever the input's size: a member claiming more than half of it is
/// left to the stream.
///
/// At the first member that does not say its length (any other gzip, or garbage after the last
/// member), or whose run fails to decode, the reader stops and hands what it read but did not
/// deliver to the caller (`PipedStreamHandOff`), which decodes it, then the rest of the
/// descriptor, with its streaming decoder: that decoder then reports what is really wrong, if
/// anything, and judges trailing bytes (zeros, garbage after the last member) as for a file,
/// knowing from the hand-off that `membersBefore` members came first. Every byte the reader delivers has had its
/// member's CRC-32, ISIZE and length field checked first.
public struct PipedGzipReader: Sendable {
    public var scheduling: SchedulingOptions
    public let cancellation: CancellationFlag
    /// The most bytes of runs (compressed and decoded) read ahead and not yet delivered.
    public var readAhead: Int
    /// Members are gathered into runs of at most this many bytes (tests lower it).
    var runLimit = MemberIndexWalker.runLimit

    public init(scheduling: SchedulingOptions = SchedulingOptions(), cancellation: CancellationFlag = CancellationFlag(), readAhead: Int = 16 << 20) {
        self.scheduling = scheduling
        self.cancellation = cancellation
        self.readAhead = readAhead
    }

    /// Decodes `file` (a stream: `ReadableFile.isSequential`) from where it is, calling `consumer`
    /// with the decoded bytes in order, one call at a time, on worker threads. Returns when the
    /// input ends after whole members, or at the first byte the parallel path leaves to the
    /// stream: the hand-off's `pending` bytes are then the last ones read from `file`, which
    /// `ReadableFile.replay` makes readable again. `verified` hears the decoded bytes delivered so
    /// far (all of them checked). Throws `SystemError` if the file cannot be read, the consumer's
    /// error, or `CancellationError`.
    public func decode(
        _ file: ReadableFile, verified: @escaping @Sendable (Int64) -> Void = { _ in },
        into consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) throws -> PipedDecodeOutcome {
        let window = WorkWindow(capacity: max(readAhead, 2 * runLimit + 2), cancellation: cancellation)
        let task = PipedMemberTask(
            decoder: IndexedMemberDecoder(), window: window, cancellation: cancellation, verified: verified, consumer: consumer)
        var input = SequentialInput(file: file)
        var producer = RunProducer(task: task, runLimit: runLimit, maximumRunWeight: window.capacity / 2)
        // This thread reads the members and feeds their runs to the workers.
        let readResult = scheduling.run(window: window, cancellation: cancellation) { feeder in
            defer { producer.handInPending(to: feeder) }
            return Result { try producer.readMembers(from: &input, feeding: feeder, cancellation: cancellation) }
        }

        let (delivered, consumerFailure, undelivered) = task.outcome()
        if let consumerFailure { throw consumerFailure }
        if cancellation.isCancelled { throw CancellationError() }
        let endedCleanly = try readResult.get()
        if endedCleanly && undelivered.isEmpty {
            return .finished(GzipDecodeSummary(
                members: delivered.members, compressedBytes: delivered.compressedBytes,
                uncompressedBytes: delivered.uncompressedBytes, firstHeader: producer.firstHeader, trailing: .none,
                decodedInParallel: true))
        }
        return .handOff(PipedStreamHandOff(
            pending: undelivered + input.takeRest(), membersBefore: delivered.members,
            compressedBytesBefore: delivered.compressedBytes, uncompressedBytesBefore: delivered.uncompressedBytes,
            firstHeader: delivered.members > 0 ? producer.firstHeader : nil))
    }
}

/// What a `PipedGzipReader` did with its input.
public enum PipedDecodeOutcome: Sendable {
    /// The input ended after whole members, every one decoded, verified and delivered.
    case finished(GzipDecodeSummary)
    /// The rest must be streamed: `pending`, then whatever the descriptor still holds.
    case handOff(PipedStreamHandOff)
}

/// Where the streaming decoder takes over from a `PipedGzipReader`: at a member boundary, after
/// the members already delivered.
public struct PipedStreamHandOff: Sendable {
    /// Bytes read from the descriptor and not delivered: the stream starts with them.
    public var pending: [UInt8]
    public var membersBefore: Int
    public var compressedBytesBefore: Int64
    public var uncompressedBytesBefore: Int64
    /// The first member's header, if a member was delivered.
    public var firstHeader: GzipHeader?
}

/// Reads members one after another and hands them to a `PipedMemberTask` in runs. The latest run
/// is held back until the next member is read, so that the last one is known to be last.
private struct RunProducer {
    let task: PipedMemberTask
    let runLimit: Int
    /// A member costing more than this (its bytes and its decoded bytes) is left to the stream.
    let maximumRunWeight: Int
    var pending: (run: MemberRun, bytes: [UInt8])?
    var firstHeader: GzipHeader?

    /// Reads members until the input ends (true) or until one must be left to the stream
    /// (false: the input then starts at that member's header).
    mutating func readMembers(from input: inout SequentialInput, feeding feeder: Feeder, cancellation: CancellationFlag) throws -> Bool {
        while !cancellation.isCancelled && !task.hasStopped {
            guard try input.fill(atLeast: 1) else { return firstHeader != nil }
            guard let (header, headerLength) = try input.header(), let claim = MemberLengthClaim(header: header) else { return false }
            let length = claim.memberLength
            let deflateLength = length - headerLength - GzipTrailer.length
            guard deflateLength > 0, length <= maximumRunWeight, try input.fill(atLeast: length) else { return false }
            let bytes = input.take(length)
            let uncompressedLength = bytes.withUnsafeBytes {
                claim.uncompressedLength(trailer: GzipTrailer(UnsafeRawBufferPointer(rebasing: $0[(length - GzipTrailer.length)...])))
            }
            guard uncompressedLength <= claim.maximumUncompressedLength,
                  uncompressedLength <= deflateLength * MemberIndexWalker.maximumExpansion,
                  length + uncompressedLength <= maximumRunWeight
            else {
                input.putBack(bytes)
                return false
            }
            if firstHeader == nil { firstHeader = header }
            let member = MemberRun(offset: input.offset - Int64(length), length: length, uncompressedLength: uncompressedLength, memberCount: 1)
            add(member, bytes: bytes, feeding: feeder)
        }
        return false
    }

    /// Adds a member to the pending run, handing the run in first if the member does not fit.
    private mutating func add(_ member: MemberRun, bytes: [UInt8], feeding feeder: Feeder) {
        if let current = pending?.run, current.length + current.uncompressedLength + member.length + member.uncompressedLength <= runLimit {
            pending!.run.length += member.length
            pending!.run.uncompressedLength += member.uncompressedLength
            pending!.run.memberCount += 1
            pending!.bytes += bytes
        } else {
            handIn(isLast: false, to: feeder)
            pending = (member, bytes)
        }
    }

    /// Hands in the pending run as the last one.
    mutating func handInPending(to feeder: Feeder) { handIn(isLast: true, to: feeder) }

    private mutating func handIn(isLast: Bool, to feeder: Feeder) {
        guard let (run, bytes) = pending else { return }
        pending = nil
        let weight = task.weight(of: run)
        // False only once the run is cancelled: the run is then dropped with the rest.
        feeder.feed(weight: weight) { WorkItem(task: task, block: task.handIn(run, bytes: bytes, isLast: isLast), taskSize: 0, weight: weight) }
    }
}

/// A stream read in order, into a buffer that holds at least one member.
private struct SequentialInput {
    static let readSize = 1 << 20

    let file: ReadableFile
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    /// Stream offset of the next byte not taken.
    private(set) var offset: Int64 = 0

    /// Where the next read from the file starts.
    private var readOffset: Int64 = 0

    init(file: ReadableFile) {
        self.file = file
    }

    var available: Int { buffer.count - start }

    /// Reads until `count` bytes are available; false if the input ends first.
    mutating func fill(atLeast count: Int) throws -> Bool {
        if available >= count { return true }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        while available < count && !isAtEnd {
            let room = max(Self.readSize, count - available)
            let chunk = try file.read(count: room, at: readOffset)
            readOffset += Int64(chunk.count)
            // `read(count:at:)` comes back short only at the end of the stream.
            if chunk.count < room { isAtEnd = true }
            buffer += chunk
        }
        return available >= count
    }

    /// The header at the current position, reading more as needed; nil if there is none.
    mutating func header() throws -> (GzipHeader, Int)? {
        while true {
            let outcome = buffer.withUnsafeBytes { GzipHeader.parse(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            switch outcome {
            case .header(let header, let length): return (header, length)
            case .invalid: return nil
            case .incomplete:
                guard available < MemberIndexWalker.maximumHeaderLength, try fill(atLeast: available + 1) else { return nil }
            }
        }
    }

    mutating func take(_ count: Int) -> [UInt8] {
        defer {
            start += count
            offset += Int64(count)
        }
        return Array(buffer[start..<(start + count)])
    }

    /// Undoes the last `take`.
    mutating func putBack(_ bytes: [UInt8]) {
        start -= bytes.count
        offset -= Int64(bytes.count)
    }

    /// Everything read and not taken.
    mutating func takeRest() -> [UInt8] { take(available) }
}
