import Glibc

/// The streaming path: decodes any gzip file, every member in turn (a loop, so millions of members
/// need no stack), with ISA-L (zlib for damaged members) and fixed buffers, whatever the file's
/// size. Headers are parsed here (`GzipHeader.parse`: ISA-L's own parser would lose the rules of
/// `TrailingBytes` and squeeze's index field), each member's CRC-32 and length are checked against
/// its trailer, and what follows the last member is judged by the policy of `TrailingBytes`.
///
/// A member whose header carries squeeze's "SQ" field must hold what the field claims: a member
/// that decodes to more or fewer bytes, or ends elsewhere, is an error (`inconsistentIndex`), as
/// on the parallel path; a member that claims 1 byte never gets to decode to gigabytes.
///
/// Decoded bytes go to a sink in chunks of up to `outputCapacity`; a chunk may hold the end of a
/// member whose trailer is not yet checked, so after an error whatever reached the sink must be
/// discarded (files) or taken as gzip's partial output (streams). `verified` tells, after each
/// member, how many decoded bytes (from the start of the file) its trailer has now vouched for.
/// Once the sink has taken the first bytes (and so made its output), an output that lends its
/// own buffers (`DecodeBufferLender`) gets the rest decoded straight into them: no copy.
///
/// `@unchecked Sendable`: it owns an inflater and buffers that are not thread safe; each instance
/// is used by one thread at a time because workers only reach it through `CodecPool.withInstance`.
final class GzipStreamDecoder: @unchecked Sendable {
    static let inputCapacity = 1 << 20
    static let outputCapacity = 1 << 20
    /// Progress is reported at least this often (in input bytes), for the live display.
    private static let progressInterval: Int64 = 1 << 20

    private let inflaters: Inflaters
    private let otherFormats = OtherFormatDecoders()
    private let input = BufferedFileInput(capacity: inputCapacity)
    private let output = UnsafeMutableRawBufferPointer.allocate(byteCount: outputCapacity, alignment: 16)

    init() throws {
        inflaters = Inflaters(isal: IsalInflater(computesChecksum: false), zlib: try ZlibInflater())
    }

    deinit { output.deallocate() }

    /// Decodes `file` from `start` to its end. `progress` gets input bytes worked through, in
    /// pieces; `sink` gets the decoded bytes in order; `verified` the decoded bytes checked so far.
    /// `lender` is asked once, after the sink's first bytes: the bytes after those are decoded
    /// into its buffers, in order, if it gives one.
    func decode(
        _ file: ReadableFile, from start: StreamResumePoint = StreamResumePoint(), cancellation: CancellationFlag,
        progress: (Int64) -> Void, verified: (Int64) -> Void = { _ in },
        lender: () -> (any DecodeBufferLender)? = { nil }, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> GzipDecodeSummary {
        input.open(file, at: start.offset)
        defer {
            input.close()
            input.shrink(to: Self.inputCapacity)
        }
        // The closures are used only within this call; the pass that keeps them does not outlive it.
        return try withoutActuallyEscaping(progress) { progress in
            try withoutActuallyEscaping(sink) { sink in
                try withoutActuallyEscaping(verified) { verified in
                    try withoutActuallyEscaping(lender) { lender in
                        var pass = Pass(
                            inflaters: inflaters, otherFormats: otherFormats, input: input, file: file, cancellation: cancellation,
                            progress: progress, verified: verified,
                            output: DecodedOutput(own: output, sink: sink, findLender: lender), members: start.membersBefore,
                            uncompressedBytes: start.uncompressedBytesBefore, firstHeader: start.firstHeader,
                            reportedPosition: start.offset, openMember: start.openMember)
                        return try pass.run()
                    }
                }
            }
        }
    }

    /// ISA-L decodes; zlib takes over a member that ISA-L finds invalid or cut short.
    struct Inflaters {
        let isal: IsalInflater
        let zlib: ZlibInflater
    }

    /// One decode of one file: the loop over members and what it has counted so far. (Members of
    /// the other formats gzip reads are decoded in `GzipStreamDecoder+OtherFormats.swift`.)
    struct Pass {
        let inflaters: Inflaters
        let otherFormats: OtherFormatDecoders
        let input: BufferedFileInput
        let file: ReadableFile
        let cancellation: CancellationFlag
        let progress: (Int64) -> Void
        let verified: (Int64) -> Void
        var output: DecodedOutput
        var members: Int
        var uncompressedBytes: Int64
        var firstHeader: GzipHeader?
        var reportedPosition: Int64
        /// The member the decode starts inside of, until it is decoded.
        var openMember: StreamResumePoint.OpenMember?
        var format = MemberFormat.gzip
        var formatWarning: String?

        /// On bad data, the bytes decoded before it are handed on first, as gzip -dc and libarchive
        /// do: a reader of a truncated .tar.gz then still gets the entries before the damage. (A
        /// file output is discarded on any error, so it never keeps them; on any other error a
        /// borrowed buffer goes back unwritten.)
        mutating func run() throws -> GzipDecodeSummary {
            do {
                return try decodeMembers()
            } catch let error as GzipFormatError {
                try output.flush()
                throw error
            } catch {
                output.abandon()
                throw error
            }
        }

        mutating func decodeMembers() throws -> GzipDecodeSummary {
            while true {
                if members > 0 && openMember == nil {
                    let membersEnd = input.position
                    if let trailing = try classifyTail() {
                        return try summary(compressedBytes: membersEnd, trailing: trailing)
                    }
                }
                let memberStart = input.position
                // Inside the member the decode resumes in, the bytes are DEFLATE data: nothing to sniff.
                let memberFormat = openMember != nil ? .gzip : try nextMemberFormat(atFileStart: members == 0 && memberStart == 0)
                if members == 0 { format = memberFormat ?? .gzip }
                switch memberFormat {
                // `MemberFormat.of` never finds zstd: its files are streamed by `ZstdDecompressor`.
                case .gzip, .zstd, nil:
                    break
                case .pack:
                    try decodePackMember()
                    continue
                case .compress:
                    try decodeCompressData()
                    return try summary(compressedBytes: input.position, trailing: .none)
                case .zip:
                    let end = try decodeZipEntry()
                    return try summary(compressedBytes: end, trailing: .none)
                }
                // Only the first header is kept; later plain ones (no optional fields: almost every
                // member) are checked without parsing them whole.
                var header: GzipHeader?
                if openMember != nil {
                    // Its header was read by the parallel path.
                } else if members == 0 {
                    header = try readHeader()
                    firstHeader = header
                } else if !skipPlainHeader() {
                    header = try readHeader()
                }
                let claim = header?.extra.flatMap(MemberIndexField.init(extra:))
                try decodeMember(claim: claim, at: memberStart)
                members += 1
                verified(uncompressedBytes)
                if cancellation.isCancelled { throw CancellationError() }
                reportProgress(force: false)
            }
        }

        /// The file's summary once its last member is decoded (its output handed on).
        mutating func summary(compressedBytes: Int64, trailing: TrailingBytes) throws -> GzipDecodeSummary {
            try output.flush()
            reportProgress(force: true)
            return GzipDecodeSummary(
                members: members, compressedBytes: compressedBytes, uncompressedBytes: uncompressedBytes,
                firstHeader: firstHeader, trailing: trailing, decodedInParallel: false, format: format,
                formatWarning: formatWarning)
        }

        /// At a member boundary after at least one member: nil if another member follows,
        /// else what the rest of the file is.
        mutating func classifyTail() throws -> TrailingBytes? {
            if try input.availableCount == 0 && input.refill() == 0 { return TrailingBytes.none }
            let tailStart = input.position
            if input.available[0] == 0 {
                var zeros: Int64 = 0
                while true {
                    let bytes = input.available
                    if bytes.contains(where: { $0 != 0 }) {
                        if zeros == 0 { file.replay(Array(bytes)) }
                        return .garbage(count: try bytesToEnd(from: tailStart))
                    }
                    zeros += Int64(bytes.count)
                    input.consume(bytes.count)
                    if cancellation.isCancelled { throw CancellationError() }
                    if try input.refill() == 0 { return .zeroPadding(count: zeros) }
                }
            }
            // One non-zero byte at the very end reads as a member cut short, as gzip reads it.
            guard try input.ensure(2) else { throw GzipFormatError.truncated }
            guard MemberFormat.of(input.available, atFileStart: false) != nil else {
                // A stream's tail, read and not decoded, is given back to it, so that `gzip -cdf`
                // can copy it from `compressedBytes` on.
                file.replay(Array(input.available))
                return .garbage(count: try bytesToEnd(from: tailStart))
            }
            return nil
        }

        /// How many bytes the input has from `tailStart` to its end, by its size; nil when it is
        /// not a regular file (a pipe's size says nothing, and reading one on to count what
        /// follows might never end).
        func bytesToEnd(from tailStart: Int64) throws -> Int64? {
            let status = try file.status()
            return status.kind == .regular ? status.size - tailStart : nil
        }

        /// Consumes a ten-byte header without flags, if that is what comes next.
        mutating func skipPlainHeader() -> Bool {
            guard input.availableCount >= 10 else { return false }
            let bytes = input.available
            guard bytes[0] == GzipHeader.magic[0], bytes[1] == GzipHeader.magic[1],
                  bytes[2] == GzipHeader.deflateMethod, bytes[3] == 0
            else { return false }
            input.consume(10)
            return true
        }

        /// Parses the header at the current position, reading (and growing the buffer) as needed.
        mutating func readHeader() throws -> GzipHeader {
            while true {
                switch GzipHeader.parse(input.available) {
                case .header(let header, let length):
                    input.consume(length)
                    return header
                case .invalid(let error):
                    throw error
                case .incomplete:
                    if input.available.count == input.capacity && !input.grow() { throw GzipFormatError.headerTooLong }
                    if try input.refill() == 0 {
                        let isEmptyFile = members == 0 && input.position == 0 && input.available.isEmpty
                        throw isEmptyFile ? GzipFormatError.empty : GzipFormatError.truncated
                    }
                }
            }
        }

        /// Inflates one member's DEFLATE data and checks it against the trailer, and against the
        /// member's index field (`claim`) if it has one; `start` is where its header began.
        ///
        /// ISA-L decodes; the output keeps the member's CRC-32 (`DecodedOutput`). If ISA-L finds
        /// the data invalid or cut short, zlib decodes the member again from its first DEFLATE
        /// byte (with a CRC-32 of its own), handing on only what goes beyond the bytes ISA-L
        /// already gave: the output before the fault and the error (in zlib's words, "invalid
        /// distance too far back" and the like) are then exactly zlib's, as they were before
        /// ISA-L, and a stream ISA-L wrongly refused still decodes.
        mutating func decodeMember(claim: MemberIndexField?, at start: Int64) throws {
            let (checksum, length, carried) = try inflateMember(claim: claim, at: start)
            try checkTrailer(after: carried, checksum: checksum, length: length)
            if let claim {
                guard length == Int64(claim.uncompressedLength) else {
                    throw GzipFormatError.inconsistentIndex(
                        "member at offset \(start) decodes to \(length) bytes, not the \(claim.uncompressedLength) its index claims")
                }
                guard input.position - start == Int64(claim.memberLength) else {
                    throw GzipFormatError.inconsistentIndex(
                        "member at offset \(start) is \(input.position - start) bytes long, not the \(claim.memberLength) its index claims")
                }
            }
            uncompressedBytes += length
        }

        /// Inflates the DEFLATE data at the current position: returns its decoded bytes' CRC-32
        /// and length, and the bytes after its end that the inflater had already read (`carried`,
        /// which come before the input's). In the member the decode resumes in (`openMember`), it
        /// goes on from that block with the bytes before as its window, and the CRC-32 and length
        /// are the whole member's.
        mutating func inflateMember(
            claim: MemberIndexField?, at start: Int64
        ) throws -> (checksum: UInt32, length: Int64, carried: [UInt8]) {
            let continued = openMember
            openMember = nil
            let dataStart = input.position
            if let continued {
                let byte = try resumedByte()
                continued.window.withUnsafeBytes { inflaters.isal.reset(atBit: continued.bitsUsed, of: byte, dictionary: $0) }
            } else {
                inflaters.isal.reset()
            }
            output.beginMember()
            var length: Int64 = 0
            var carried: [UInt8] = []
            var checksum: UInt32
            do {
                while true {
                    try makeRoom()
                    if try input.availableCount == 0 && input.refill() == 0 { throw GzipFormatError.truncated }
                    let step = try inflaters.isal.inflate(input.available, into: output.free)
                    input.consume(step.consumed)
                    try accept(step.produced, into: &length, claim: claim, at: start)
                    if step.isEnd {
                        carried = step.carried
                        break
                    }
                    if step.consumed == 0 && step.produced == 0 && input.availableCount > 0 {
                        throw CodecError(library: "ISA-L", message: "inflate made no progress")
                    }
                }
                checksum = output.endMember()
            } catch let failure as IsalInflater.Failure {
                (checksum, length) = try redecodeWithZlib(
                    from: dataStart, continuing: continued, alreadyGiven: length, claim: claim, at: start,
                    orIfUnreadable: GzipFormatError.invalidDeflateData(failure.words), keeping: failure.produced)
            } catch GzipFormatError.truncated {
                (checksum, length) = try redecodeWithZlib(
                    from: dataStart, continuing: continued, alreadyGiven: length, claim: claim, at: start,
                    orIfUnreadable: GzipFormatError.truncated)
            }
            if let continued {
                checksum = CRC32.combine(continued.checksum, checksum, secondLength: length)
                length += continued.length
            }
            return (checksum, length, carried)
        }

        /// As below, after closing ISA-L's member in the output; where the input cannot go back to
        /// the member's start (a pipe, past the bytes kept for this), ISA-L's own finding,
        /// `unreadable`, is what is reported, after the `partial` bytes ISA-L decoded in the call
        /// that found it (still in the output's free space): a pipe's reader gets the bytes before
        /// the damage, as zlib would have given them, but for ISA-L's leniency: where it reads on
        /// past a code that zlib refuses (an unused code of an incomplete tree), up to where it
        /// stops (a few hundred bytes in the fuzzer's seeds). The exit status says the output is
        /// not whole either way.
        mutating func redecodeWithZlib(
            from dataStart: Int64, continuing continued: StreamResumePoint.OpenMember?, alreadyGiven: Int64, claim: MemberIndexField?,
            at start: Int64, orIfUnreadable unreadable: GzipFormatError, keeping partial: Int = 0
        ) throws -> (checksum: UInt32, length: Int64) {
            output.closeMember()
            do {
                return try redecodeWithZlib(from: dataStart, continuing: continued, alreadyGiven: alreadyGiven, claim: claim, at: start)
            } catch let error as SystemError where error.code == ESPIPE {
                var given = alreadyGiven
                try accept(partial, into: &given, claim: claim, at: start)
                throw unreadable
            }
        }

        /// Decodes the member whose DEFLATE data starts at `dataStart` (or goes on there, after the
        /// `continued` part) with zlib, dropping the first `alreadyGiven` decoded bytes (ISA-L's,
        /// already in the output); returns the CRC-32 and length of what it decoded from there, or
        /// throws zlib's error.
        mutating func redecodeWithZlib(
            from dataStart: Int64, continuing continued: StreamResumePoint.OpenMember?, alreadyGiven: Int64, claim: MemberIndexField?,
            at start: Int64
        ) throws -> (checksum: UInt32, length: Int64) {
            input.open(file, at: dataStart)
            // The first bit of the block being decoded, counted from the file's start: zlib stops
            // at each block's end to say where the next begins.
            var blockStart = dataStart * 8
            if let continued {
                let byte = try resumedByte()
                blockStart += Int64(continued.bitsUsed)
                try continued.window.withUnsafeBytes { try inflaters.zlib.reset(atBit: continued.bitsUsed, of: byte, dictionary: $0) }
            } else {
                try inflaters.zlib.reset()
            }
            var toDrop = alreadyGiven
            var checksum: UInt32 = 0
            var length = alreadyGiven
            do {
                while true {
                    try makeRoom()
                    if try input.availableCount == 0 && input.refill() == 0 { throw GzipFormatError.truncated }
                    let free = output.free
                    let step = try inflaters.zlib.inflate(
                        input.available, into: free, stoppingAtBlocks: true, deliveringBytesBeforeAFault: true)
                    input.consume(step.consumed)
                    if step.isBetweenBlocks { blockStart = input.position * 8 - Int64(step.unreadBits) }
                    let decoded = UnsafeRawBufferPointer(rebasing: free[..<step.produced])
                    checksum = CRC32.update(checksum, decoded)
                    let dropped = Int(min(toDrop, Int64(step.produced)))
                    if dropped > 0 && dropped < step.produced {
                        free.baseAddress!.copyMemory(from: free.baseAddress! + dropped, byteCount: step.produced - dropped)
                    }
                    toDrop -= Int64(dropped)
                    try accept(step.produced - dropped, into: &length, claim: claim, at: start)
                    if let fault = step.fault { throw fault }
                    if step.isEnd { break }
                    // A call that stopped at a block's end may have taken its bits from zlib's own.
                    if step.consumed == 0 && step.produced == 0 && !step.isBetweenBlocks && input.availableCount > 0 {
                        throw CodecError(library: "zlib", message: "inflate made no progress")
                    }
                }
            } catch let fault as GzipFormatError {
                throw try asGnuGzipReadsIt(fault, inBlockAt: blockStart)
            }
            guard toDrop == 0 else {
                throw CodecError(library: "zlib", message: "the member decodes to fewer bytes than ISA-L gave")
            }
            return (checksum, length)
        }

        /// zlib's finding in the block that starts at bit `blockStart` (invalid data, or the input
        /// ending), judged again as GNU gzip reads a dynamic block's header
        /// (`DynamicBlockCandidate.Reader.gnuGzip`), so that every name reports the fault gzip
        /// reports. Where gzip finds the header invalid before the input ends, the data is invalid
        /// there, though zlib read on and wanted more (an empty code-length code: gzip's bug#33501).
        /// Where the input ends inside the header as gzip reads it, the member is cut short, though
        /// zlib found a fault that gzip reads past (a repeat before the first length), which the
        /// message keeps. Anything else stays zlib's finding.
        mutating func asGnuGzipReadsIt(_ fault: GzipFormatError, inBlockAt blockStart: Int64) throws -> GzipFormatError {
            switch fault {
            case .truncated, .invalidDeflateData: break
            default: return fault
            }
            guard let header = try bytes(from: blockStart >> 3, count: DynamicBlockCandidate.maximumHeaderBytes) else { return fault }
            let reading = header.withUnsafeBytes { DynamicBlockCandidate.read($0, atBit: Int(blockStart & 7), by: .gnuGzip) }
            switch (reading, fault) {
            case (.invalid(let reason), .truncated): return .invalidDeflateData(reason)
            case (.cutShort, .invalidDeflateData(let reason)): return .truncatedInInvalidHeader(reason)
            default: return fault
            }
        }

        /// Up to `count` bytes of the file from `offset` on (fewer at its end); nil where the
        /// input cannot go back there (a pipe, past the bytes it keeps).
        mutating func bytes(from offset: Int64, count: Int) throws -> [UInt8]? {
            input.open(file, at: offset)
            do {
                _ = try input.ensure(count)
            } catch where error.code == ESPIPE {
                return nil
            }
            return Array(input.available.prefix(count))
        }

        /// Reads the byte a continued member's DEFLATE data resumes in (its first `bitsUsed` bits
        /// already decoded), which an inflater is started with.
        mutating func resumedByte() throws -> UInt8 {
            guard try input.ensure(1) else { throw GzipFormatError.truncated }
            let byte = input.available[0]
            input.consume(1)
            return byte
        }

        /// Makes room in the output buffer, handing it on when it is full.
        mutating func makeRoom() throws {
            if output.isFull {
                try output.flush()
                if cancellation.isCancelled { throw CancellationError() }
                reportProgress(force: false)
            }
            try output.prepare()
        }

        /// Takes `produced` bytes just decoded into `output.free` as part of the member.
        mutating func accept(_ produced: Int, into length: inout Int64, claim: MemberIndexField?, at start: Int64) throws {
            output.fill += produced
            length += Int64(produced)
            if let claim, length > Int64(claim.uncompressedLength) {
                throw GzipFormatError.inconsistentIndex(
                    "member at offset \(start) decodes to more than the \(claim.uncompressedLength) bytes its index claims")
            }
        }

        /// Reads the member's trailer (its first bytes may be `carried` back from the inflater)
        /// and checks the CRC-32 and length against it.
        mutating func checkTrailer(after carried: [UInt8], checksum: UInt32, length: Int64) throws {
            let fromInput = GzipTrailer.length - carried.count
            guard try input.ensure(fromInput) else { throw GzipFormatError.truncated }
            let bytes = carried + input.available.prefix(fromInput)
            try bytes.withUnsafeBytes { try GzipTrailer($0).verify(checksum: checksum, length: length) }
            input.consume(fromInput)
        }

        mutating func reportProgress(force: Bool) {
            let position = input.position
            guard position > reportedPosition, force || position - reportedPosition >= GzipStreamDecoder.progressInterval else { return }
            progress(position - reportedPosition)
            reportedPosition = position
        }
    }
}

/// Where the streaming decoder starts: the beginning of a file, or where the parallel path's
/// output ends (a member boundary, or a block boundary inside a member).
struct StreamResumePoint: Sendable {
    var offset: Int64 = 0
    var membersBefore = 0
    /// Decoded bytes of the members before `offset` (an open member's are its own).
    var uncompressedBytesBefore: Int64 = 0
    var firstHeader: GzipHeader?
    /// The member `offset` lies inside of, its first part already delivered.
    var openMember: OpenMember?

    /// A member the stream goes on decoding from a block boundary: its DEFLATE data resumes at
    /// bit `bitsUsed` of the byte at the resume offset, with `window` (the member's last decoded
    /// bytes, up to 32 KiB) to copy from; its trailer is checked against the CRC-32 and length of
    /// the bytes before and those the stream decodes.
    struct OpenMember: Sendable {
        var bitsUsed: Int
        var window: [UInt8]
        var checksum: UInt32
        var length: Int64
    }
}
