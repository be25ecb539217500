import CZlib

/// zlib's raw DEFLATE of a whole buffer of at most `inputLimit` bytes, in one call: the small
/// inputs' compressor of `SizeFittedCompressor`.
///
/// The stream's window is the smallest that holds the whole input and zlib's lookahead, rather than
/// 32 KiB: a match never reaches that far back in such an input, so the bytes are those of zlib's
/// defaults, from a state of about half the size. The hash keeps its default size: a smaller one
/// (`memLevel`) changes which matches the chain limit of the lower levels lets zlib find.
///
/// `@unchecked Sendable`: a `z_stream` is not thread safe; each instance is used by one thread at
/// a time because workers only reach it through `CodecPool.withInstance`. The stream is allocated
/// once and never moves, as zlib requires (it keeps pointers into it).
final class ZlibWholeBufferDeflater: @unchecked Sendable {
    let inputLimit: Int
    private let stream: UnsafeMutablePointer<z_stream>

    init(level: Int, inputLimit: Int) throws {
        precondition(inputLimit > 0 && inputLimit <= 32 * 1024 - Self.lookahead, "a whole buffer within one window")
        self.inputLimit = inputLimit
        let windowBits = Self.windowBits(holding: inputLimit)
        stream = try makeZlibStream {
            squeeze_deflateInit2($0, Int32(level), -windowBits, 8, Z_DEFAULT_STRATEGY)
        } failure: { "deflateInit2 failed (\($0)) for level \(level)" }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// zlib keeps this many bytes ahead of the match position (`MIN_LOOKAHEAD`): a match can reach
    /// back at most the window's size less this.
    static let lookahead = 258 + 3 + 1

    /// The smallest `windowBits` (9 to 15) whose window reaches back over `count` bytes.
    static func windowBits(holding count: Int) -> Int32 {
        var bits: Int32 = 9
        while bits < 15 && (1 << bits) - lookahead < count { bits += 1 }
        return bits
    }

    /// The most bytes `compress` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int { Int(deflateBound(stream, uLong(count))) }

    /// Compresses `input` (at most `inputLimit` bytes) into `output`, which holds `bound` bytes;
    /// returns the compressed length.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
        precondition(input.count <= inputLimit, "input beyond the stream's window")
        var status = deflateReset(stream)
        guard status == Z_OK else { throw failure(status, "deflateReset") }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        status = deflate(stream, Z_FINISH)
        let written = output.count - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard status == Z_STREAM_END else { throw failure(status, "deflate") }
        return written
    }

    private func failure(_ status: Int32, _ function: String) -> CodecError {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        return CodecError(library: "zlib", message: "\(function): \(message)")
    }
}
