import CIsal

/// An ISA-L raw-DEFLATE decoder, reset for each gzip member: the streaming path's inflater (any
/// gzip, however it was written, in bounded memory: the state is 85 KiB). Unless made without,
/// it computes the CRC-32 of what it decodes as it goes (ISA-L's folding CRC, inside the same
/// call), so the decoded bytes are not read a second time for the trailer's check; the streaming
/// decoder does without, and has the CRC-32 computed off the decoding thread where it can
/// (`DecodeBufferLender`).
///
/// `@unchecked Sendable`: an `inflate_state` is not thread safe; each instance is used by one
/// thread at a time because decoders only reach it through `CodecPool.withInstance`. The state is
/// allocated once and never moves.
final class IsalInflater: @unchecked Sendable {
    /// What one call of `inflate` did.
    struct Step {
        /// Input bytes used. At the end of the stream, bytes ISA-L read ahead past it are given
        /// back: those of this call's input by not counting them, those of an earlier call in
        /// `carried`.
        var consumed: Int
        var produced: Int
        /// The DEFLATE stream's last block ended: the member's trailer follows.
        var isEnd: Bool
        /// At the end: bytes after the stream that an earlier call's input held (at most 8),
        /// which come before this call's unconsumed input.
        var carried: [UInt8] = []
    }

    private let state: UnsafeMutablePointer<inflate_state>
    /// ISA-L's `crc_flag`: raw DEFLATE with the gzip CRC-32 of the output, or none (a decoder
    /// whose checksum is computed elsewhere, or whose bytes are only compared).
    private let checksumFlag: UInt32

    init(computesChecksum: Bool = true) {
        state = .allocate(capacity: 1)
        checksumFlag = UInt32(computesChecksum ? ISAL_GZIP_NO_HDR : ISAL_DEFLATE)
        isal_inflate_init(state)
        state.pointee.crc_flag = checksumFlag
    }

    deinit { state.deallocate() }

    /// Forgets the previous stream: the next `inflate` starts a new DEFLATE stream.
    func reset() {
        isal_inflate_reset(state)
        state.pointee.crc_flag = checksumFlag
        state.pointee.crc = 0
    }

    /// The CRC-32 of everything decoded since the last `reset` or `restartChecksum` (made with
    /// `computesChecksum`).
    var checksum: UInt32 { state.pointee.crc }

    /// From now on `checksum` covers only what is decoded next.
    func restartChecksum() { state.pointee.crc = 0 }

    /// Starts a new DEFLATE stream in the middle of one: at bit `bitsUsed` (0 to 7) of `byte`, the
    /// first input byte (the next `inflate` starts at the byte after it), with `dictionary` as
    /// the 32 KiB decoded before it. ISA-L takes the unread bits of the first byte as bits it
    /// had already loaded.
    func reset(atBit bitsUsed: Int, of byte: UInt8, dictionary: UnsafeRawBufferPointer) {
        reset()
        _ = isal_inflate_set_dict(
            state, UnsafeMutablePointer(mutating: dictionary.baseAddress!.assumingMemoryBound(to: UInt8.self)), UInt32(dictionary.count))
        state.pointee.read_in = UInt64(byte >> UInt8(bitsUsed))
        state.pointee.read_in_length = Int32(8 - bitsUsed)
    }

    /// After a call that used all of its input: whether that input ended exactly where a new
    /// DEFLATE block begins, at a byte boundary (no bits of it held back, no header half read, no
    /// decoded byte waiting in ISA-L's own buffer). A stretch decoded from there on by a fresh
    /// inflater gives the same bytes, as long as no distance reaches back before it.
    var isAtByteAlignedBlockStart: Bool { isAtBlockStart(unreadBits: 0) }

    /// After a call that used all of its input: whether the decoder stands where a new block
    /// begins, `unreadBits` (0 to 7) before the end of that input, all it decoded handed out.
    /// Nothing else leaves exactly those bits unread before a header: so the block boundary is at
    /// that very bit.
    func isAtBlockStart(unreadBits: Int) -> Bool {
        let state = state.pointee
        // At the end of the input, ISA-L tries the next header and, finding too few bits, parks
        // in ISAL_BLOCK_HDR with the bits it had (a dynamic header needs more than 7).
        let isBeforeHeader = state.block_state == ISAL_BLOCK_NEW_HDR || (state.block_state == ISAL_BLOCK_HDR && state.tmp_in_size == 0)
        return isBeforeHeader && state.avail_in == 0 && Int(state.read_in_length) == unreadBits
            && state.tmp_out_valid == state.tmp_out_processed
    }

    /// Decodes as much of `input` into `output` as either allows. Invalid data throws
    /// `IsalInflater.Failure`, which says only which kind of fault ISA-L found.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(Failure) -> Step {
        let inputCount = min(input.count, Int(UInt32.max))
        let outputCount = min(output.count, Int(UInt32.max))
        state.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        state.pointee.avail_in = UInt32(inputCount)
        state.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        state.pointee.avail_out = UInt32(outputCount)
        let status = isal_inflate(state)
        let taken = inputCount - Int(state.pointee.avail_in)
        var step = Step(
            consumed: taken, produced: outputCount - Int(state.pointee.avail_out),
            isEnd: state.pointee.block_state == ISAL_BLOCK_FINISH)
        state.pointee.next_in = nil
        state.pointee.next_out = nil
        guard status >= 0 else { throw Failure(status: status, consumed: step.consumed, produced: step.produced) }
        if step.isEnd { giveBackReadAhead(taken: taken, into: &step) }
        return step
    }

    /// ISA-L reads input ahead into a 64-bit bit buffer, and leaves what follows the stream there:
    /// whole bytes after the padding of the last one, in order.
    private func giveBackReadAhead(taken: Int, into step: inout Step) {
        let bits = Int(state.pointee.read_in_length)
        guard bits >= 8 else { return }
        let count = bits / 8
        if count <= taken {
            step.consumed = taken - count
        } else {
            let value = state.pointee.read_in >> UInt64(bits % 8)
            step.consumed = 0
            step.carried = (0..<(count - taken)).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
        }
        state.pointee.read_in = 0
        state.pointee.read_in_length = 0
    }

    /// Invalid DEFLATE data; ISA-L's status says only which kind of fault (block, code, distance).
    struct Failure: Error, Equatable {
        let status: Int32
        /// What the call read and wrote before it found the fault.
        var consumed = 0
        var produced = 0

        /// The kind of fault, in zlib's words where zlib names the same one.
        var words: String {
            switch status {
            case ISAL_INVALID_BLOCK: "invalid block"
            case ISAL_INVALID_SYMBOL: "invalid code"
            case ISAL_INVALID_LOOKBACK: "invalid distance too far back"
            default: "ISA-L status \(status)"
            }
        }
    }
}

/// An ISA-L compressor for one level (0 to 3): raw DEFLATE of a whole buffer at once, in one
/// stateless call. Its state (80 KiB) and the level's buffer (up to 340 KiB) are allocated
/// once per instance, so once per worker through `CodecPool`, not per block.
///
/// `@unchecked Sendable`: an `isal_zstream` is not thread safe; each instance is used by one
/// thread at a time because workers only reach it through `CodecPool.withInstance`.
final class IsalCompressor: @unchecked Sendable {
    let level: Int
    private let stream: UnsafeMutablePointer<isal_zstream>
    private let levelBuffer: UnsafeMutableRawBufferPointer

    init(level: Int) throws(CodecError) {
        guard (Int(ISAL_DEF_MIN_LEVEL)...Int(ISAL_DEF_MAX_LEVEL)).contains(level) else {
            throw CodecError(library: "ISA-L", message: "no compression level \(level)")
        }
        self.level = level
        stream = .allocate(capacity: 1)
        levelBuffer = .allocate(byteCount: max(1, Int(squeeze_isal_level_buffer_size(Int32(level)))), alignment: 64)
    }

    deinit {
        stream.deallocate()
        levelBuffer.deallocate()
    }

    /// The most bytes `compress` can produce for `count` input bytes: ISA-L falls back to stored
    /// blocks (5 bytes per 64 KiB) when the data does not compress.
    func bound(_ count: Int) -> Int { count + 5 * (count / 65535 + 1) + Int(ISAL_DEF_MAX_HDR_SIZE) + 64 }

    /// Compresses `input` into `output`; returns the compressed length. `output` must hold `bound`.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError) -> Int {
        guard input.count <= Int(UInt32.max), output.count <= Int(UInt32.max) else {
            throw CodecError(library: "ISA-L", message: "a block of \(input.count) bytes is too large")
        }
        isal_deflate_stateless_init(stream)
        stream.pointee.level = UInt32(level)
        stream.pointee.level_buf = level == 0 ? nil : levelBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.level_buf_size = level == 0 ? 0 : UInt32(levelBuffer.count)
        stream.pointee.end_of_stream = 1
        stream.pointee.flush = UInt16(NO_FLUSH)
        stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(output.count)
        let status = isal_deflate_stateless(stream)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
        }
        guard status == COMP_OK, stream.pointee.avail_in == 0 else {
            throw CodecError(library: "ISA-L", message: "isal_deflate_stateless failed (\(status)) for \(input.count) bytes")
        }
        return output.count - Int(stream.pointee.avail_out)
    }
}
