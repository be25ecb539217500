import Foundation
import Glibc
import SqueezeKit
import SqueezeTestSupport
import Testing

/// The first SIGINT or SIGTERM ends a decode, whichever loop it is in (chunks searched for blocks
/// and decoded speculatively, the stream, indexed members decoded side by side), with exit 130
/// and nothing left on disk. Each run is signalled once it has used some CPU (it is decoding, not
/// starting) while it has input still to read, and must end within a deadline that only a loop deaf to the signal misses: a run
/// that heeds it ends in milliseconds, and one that did not took seconds to minutes.
@Suite(.serialized) struct DecodeInterruptTests {
    /// A member of Huffman-only zero-heavy data, 480 MiB of it in about 84 MB: single, with
    /// neither flush points nor members to find, so that it is split into chunks searched for
    /// blocks, which decode for a while.
    static func blockSearched() -> [UInt8] { CostlyGzipInputs.huffmanOnlyZeroHeavy(mebibytes: 480) }

    /// A bomb: 16 GiB of zeros in one member of 16 MB, as `pigz -1` writes them, each MiB's block
    /// reaching back into the one before and ended by a sync flush (so that it is searched for
    /// blocks, not split at its flush points). Every chunk decodes to more than a stretch holds:
    /// the stream decodes it, for seconds. (It once made the stretch loop retry every block of a
    /// chunk, a quarter of a GB decoded each time, deaf to signals.)
    static func bomb() -> [UInt8] {
        DecodeFuzzInput.repeatedMember(of: [UInt8](repeating: 0, count: 1 << 20), level: 1) { _ in 16_384 }
    }

    /// squeeze's own indexed members, concatenated: each run of them decoded on a worker.
    static func indexedMembers(in scratch: TemporaryDirectory) throws -> [UInt8] {
        try TreeBuilder.write([UInt8](repeating: 0, count: 4 << 20), to: scratch("zeros"))
        let compressed = try Squeeze.run(["compress", scratch("zeros"), "--block-size", "1MiB", "-q"])
        try #require(compressed.status == 0, "\(compressed.standardError)")
        let file = try TreeBuilder.read(scratch("zeros.gz"))
        try FileManager.default.removeItem(atPath: scratch("zeros.gz"))
        return Array([[UInt8]](repeating: file, count: 6_000).joined())
    }

    enum Input: CaseIterable {
        case blockSearched, bomb, indexedMembers
    }

    @Test(arguments: [
        (Input.blockSearched, SIGINT, ["decompress"]), (.blockSearched, SIGTERM, ["test"]),
        (.bomb, SIGTERM, ["decompress"]), (.bomb, SIGINT, ["decompress", "-c"]), (.bomb, SIGINT, ["test"]),
        (.indexedMembers, SIGINT, ["test"]), (.indexedMembers, SIGTERM, ["decompress", "-c"]),
    ])
    func theFirstSignalEndsADecode(input: Input, signal: Int32, command: [String]) throws {
        let scratch = try TemporaryDirectory()
        let bytes: [UInt8]
        switch input {
        case .blockSearched: bytes = Self.blockSearched()
        case .bomb: bytes = Self.bomb()
        case .indexedMembers: bytes = try Self.indexedMembers(in: scratch)
        }
        try TreeBuilder.write(bytes, to: scratch("in/data.gz"))
        let process = try CommandRunner.start(Squeeze.binary, command + [scratch("in/data.gz")], scratch: scratch)
        // Decoding: it has used CPU beyond what a start takes, and not yet read all its input.
        let ended = try KernelState.interruptMidDecode(process, with: signal, inputBytes: bytes.count)
        #expect(ended != nil, "still running 5 s after the signal")
        print("\(input) \(command.joined(separator: " ")): ended \(ended ?? 5) s after the signal")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(result.standardError.contains("interrupted"))
        #expect(TreeBuilder.files(under: scratch("in")) == ["data.gz"], "left behind")
    }
}
