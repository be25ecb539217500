import Foundation
import SqueezeTestSupport
import Testing

/// Other tools' gzip files, cut short and with bits flipped (seeded): squeeze's streaming decoder
/// (ISA-L, with zlib for damaged members) must never hand over wrong bytes under the final name.
/// A damaged file either fails, leaving no output, or decodes to the original; a cut exactly at a
/// member boundary is a valid shorter file, so a truncation may also give a prefix ending there.
@Suite struct ForeignDamageTests {
    /// Tools that write to stdout (`tool [flags] -c FILE`), with their flags.
    static let writers: [(tool: String, flags: [String])] = [
        ("gzip", ["-6"]), ("pigz", ["-p", "2", "-b", "32"]), ("pigz", ["-p", "2", "-i", "-b", "32"]),
        ("igzip", ["-1"]), ("igzip", ["-2", "-T", "2"]), ("libdeflate-gzip", ["-6"]), ("bgzip", ["-@", "2"]),
    ]

    @Test func damagedFilesNeverDecodeToWrongBytes() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 61)
        let original = data.text(150_000) + data.randomBytes(20_000) + data.text(100_000)
        try TreeBuilder.write(original, to: scratch("original"))
        var truncated: Set<String> = []
        for (index, (tool, flags)) in Self.writers.enumerated() {
            try #require(CommandRunner.isInstalled(tool), "\(tool) is not installed (scripts/bootstrap installs it)")
            let written = try CommandRunner.run(tool, flags + ["-c", scratch("original")])
            try #require(written.status == 0, "\(tool) \(flags): \(written.standardError)")
            let compressed = Array(written.standardOutput)
            try TreeBuilder.write(compressed, to: scratch("in/\(index)-intact.gz"))
            for cut in 0..<6 {
                let length = data.int(in: 0...compressed.count - 1)
                try TreeBuilder.write(Array(compressed[..<length]), to: scratch("in/\(index)-cut\(cut).gz"))
                truncated.insert("\(index)-cut\(cut)")
            }
            for flip in 0..<8 {
                var damaged = compressed
                damaged[data.int(in: 0...damaged.count - 1)] ^= UInt8(1) << UInt8(data.int(in: 0...7))
                try TreeBuilder.write(damaged, to: scratch("in/\(index)-flip\(flip).gz"))
            }
        }
        let result = try Squeeze.run(["decompress", scratch("in"), "-o", scratch("out"), "-j", "2", "-q"])
        #expect(result.status == 1, "\(result.standardError)")
        for name in TreeBuilder.files(under: scratch("in")).map({ String($0.dropLast(3)) }) {
            let path = scratch("out/\(name)")
            guard FileManager.default.fileExists(atPath: path) else {
                #expect(!name.hasSuffix("intact"), "\(name): \(result.standardError)")
                continue
            }
            let decoded = try TreeBuilder.read(path)
            if truncated.contains(name) {
                #expect(decoded.count <= original.count && Array(original.prefix(decoded.count)) == decoded, "\(name)")
            } else {
                #expect(ByteDifference.between(decoded, original) == nil, "\(name)")
            }
        }
    }
}
