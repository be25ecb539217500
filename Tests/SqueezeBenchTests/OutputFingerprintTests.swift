import Foundation
@testable import SqueezeBench
import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct OutputFingerprintTests {
    typealias Digest = OutputFingerprint.Digest

    @Test func identicalFingerprintsHaveNoDifferences() {
        let fingerprint = OutputFingerprint(digests: ["a": Digest(size: 1, crc32: 2), "b": Digest(size: 3, crc32: 4)])
        #expect(fingerprint.differences(from: fingerprint).isEmpty)
    }

    @Test func everyKindOfDifferenceIsNamed() {
        let first = OutputFingerprint(digests: ["a": Digest(size: 1, crc32: 0xAB), "b": Digest(size: 3, crc32: 4)])
        let second = OutputFingerprint(digests: ["a": Digest(size: 1, crc32: 0xCD), "c": Digest(size: 3, crc32: 4)])
        #expect(first.differences(from: second) == [
            "'a': 1 bytes, CRC 000000ab vs 1 bytes, CRC 000000cd",
            "'b': no output",
            "'c': an extra output",
        ])
    }

    @Test func manyDifferencesAreCut() {
        let first = OutputFingerprint(digests: Dictionary(uniqueKeysWithValues: (0..<20).map { (PathName("f\($0)"), Digest(size: 1, crc32: 1)) }))
        let second = OutputFingerprint(digests: [:])
        let differences = first.differences(from: second, limit: 3)
        #expect(differences.count == 4)
        #expect(differences.last == "and 17 more")
    }

    @Test func aFileIsDigestedInChunks() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 5)
        // More than the 1 MiB chunk, and not a multiple of it.
        let bytes = data.randomBytes((1 << 20) * 2 + 12_345)
        try TreeBuilder.write(bytes, to: scratch("file"))
        let digest = try OutputFingerprint.digest(ofFile: PathName(scratch("file")))
        #expect(digest == Digest(size: Int64(bytes.count), crc32: CRC32.checksum(bytes)))
        try TreeBuilder.write([], to: scratch("empty"))
        #expect(try OutputFingerprint.digest(ofFile: PathName(scratch("empty"))) == Digest(size: 0, crc32: 0))
    }
}
