import Foundation
import Glibc
import SqueezeKit
import SqueezeTestSupport
import Testing

/// The inputs of issue 25 that once made the parallel decoder of a single member work for
/// minutes to hours of CPU where `gzip -dc` takes seconds, each 16 MiB or more (so that it is
/// split into chunks): decoded by `squeeze decompress -c` from the file, under a CPU limit
/// (`RLIMIT_CPU`, which the kernel enforces) far above what the stream spends on them and far
/// below what they cost before, they give gzip's bytes and exit status. Not a timing: a run that
/// spends the limit is stopped, and fails however fast the machine is.
@Suite(.serialized) struct DecodeCostTests {
    /// Seconds of CPU a run may use: over four times what a debug build spends on the largest of
    /// these (10 GiB of zeros), and below what main's debug build spent on the least of them
    /// before the budget (24 s, the Huffman-only file; the others ran for minutes).
    static let cpuLimit = 20

    enum Example: String, CaseIterable {
        /// 4 GiB of zeros, as `pigz -1` writes them, and one zero byte after.
        case zerosWithTrailingZero
        /// The same member cut after 17 MiB.
        case zerosTruncated
        /// 10 GiB of zeros in 48 MB.
        case bomb
        /// Zero-heavy data compressed Huffman-only (as Python's zlib does), 25 MB (its last chunk
        /// almost whole), and one zero byte after.
        case huffmanOnlyWithTrailingZero
    }

    /// The file, and the length of the zeros it decodes to (nil where gzip says what it gives).
    static func input(_ example: Example) -> (bytes: [UInt8], zeros: Int64?) {
        let zeros4G = 32_768
        switch example {
        case .zerosWithTrailingZero:
            return (CostlyGzipInputs.zerosAsPigzWrites(blocks: zeros4G) + [0], CostlyGzipInputs.zerosLength(blocks: zeros4G))
        case .zerosTruncated:
            return (Array(CostlyGzipInputs.zerosAsPigzWrites(blocks: zeros4G).prefix(17 << 20)), nil)
        case .bomb:
            return (CostlyGzipInputs.zerosAsPigzWrites(blocks: 81_920), CostlyGzipInputs.zerosLength(blocks: 81_920))
        case .huffmanOnlyWithTrailingZero:
            return (CostlyGzipInputs.huffmanOnlyZeroHeavy(mebibytes: 135) + [0], nil)
        }
    }

    /// The CRC-32 of `length` zeros.
    static func zerosChecksum(_ length: Int64) -> UInt32 {
        let mebibyte = [UInt8](repeating: 0, count: 1 << 20).withUnsafeBytes { CRC32.update(0, $0) }
        var checksum: UInt32 = 0
        for _ in 0..<(length >> 20) { checksum = CRC32.combine(checksum, mebibyte, secondLength: 1 << 20) }
        return checksum
    }

    @Test(arguments: Example.allCases)
    func decodesAsGzipWithinACPULimit(_ example: Example) throws {
        try #require(CommandRunner.isInstalled("gzip") && CommandRunner.isInstalled("prlimit"), "scripts/bootstrap installs gzip")
        let scratch = try TemporaryDirectory()
        let (bytes, zeros) = Self.input(example)
        #expect(bytes.count >= 16 << 20)
        try TreeBuilder.write(bytes, to: scratch("in.gz"))
        // gzip's bytes, where they are not simply zeros (and gzip takes a second).
        let gzip = try zeros == nil ? MeasuredCommand.run("gzip", ["-dc", scratch("in.gz")]) : nil
        let run = try MeasuredCommand.run(
            Squeeze.binary, ["decompress", "-c", scratch("in.gz")], checksummingPrefixes: Set(gzip.map { [$0.outputLength] } ?? []),
            deadline: 600, cpuLimit: Self.cpuLimit)
        print("\(example): \(bytes.count) bytes, \(run.cpuSeconds) s of CPU, exit \(run.status), \(run.outputLength) bytes out")
        #expect(run.status != 128 + SIGXCPU && run.status != 128 + SIGKILL, "stopped after \(run.cpuSeconds) s of CPU")
        if let zeros {
            // Intact and padded with a zero, or a bomb: gzip gives every byte and exit 0, and says nothing.
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.outputLength == zeros && run.outputChecksum == Self.zerosChecksum(zeros))
            #expect(run.standardError.isEmpty, "\(run.standardError)")
        }
        if var reference = gzip {
            if reference.status != 0 {
                #expect(run.standardError.contains(scratch("in.gz")), "\(run.standardError)")
                if run.outputLength < reference.outputLength {
                    reference = try MeasuredCommand.run("gzip", ["-dc", scratch("in.gz")], checksummingPrefixes: [run.outputLength])
                }
            }
            for difference in DecodeFuzzTests.differences(run, from: reference, named: "squeeze") { Issue.record("\(difference)") }
        }
    }
}
