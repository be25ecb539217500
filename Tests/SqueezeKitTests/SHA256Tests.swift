import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// FIPS 180-4's examples, and `sha256sum` on seeded data fed in pieces of every awkward size.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func standardExamples(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func aMillionAs() {
        var hash = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hash.update(chunk) }
        #expect(hash.finalHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func piecesOfAnySizeGiveSha256sumsDigest() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 99)
        let bytes = data.randomBytes(300_000)
        try TreeBuilder.write(bytes, to: scratch("data"))
        let expected = String(try CommandRunner.run("sha256sum", [scratch("data")]).output.prefix(64))
        for pieceSize in [1, 55, 63, 64, 65, 4096, 100_000] {
            var hash = SHA256()
            var offset = 0
            while offset < bytes.count {
                hash.update(Array(bytes[offset..<min(bytes.count, offset + pieceSize)]))
                offset += pieceSize
            }
            #expect(hash.finalHex() == expected, "pieces of \(pieceSize)")
        }
    }
}
