/// squeeze's FEXTRA subfield, in the spirit of BGZF's "BC": it tells the length of the member it
/// sits in and of that member's uncompressed data, so a reader can find every member (and size
/// every output block) by hopping from header to header, without inflating anything.
///
/// Subfield ID "SQ", LEN 8: member length in bytes (header to trailer, u32 LE), then the
/// uncompressed length (u32 LE). Other readers skip unknown subfields, as RFC 1952 requires.
public struct MemberIndexField: Equatable, Sendable {
    static let identifier: [UInt8] = [UInt8(ascii: "S"), UInt8(ascii: "Q")]
    static let payloadLength = 8
    /// The whole FEXTRA payload: SI1 SI2 LEN(2) and the payload.
    static let encodedLength = 4 + payloadLength

    public var memberLength: UInt32
    public var uncompressedLength: UInt32

    public init(memberLength: UInt32, uncompressedLength: UInt32) {
        self.memberLength = memberLength
        self.uncompressedLength = uncompressedLength
    }

    /// The FEXTRA payload holding this subfield only.
    func encoded() -> [UInt8] {
        var bytes = Self.identifier
        bytes.appendLittleEndian(UInt16(Self.payloadLength))
        bytes.appendLittleEndian(memberLength)
        bytes.appendLittleEndian(uncompressedLength)
        return bytes
    }

    /// Finds the subfield among the FEXTRA subfields, if it is there and well formed.
    public init?(extra: [UInt8]) {
        guard let payload = GzipExtraSubfield.payload(of: Self.identifier, in: extra), payload.count == Self.payloadLength
        else { return nil }
        let word = { (at: Int) in
            let at = payload.startIndex + at
            return UInt32(payload[at]) | UInt32(payload[at + 1]) << 8 | UInt32(payload[at + 2]) << 16 | UInt32(payload[at + 3]) << 24
        }
        self.init(memberLength: word(0), uncompressedLength: word(4))
    }
}

/// Every member of a file whose members say their own length (squeeze's blocks, "SQ"; BGZF's,
/// "BC"), found by hopping from header to header:
/// what lets the parallel path hand members to different workers, and `list` give sizes without
/// inflating anything (sizes the index claims: only decoding checks them).
///
/// Members are kept in runs of consecutive members, not one by one: a run is one worker's work
/// item, and a file of millions of tiny members (crafted, or written with a tiny block size) then
/// costs one record per `MemberIndexWalker.runLimit` bytes, not one per member.
struct MemberIndex: Equatable, Sendable {
    var runs: [MemberRun]
    var memberCount: Int
    var firstHeader: GzipHeader
    /// Exact, however large (the trailers only know it modulo 2^32).
    var uncompressedBytes: Int64
    var compressedBytes: Int64

    /// The decoded bytes that precede run `index`.
    func uncompressedBytes(before index: Int) -> Int64 {
        runs[..<index].reduce(0) { $0 + Int64($1.uncompressedLength) }
    }

    /// The members that precede run `index`.
    func memberCount(before index: Int) -> Int {
        runs[..<index].reduce(0) { $0 + $1.memberCount }
    }
}

/// Consecutive members of an indexed file that one worker decodes as one item: where they lie and
/// what their "SQ" fields claim they hold. A member larger than the walker's run limit is a run of
/// its own (squeeze's default 1 MiB blocks always are).
struct MemberRun: Equatable, Sendable {
    /// File offset of the first member's header.
    var offset: Int64
    /// From the first member's header to the last member's trailer.
    var length: Int
    /// What the members' fields claim they decode to, together.
    var uncompressedLength: Int
    var memberCount: Int

    var end: Int64 { offset + Int64(length) }
}

/// Builds a `MemberIndex` by reading member headers only (a few small `pread`s per member).
///
/// The index is only a claim: a file may have been damaged or crafted. Anything that does not hold
/// together makes the walk answer nil, and the file is then decoded as a stream, which reports
/// the real problem. What is checked: every member has a well-formed header with the "SQ"
/// subfield; members follow one another exactly and end at the end of the file; a member is long
/// enough for its header and trailer; and its claimed uncompressed length is one DEFLATE can
/// produce from its data (at most 1032 bytes per byte) and at most `maximumUncompressedLength`.
/// Whether each member really decodes to what it claims is checked by whoever decodes it.
struct MemberIndexWalker {
    /// DEFLATE's best case: a 258-byte match in two bits.
    static let maximumExpansion = 1032
    /// A worker holds a whole member's output: members claiming more (squeeze writes 1 MiB by
    /// default, 512 MiB at most) are left to the streaming path, whose memory is fixed, so that
    /// no file, however crafted, makes a few workers allocate gigabytes.
    static let maximumUncompressedLength = 64 << 20
    /// Members are gathered into runs of at most this many compressed and decoded bytes together.
    static let runLimit = 1 << 20
    /// Headers are read in windows of this size, which usually hold several small members' headers.
    static let readSize = 4096
    /// A trailer is read with what follows it up to this size: enough for the next member's
    /// header (BGZF's is 18 bytes), read again from the header if it is longer. Far less than a
    /// header window, since with BGZF's 64 KiB members each trailer is a read of its own.
    static let trailerReadSize = 256
    /// A first header longer than this (a very long name) is left to the streaming path.
    static let maximumHeaderLength = 64 << 10

    let file: ReadableFile
    let fileSize: Int64
    /// Tests lower it to 0 to get one run per member.
    var runLimit = Self.runLimit

    /// The index, or nil if the file is not one of squeeze's indexed files or its index is inconsistent.
    func walk() throws -> MemberIndex? {
        var seeker = MemberSeeker(walker: self)
        try seeker.reach(decodedOffset: nil)
        guard seeker.edge == .endOfFile, let firstHeader = seeker.firstHeader else { return nil }
        return MemberIndex(
            runs: seeker.runs, memberCount: seeker.memberCount, firstHeader: firstHeader,
            uncompressedBytes: seeker.decodedFrontier, compressedBytes: fileSize)
    }

    /// The member whose header is at `offset`, as its header claims it, or nil if there is no
    /// member there that states its length, or its claims cannot hold (see the type's comment).
    /// Shared by the whole-file walk and `MemberSeeker`, which hops only as far as a range needs.
    func member(at offset: Int64, window: inout HeaderWindow) throws -> ClaimedMember? {
        guard let (header, headerLength) = try window.header(at: offset), let claim = MemberLengthClaim(header: header)
        else { return nil }
        let length = claim.memberLength
        let deflateLength = length - headerLength - GzipTrailer.length
        guard deflateLength > 0, offset + Int64(length) <= fileSize else { return nil }
        var uncompressedLength = 0
        if claim.needsTrailer {
            guard let trailer = try window.trailer(endingAt: offset + Int64(length)) else { return nil }
            uncompressedLength = claim.uncompressedLength(trailer: trailer)
        } else if case .indexed(let field) = claim {
            uncompressedLength = Int(field.uncompressedLength)
        }
        guard uncompressedLength <= claim.maximumUncompressedLength,
              uncompressedLength <= deflateLength * Self.maximumExpansion
        else { return nil }
        return ClaimedMember(header: header, length: length, uncompressedLength: uncompressedLength)
    }
}

/// One member as its header's length field claims it (checked only by decoding it).
struct ClaimedMember {
    var header: GzipHeader
    /// From the header's first byte to the trailer's last.
    var length: Int
    var uncompressedLength: Int
}

/// The bytes last read around a header offset, so that the headers of small neighbouring members
/// come from one read.
struct HeaderWindow {
    let file: ReadableFile
    var bytes: [UInt8] = []
    var start: Int64 = 0

    /// The header at `offset` and its length, or nil if there is none there.
    mutating func header(at offset: Int64) throws -> (GzipHeader, Int)? {
        var readSize = MemberIndexWalker.readSize
        var isFreshRead = false
        if offset < start || offset >= start + Int64(bytes.count) {
            try read(readSize, at: offset)
            isFreshRead = true
        }
        while true {
            let outcome = bytes.withUnsafeBytes { buffer in
                GzipHeader.parse(UnsafeRawBufferPointer(rebasing: buffer[Int(offset - start)...]))
            }
            switch outcome {
            case .header(let header, let length):
                return (header, length)
            case .invalid:
                return nil
            case .incomplete:
                // Cut by the end of the window: read again from the header, more if it was already
                // read from there; cut by the end of the file (or too long): not an index.
                if isFreshRead {
                    guard bytes.count == readSize, readSize < MemberIndexWalker.maximumHeaderLength else { return nil }
                    readSize *= 4
                }
                try read(readSize, at: offset)
                isFreshRead = true
            }
        }
    }

    /// The trailer of the member ending at `end`. The window is read from there, so that it also
    /// holds the next member's header.
    mutating func trailer(endingAt end: Int64) throws -> GzipTrailer? {
        let offset = end - Int64(GzipTrailer.length)
        if offset < start || end > start + Int64(bytes.count) {
            try read(MemberIndexWalker.trailerReadSize, at: offset)
        }
        guard end <= start + Int64(bytes.count) else { return nil }
        return bytes.withUnsafeBytes { GzipTrailer(UnsafeRawBufferPointer(rebasing: $0[Int(offset - start)...])) }
    }

    private mutating func read(_ count: Int, at offset: Int64) throws {
        bytes = try file.read(count: count, at: offset)
        start = offset
    }
}
