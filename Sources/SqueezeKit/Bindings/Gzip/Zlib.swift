import CZlib

/// A `z_stream` on the heap, where it stays (zlib keeps pointers into it), set up by `initialize`
/// (`deflateInit2` or `inflateInit2`). If that fails, the stream is freed here and the error
/// thrown: a wrapper stores the pointer only once init succeeded, so a failed init never reaches
/// its `deinit`, and the stream is ended and freed exactly once either way.
func makeZlibStream(
    _ initialize: (UnsafeMutablePointer<z_stream>) -> Int32, failure: (Int32) -> String
) throws(CodecError) -> UnsafeMutablePointer<z_stream> {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = initialize(stream)
    guard status == Z_OK else {
        stream.deinitialize(count: 1)
        stream.deallocate()
        throw CodecError(library: "zlib", message: failure(status))
    }
    return stream
}

/// A zlib raw-DEFLATE stream, reset for each block, that can start from a preset dictionary and
/// end a block with a sync flush: what pigz-style single-member output needs. It also compresses
/// a small buffer whole, into a buffer (`compressWhole`): `SizeFittedCompressor`'s small inputs.
///
/// `@unchecked Sendable`: a `z_stream` is not thread safe; each instance is used by one thread at
/// a time because workers only reach it through `CodecPool.withInstance`. The stream is allocated
/// once and never moves, as zlib requires (it keeps pointers into it).
final class ZlibDeflater: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<z_stream>

    /// A window of `windowBits` (9 to 15; `windowBits(holding:)` for a stream that only ever sees
    /// short inputs). The hash keeps its default size whatever the window: a smaller one
    /// (`memLevel`) changes which matches the chain limit of the lower levels lets zlib find.
    init(level: Int, strategy: DeflateStrategy = .standard, windowBits: Int32 = MAX_WBITS) throws {
        stream = try makeZlibStream {
            squeeze_deflateInit2($0, Int32(level), -windowBits, 8, strategy.zlibStrategy)
        } failure: { "deflateInit2 failed (\($0)) for level \(level)" }
    }

    /// zlib keeps this many bytes ahead of the match position (`MIN_LOOKAHEAD`): a match reaches
    /// back at most the window's size less this.
    static let lookahead = 258 + 3 + 1

    /// The smallest `windowBits` (9 to 15) whose window reaches back over `count` bytes: for
    /// inputs of at most `count` bytes a match never reaches further, so such a stream writes the
    /// bytes of a 32 KiB one, from about half the state.
    static func windowBits(holding count: Int) -> Int32 {
        var bits: Int32 = 9
        while bits < MAX_WBITS && (1 << bits) - lookahead < count { bits += 1 }
        return bits
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Raw DEFLATE of `input`, primed with `dictionary`; ends with a sync flush (byte aligned, not
    /// final) unless `isLast`, which ends the stream.
    func compress(_ input: UnsafeRawBufferPointer, dictionary: UnsafeRawBufferPointer, isLast: Bool) throws -> [UInt8] {
        try check(deflateReset(stream), "deflateReset")
        if let base = dictionary.baseAddress, !dictionary.isEmpty {
            try check(
                deflateSetDictionary(stream, base.assumingMemoryBound(to: Bytef.self), uInt(dictionary.count)),
                "deflateSetDictionary")
        }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(input.count))) + 64)
        var produced = 0
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        let flush = isLast ? Z_FINISH : Z_SYNC_FLUSH
        while true {
            let status = output.withUnsafeMutableBytes { buffer -> Int32 in
                stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self) + produced
                stream.pointee.avail_out = uInt(buffer.count - produced)
                let status = deflate(stream, flush)
                produced = buffer.count - Int(stream.pointee.avail_out)
                return status
            }
            if status == Z_STREAM_END || (status == Z_OK && stream.pointee.avail_out > 0 && !isLast) { break }
            guard status == Z_OK || status == Z_BUF_ERROR else { throw failure(status, "deflate") }
            output += [UInt8](repeating: 0, count: max(output.count / 2, 4096))
        }
        stream.pointee.next_in = nil
        output.removeLast(output.count - produced)
        return output
    }

    /// The most bytes `compressWhole` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int { Int(deflateBound(stream, uLong(count))) }

    /// Raw DEFLATE of the whole of `input`, ending the stream, into `output` (which holds `bound`
    /// bytes); returns the compressed length. `input` must fit the stream's window.
    func compressWhole(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
        try check(deflateReset(stream), "deflateReset")
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = deflate(stream, Z_FINISH)
        let written = output.count - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard status == Z_STREAM_END else { throw failure(status, "deflate") }
        return written
    }

    private func check(_ status: Int32, _ function: String) throws {
        guard status == Z_OK else { throw failure(status, function) }
    }

    private func failure(_ status: Int32, _ function: String) -> CodecError {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        return CodecError(library: "zlib", message: "\(function): \(message)")
    }
}

/// How zlib looks for matches: its default, or pigz's `-H` (Huffman codes alone, no matches) and
/// `-U` (matches only at distance 1, run lengths), which trade size for speed on some data.
public enum DeflateStrategy: String, Sendable, Codable {
    case standard
    case huffmanOnly
    case runLength

    var zlibStrategy: Int32 {
        switch self {
        case .standard: Z_DEFAULT_STRATEGY
        case .huffmanOnly: Z_HUFFMAN_ONLY
        case .runLength: Z_RLE
        }
    }
}

/// A zlib raw-DEFLATE decoder, reset for each gzip member: the streaming path's inflater (any
/// gzip, however it was written, in bounded memory), and the checkpoint index's, which stops it
/// at every block boundary (`Z_BLOCK`): zlib rather than ISA-L there, because its `data_type` says
/// after each call whether it stopped between blocks and how many bits of the last byte it took
/// are unread, the bit offset a checkpoint records (as zran, indexed_gzip and gztool do).
///
/// `@unchecked Sendable`: a `z_stream` is not thread safe; each instance is used by one thread at
/// a time because decoders only reach it through `CodecPool.withInstance`, and the checkpoint index's walk
/// owns its own. The stream is allocated once and never moves, as zlib requires (it keeps
/// pointers into it).
final class ZlibInflater: @unchecked Sendable {
    /// What one call of `inflate` did.
    struct Step {
        var consumed: Int
        var produced: Int
        /// The DEFLATE stream's last block ended: the member's trailer follows.
        var isEnd: Bool
        /// Stopped between two blocks of the stream (not after its last one), which only a call
        /// asked to stop at blocks does: a block starts `unreadBits` bits before the end of what
        /// was consumed.
        var isBetweenBlocks: Bool
        var unreadBits: Int
        /// The invalid data found after the step's bytes (`deliveringBytesBeforeAFault`): the
        /// caller throws it once they are handled.
        var fault: GzipFormatError? = nil
    }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(CodecError) {
        stream = try makeZlibStream { squeeze_inflateInit2($0, -MAX_WBITS) } failure: { "inflateInit2 failed (\($0))" }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Forgets the previous stream: the next `inflate` starts a new DEFLATE stream.
    func reset() throws(CodecError) {
        let status = inflateReset(stream)
        guard status == Z_OK else { throw CodecError(library: "zlib", message: "inflateReset failed (\(status))") }
    }

    /// Starts a new DEFLATE stream in the middle of one: at bit `bitsUsed` (0 to 7) of `byte`, the
    /// first input byte (the next `inflate` starts at the byte after it), with `dictionary` as
    /// the bytes decoded before it (up to 32 KiB; a distance reaching back past them is invalid).
    func reset(atBit bitsUsed: Int, of byte: UInt8, dictionary: UnsafeRawBufferPointer) throws(CodecError) {
        try reset(dictionary: dictionary)
        let status = inflatePrime(stream, Int32(8 - bitsUsed), Int32(byte >> UInt8(bitsUsed)))
        guard status == Z_OK else { throw CodecError(library: "zlib", message: "inflatePrime failed (\(status))") }
    }

    /// Starts a new DEFLATE stream at the next input byte, with `dictionary` as the bytes decoded
    /// before it (its last 32 KiB are used).
    func reset(dictionary: UnsafeRawBufferPointer) throws(CodecError) {
        try reset()
        let used = UnsafeRawBufferPointer(rebasing: dictionary.suffix(1 << 15))
        if let base = used.baseAddress, !used.isEmpty {
            let status = inflateSetDictionary(stream, base.assumingMemoryBound(to: Bytef.self), uInt(used.count))
            guard status == Z_OK else { throw CodecError(library: "zlib", message: "inflateSetDictionary failed (\(status))") }
        }
    }

    /// Decodes as much of `input` into `output` as either allows. Consuming and producing nothing
    /// means zlib needs more input; invalid data throws `GzipFormatError.invalidDeflateData` with
    /// zlib's own words.
    /// With `stoppingAtBlocks`, it also returns at the end of each block.
    /// With `deliveringBytesBeforeAFault`, a call that finds invalid data after writing bytes
    /// returns them in a step that carries the fault, for the caller to throw once they are
    /// handled: a decoder whose bytes go to the user writes every byte before the damage, as zlib
    /// and `pigz -dc` do, not all but the last call's (up to an output buffer short).
    func inflate(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, stoppingAtBlocks: Bool = false,
        deliveringBytesBeforeAFault: Bool = false
    ) throws -> Step {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, stoppingAtBlocks ? Z_BLOCK : Z_NO_FLUSH)
        let dataType = stream.pointee.data_type
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in),
            produced: output.count - Int(stream.pointee.avail_out),
            isEnd: status == Z_STREAM_END,
            isBetweenBlocks: stoppingAtBlocks && status != Z_STREAM_END && dataType & 128 != 0 && dataType & 64 == 0,
            unreadBits: Int(dataType & 7))
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        case Z_DATA_ERROR, Z_NEED_DICT:
            let fault = GzipFormatError.invalidDeflateData(stream.pointee.msg.map { String(cString: $0) } ?? "format violated")
            guard deliveringBytesBeforeAFault && step.produced > 0 else { throw fault }
            var faulted = step
            faulted.fault = fault
            return faulted
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
            throw CodecError(library: "zlib", message: "inflate: \(message)")
        }
    }
}
