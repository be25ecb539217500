/// libdeflate's DEFLATE for all but small inputs, which zlib compresses at the same level.
///
/// On inputs of up to 2 KiB libdeflate's output is 0.4-8% larger than zlib's (and GNU gzip's) at
/// levels 4 to 9: its match finder takes 3-byte matches from a table one entry deep, and its
/// shortest inputs are stored. zlib, the cheapest compressor that keeps gzip's ratio there, then
/// costs more per call than libdeflate, but less than libdeflate's near-optimal levels; above
/// 2 KiB libdeflate is as small and faster. At levels 1 to 3 (greedy in both libraries)
/// libdeflate is the smaller from 128 bytes on. Levels 10 to 12 have no zlib counterpart and stay
/// libdeflate's throughout. (Figures in docs/PERFORMANCE.md, "Tiny files".) The choice
/// depends on the input's length and the level alone, so an input compresses to the same bytes
/// in every mode and with any number of jobs.
///
/// `@unchecked Sendable`: both compressors are used by one thread at a time, because workers only
/// reach this through `CodecPool.withInstance`; `small` is set once, on that thread.
final class SizeFittedCompressor: WholeBufferCompressor, @unchecked Sendable {
    let level: Int
    private let large: LibdeflateCompressor
    /// Made on the first small input: a run of large files never pays for it.
    private var small: ZlibDeflater?

    init(level: Int) throws {
        self.level = level
        large = try LibdeflateCompressor(level: level)
    }

    /// The longest input zlib compresses at `level`; 0 where libdeflate takes every input.
    static func smallInputLimit(level: Int) -> Int {
        switch level {
        case 1...3: 128
        case 4...9: 2048
        default: 0
        }
    }

    /// Whether zlib compresses an input of `count` bytes at `level`.
    static func isSmall(_ count: Int, level: Int) -> Bool {
        let limit = smallInputLimit(level: level)
        return limit > 0 && count <= limit
    }

    func bound(_ count: Int) -> Int {
        guard Self.isSmall(count, level: level), let small = try? smallDeflater() else { return large.bound(count) }
        return max(large.bound(count), small.bound(count))
    }

    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
        guard Self.isSmall(input.count, level: level) else { return try large.compress(input, into: output) }
        return try smallDeflater().compressWhole(input, into: output)
    }

    /// zlib with a window sized to the longest small input: the bytes of zlib's defaults.
    private func smallDeflater() throws -> ZlibDeflater {
        if let small { return small }
        let made = try ZlibDeflater(level: level, windowBits: ZlibDeflater.windowBits(holding: Self.smallInputLimit(level: level)))
        small = made
        return made
    }
}
