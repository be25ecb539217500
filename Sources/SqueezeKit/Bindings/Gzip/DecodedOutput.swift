/// The buffer a streaming decoder decodes into: the decoder's own, handed to the sink when full;
/// or, once the sink has taken its first bytes and its output turns out to lend buffers
/// (`DecodeBufferLender`), one borrowed from that output and given back to it filled. Both
/// streams use it: gzip's (`GzipStreamDecoder`) and zstd's (`ZstdDecompressor`).
///
/// It also keeps the CRC-32 of the gzip member being decoded (between `beginMember` and
/// `endMember`): of bytes handed to the sink it computes it here, as they go; of bytes in buffers
/// given back to a lender, the lender computes it on its own thread, so the decoding thread reads
/// its output a second time only for the last stretch of each member, at its end. zstd opens no
/// member: libzstd checks each frame's own checksum.
struct DecodedOutput {
    let own: UnsafeMutableRawBufferPointer
    let sink: (UnsafeRawBufferPointer) throws -> Void
    let findLender: () -> (any DecodeBufferLender)?
    var lender: (any DecodeBufferLender)?
    var askedForLender = false
    /// The buffer decoded into: `own`, or one borrowed from `lender`.
    var buffer: UnsafeMutableRawBufferPointer
    var isBorrowed = false
    /// Decoded bytes in `buffer` not yet handed on.
    var fill = 0
    /// Whether a member is being decoded: its bytes go into its CRC-32.
    var isMemberOpen = false
    /// Where the open member's bytes begin in `buffer` (0 once it has run on past a buffer).
    var memberStart = 0
    /// The CRC-32 of the open member's bytes already handed on, computed here; nil once the
    /// lender's running checksum carries it.
    var handedOn: UInt32? = 0

    init(
        own: UnsafeMutableRawBufferPointer, sink: @escaping (UnsafeRawBufferPointer) throws -> Void,
        findLender: @escaping () -> (any DecodeBufferLender)?
    ) {
        self.own = own
        self.sink = sink
        self.findLender = findLender
        buffer = own
    }

    var isFull: Bool { fill == buffer.count }

    /// The unused end of the buffer.
    var free: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + fill, count: buffer.count - fill)
    }

    /// The bytes decoded from here on are a new member's.
    mutating func beginMember() {
        isMemberOpen = true
        memberStart = fill
        handedOn = 0
    }

    /// The CRC-32 of the member's bytes, which end here (waiting for the lender's thread to have
    /// added those of the buffers given back to it).
    mutating func endMember() -> UInt32 {
        isMemberOpen = false
        let stillHere = UnsafeRawBufferPointer(start: buffer.baseAddress! + memberStart, count: fill - memberStart)
        return CRC32.update(checksumHandedOn(), stillHere)
    }

    /// The member's bytes end here, and another decoder checks them.
    mutating func closeMember() {
        isMemberOpen = false
    }

    private func checksumHandedOn() -> UInt32 {
        handedOn ?? lender!.runningChecksum()
    }

    /// Before decoding: borrows a buffer from the lender, if there is one and none is held.
    mutating func prepare() throws {
        guard let lender, !isBorrowed else { return }
        buffer = try lender.borrowBuffer()
        isBorrowed = true
    }

    /// Hands on the decoded bytes: a borrowed buffer goes back to its lender (which goes on with
    /// the open member's checksum), the decoder's own bytes to the sink (after whose first bytes
    /// the lender is looked for).
    mutating func flush() throws {
        let count = fill
        fill = 0
        if isBorrowed {
            var span = ChecksumSpan(from: count, startingWith: nil)
            if isMemberOpen && count > 0 {
                span = ChecksumSpan(from: memberStart, startingWith: handedOn)
                handedOn = nil
                memberStart = 0
            }
            isBorrowed = false
            buffer = own
            try lender!.returnBuffer(filled: count, checksumming: span)
            return
        }
        guard count > 0 else { return }
        let bytes = UnsafeRawBufferPointer(start: own.baseAddress!, count: count)
        if isMemberOpen {
            handedOn = CRC32.update(checksumHandedOn(), UnsafeRawBufferPointer(rebasing: bytes[memberStart...]))
            memberStart = 0
        }
        try sink(bytes)
        if !askedForLender {
            askedForLender = true
            lender = findLender()
        }
    }

    /// After a failure that discards the output: a borrowed buffer goes back unwritten.
    mutating func abandon() {
        fill = 0
        guard isBorrowed else { return }
        isBorrowed = false
        buffer = own
        try? lender!.returnBuffer(filled: 0)
    }
}
