import SqueezeKit

/// Single-member gzip files of the kinds that once made squeeze's parallel decoder work for
/// minutes where gzip takes seconds (issue 25), made in memory in a moment: zeros as `pigz -1`
/// writes them (bombs), and zero-heavy data compressed Huffman-only (as Python's zlib does with
/// `Z_HUFFMAN_ONLY`), which holds no member start and no flush point, so that its chunks are
/// searched for blocks.
public enum CostlyGzipInputs {
    /// `count` times 128 KiB of zeros in one member, as `pigz -p 2 -1` writes them: each 128 KiB
    /// block compressed at level 1 with the one before as its dictionary and ended by a sync
    /// flush (4 GiB in about 19 MB).
    public static func zerosAsPigzWrites(blocks count: Int) -> [UInt8] {
        DecodeFuzzInput.repeatedMember(of: [UInt8](repeating: 0, count: 128 << 10), level: 1) { _ in count }
    }

    /// The decoded length of `zerosAsPigzWrites(blocks:)`.
    public static func zerosLength(blocks count: Int) -> Int64 { Int64(count) << 17 }

    /// `mebibytes` MiB of zero-heavy data (one MiB, a twentieth of its bytes random, repeated) in
    /// one member compressed Huffman-only at level 6: about 175 KB a MiB.
    public static func huffmanOnlyZeroHeavy(mebibytes: Int, seed: UInt64 = 400) -> [UInt8] {
        var data = TestData(seed: seed)
        var content = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<(content.count / 20) { content[data.int(in: 0...content.count - 1)] = UInt8(truncatingIfNeeded: data.next()) }
        let deflater = RawDeflater(level: 6, strategy: .huffmanOnly)
        for _ in 0..<mebibytes { deflater.write(content[...]) }
        let stream = deflater.finish()
        let checksum = content.withUnsafeBytes { CRC32.update(0, $0) }
        var total: UInt32 = 0
        for _ in 0..<mebibytes { total = CRC32.combine(total, checksum, secondLength: Int64(content.count)) }
        return GzipHeader().encoded() + stream + DecodeFuzzInput.trailer(checksum: total, length: mebibytes << 20)
    }
}
