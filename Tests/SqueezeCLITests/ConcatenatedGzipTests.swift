import Foundation
import SqueezeTestSupport
import Testing

/// Multi-member gzip without length fields, written by the real tools: members found by
/// searching ahead (`cat a.gz b.gz`), and the single members `pigz -i` and `igzip -T 2` write.
@Suite struct ConcatenatedGzipTests {
    static let tools: [(tool: String, flags: [String])] = [
        ("gzip", ["-6"]), ("pigz", ["-p", "2"]), ("pigz", ["-p", "2", "-i"]), ("igzip", ["-T", "2"]),
        ("libdeflate-gzip", ["-6"]), ("bgzip", ["-@", "2"]),
    ]

    /// Pieces compressed by each tool, concatenated into one file large enough to be decoded
    /// speculatively: squeeze gives back every byte, from `decompress`, `-c` and `test`.
    @Test func decodesConcatenationsOfEveryTool() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 81)
        var concatenated: [UInt8] = [], original: [UInt8] = []
        for (index, (tool, flags)) in Self.tools.enumerated() {
            try #require(CommandRunner.isInstalled(tool), "\(tool) is not installed (scripts/bootstrap installs it)")
            let piece = index % 2 == 0 ? data.randomBytes(1_300_000) : data.text(2_000_000)
            try TreeBuilder.write(piece, to: scratch("piece-\(index)"))
            let compressed = try CommandRunner.run(tool, flags + [scratch("piece-\(index)")])
            #expect(compressed.status == 0, "\(tool) \(flags): \(compressed.standardError)")
            concatenated += try TreeBuilder.read(scratch("piece-\(index).gz"))
            original += piece
        }
        #expect(concatenated.count > 4 << 20)
        try TreeBuilder.write(concatenated, to: scratch("in/all.gz"))

        let streamed = try Squeeze.run(["decompress", "-c", "-j", "2", scratch("in/all.gz")])
        #expect(streamed.status == 0, "\(streamed.standardError)")
        #expect(ByteDifference.between(Array(streamed.standardOutput), original) == nil)
        let tested = try Squeeze.run(["test", "-j", "2", scratch("in/all.gz")])
        #expect(tested.status == 0, "\(tested.standardError)")
        let decompressed = try Squeeze.run(["decompress", "-j", "2", "-q", scratch("in/all.gz"), "-o", scratch("out")])
        #expect(decompressed.status == 0, "\(decompressed.standardError)")
        #expect(ByteDifference.between(try TreeBuilder.read(scratch("out/all")), original) == nil)
    }

    /// `pigz -i` and `igzip -T 2` write one member: pigz's blocks are independent inside it, after
    /// flush points (split on them, over 4 MiB); igzip's has nothing to split on (streamed).
    /// Every byte back either way.
    @Test(arguments: [("pigz", ["-p", "2", "-i"]), ("igzip", ["-T", "2"])])
    func decodesTheSingleMembersOfThreadedTools(tool: String, flags: [String]) throws {
        try #require(CommandRunner.isInstalled(tool), "\(tool) is not installed (scripts/bootstrap installs it)")
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 82)
        let original = data.text(3_000_000) + data.randomBytes(4_500_000)
        try TreeBuilder.write(original, to: scratch("data"))
        let compressed = try CommandRunner.run(tool, flags + [scratch("data")])
        #expect(compressed.status == 0, "\(tool) \(flags): \(compressed.standardError)")
        let decoded = try Squeeze.run(["decompress", "-c", "-j", "2", scratch("data.gz")])
        #expect(decoded.status == 0, "\(decoded.standardError)")
        #expect(ByteDifference.between(Array(decoded.standardOutput), original) == nil)
    }
}
