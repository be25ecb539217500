import CZlib

/// zlib's raw DEFLATE, driven as a test wants it: the level and strategy changed between pieces
/// of input (stored blocks at level 0, `Z_HUFFMAN_ONLY`, `Z_FIXED`, `Z_RLE`), and each piece
/// ended with any flush (a sync or full flush's empty stored block, `Z_BLOCK`'s bare block
/// boundary, `Z_PARTIAL_FLUSH`'s empty fixed block), so that a stream holds every kind of block
/// boundary at whatever point it is wanted.
public final class RawDeflater {
    public enum Flush {
        case none, partial, sync, full, block

        var zlib: Int32 {
            switch self {
            case .none: Z_NO_FLUSH
            case .partial: Z_PARTIAL_FLUSH
            case .sync: Z_SYNC_FLUSH
            case .full: Z_FULL_FLUSH
            case .block: Z_BLOCK
            }
        }
    }

    /// zlib's strategies, by name.
    public enum Strategy: CaseIterable {
        case normal, filtered, huffmanOnly, runLength, fixed

        var zlib: Int32 {
            switch self {
            case .normal: Z_DEFAULT_STRATEGY
            case .filtered: Z_FILTERED
            case .huffmanOnly: Z_HUFFMAN_ONLY
            case .runLength: Z_RLE
            case .fixed: Z_FIXED
            }
        }
    }

    private var stream = z_stream()
    /// The compressed bytes so far.
    public private(set) var output: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    public init(level: Int = 6, strategy: Strategy = .normal) {
        let status = squeeze_deflateInit2(&stream, Int32(level), -MAX_WBITS, 8, strategy.zlib)
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
    }

    deinit { deflateEnd(&stream) }

    /// From the next input on, compresses at `level` with `strategy` (what zlib still holds is
    /// compressed as before).
    public func set(level: Int, strategy: Strategy) {
        drain { deflateParams(&$0, Int32(level), strategy.zlib) }
    }

    /// Compresses `bytes`, then flushes as asked.
    public func write(_ bytes: ArraySlice<UInt8>, flush: Flush = .none) {
        bytes.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            drain { deflate(&$0, flush.zlib) }
            stream.next_in = nil
        }
    }

    /// Ends the stream (its last block final) and returns it whole.
    public func finish() -> [UInt8] {
        drain { deflate(&$0, Z_FINISH) }
        return output
    }

    /// Calls `step` with room for output until it leaves some unused (zlib has nothing more).
    private func drain(_ step: (inout z_stream) -> Int32) {
        repeat {
            buffer.withUnsafeMutableBytes { room in
                stream.next_out = room.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(room.count)
                let status = step(&stream)
                precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib failed: \(status)")
                output += room[..<(room.count - Int(stream.avail_out))]
                stream.next_out = nil
            }
        } while stream.avail_out == 0 || stream.avail_in > 0
    }
}
