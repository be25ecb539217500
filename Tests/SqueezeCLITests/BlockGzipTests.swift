import Foundation
import SqueezeTestSupport
import Testing

/// BGZF files (`bgzip`, htslib), whose members carry their length in a "BC" subfield: decoded
/// member by member in parallel, and never into wrong bytes however damaged.
@Suite struct BlockGzipTests {
    /// An input of text and incompressible bytes, large enough to be decoded in parallel
    /// (`DecodingPlan.parallelThreshold`), compressed by the real `bgzip` with `flags`.
    static func bgzipped(_ flags: [String], seed: UInt64, in scratch: TemporaryDirectory) throws -> (original: [UInt8], path: String) {
        try #require(CommandRunner.isInstalled("bgzip"), "bgzip is not installed (scripts/bootstrap installs tabix)")
        var data = TestData(seed: seed)
        let original = data.text(1_200_000) + data.randomBytes(400_000) + data.text(70_000)
        let name = "data-\(seed)"
        try TreeBuilder.write(original, to: scratch(name))
        let compressed = try CommandRunner.run("bgzip", flags + [scratch(name)])
        #expect(compressed.status == 0, "bgzip \(flags): \(compressed.standardError)")
        return (original, scratch("\(name).gz"))
    }

    @Test(arguments: [["-l", "6"], ["-@", "2"], ["-l", "0"]])
    func decodesWhatBgzipWrites(flags: [String]) throws {
        let scratch = try TemporaryDirectory()
        let (original, path) = try Self.bgzipped(flags, seed: 41, in: scratch)
        let bytes = try TreeBuilder.read(path)
        // BGZF ends with its 28-byte empty member.
        #expect(bytes.suffix(28).starts(with: [0x1F, 0x8B, 0x08, 0x04]))

        let streamed = try Squeeze.run(["decompress", "-c", "-j", "2", path])
        #expect(streamed.status == 0, "\(streamed.standardError)")
        #expect(ByteDifference.between(Array(streamed.standardOutput), original) == nil)
        let tested = try Squeeze.run(["test", "-j", "2", path])
        #expect(tested.status == 0, "\(tested.standardError)")
        let decompressed = try Squeeze.run(["decompress", "-j", "2", "-q", path, "-o", scratch("out")])
        #expect(decompressed.status == 0, "\(decompressed.standardError)")
        #expect(ByteDifference.between(try TreeBuilder.read(scratch("out/data-41")), original) == nil)
    }

    /// Seeded bit flips (in headers, BC fields, data, trailers) and truncations: squeeze either
    /// gives back exactly the original with exit 0, or fails naming the file and leaves no output.
    @Test func damagedFilesNeverGiveWrongBytes() throws {
        let scratch = try TemporaryDirectory()
        let (original, path) = try Self.bgzipped(["-@", "2"], seed: 42, in: scratch)
        let intact = try TreeBuilder.read(path)
        var data = TestData(seed: 43)
        for round in 0..<24 {
            var damaged = intact
            let kind: String
            switch round % 3 {
            case 0:
                kind = "truncated"
                damaged = Array(damaged.prefix(data.int(in: 1...(intact.count - 1))))
            case 1:
                // Within the first members' headers, where BSIZE sits.
                let position = data.int(in: 0...200)
                kind = "bit flip at \(position)"
                damaged[position] ^= UInt8(1) << data.int(in: 0...7)
            default:
                let position = data.int(in: 0...(intact.count - 1))
                kind = "bit flip at \(position)"
                damaged[position] ^= UInt8(1) << data.int(in: 0...7)
            }
            let name = "damaged-\(round).gz"
            try TreeBuilder.write(damaged, to: scratch("in/\(name)"))
            let result = try Squeeze.run(["decompress", "-j", "2", "-q", scratch("in/\(name)"), "-o", scratch("out")])
            let output = scratch("out/damaged-\(round)")
            if result.status == 0 {
                #expect(ByteDifference.between(try TreeBuilder.read(output), original) == nil, "round \(round), \(kind)")
            } else {
                #expect(result.standardError.contains(name), "round \(round), \(kind): \(result.standardError)")
                #expect(!FileManager.default.fileExists(atPath: output), "round \(round), \(kind)")
            }
            let piped = try Squeeze.run(["decompress", "-c", "-j", "2", scratch("in/\(name)")])
            if piped.status == 0 {
                #expect(ByteDifference.between(Array(piped.standardOutput), original) == nil, "round \(round), \(kind), -c")
            }
        }
    }
}
