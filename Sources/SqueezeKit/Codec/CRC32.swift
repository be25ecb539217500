import CDeflate
import CZlib

/// CRC-32 as gzip uses it: libdeflate's carry-less-multiply version to compute, zlib to combine.
public enum CRC32 {
    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return libdeflate_crc32(crc, base, bytes.count)
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// The CRC of A followed by B, from the CRCs of A and B and the length of B.
    public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: crc32_combine(uLong(first), uLong(second), Int(secondLength)))
    }
}
