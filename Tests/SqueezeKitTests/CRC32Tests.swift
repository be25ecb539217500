import CZlib
@testable import SqueezeKit
import Testing

@Suite struct CRC32Tests {
    @Test func matchesZlib() {
        var source = SplitMix64(seed: 11)
        for length in [0, 1, 7, 64, 1000, 65_537] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: source.next()) }
            let expected = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            #expect(CRC32.checksum(bytes) == expected)
        }
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func combinesAsIfConcatenated() {
        var source = SplitMix64(seed: 12)
        let first = (0..<5000).map { _ in UInt8(truncatingIfNeeded: source.next()) }
        let second = (0..<3333).map { _ in UInt8(truncatingIfNeeded: source.next()) }
        let combined = CRC32.combine(CRC32.checksum(first), CRC32.checksum(second), secondLength: Int64(second.count))
        #expect(combined == CRC32.checksum(first + second))
        #expect(CRC32.combine(CRC32.checksum(first), CRC32.checksum([]), secondLength: 0) == CRC32.checksum(first))
    }
}
