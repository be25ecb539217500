import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// A single member split into chunks decoded in parallel is written as its chunks come in order,
/// and where a chunk does not fit (a bomb's first chunk decodes to more than a stretch holds), the
/// stream that takes over writes at once: the chunks after it stop. With its standard output a
/// pipe nobody reads, `decompress -c` blocks writing to it having read only part of its input
/// (the chunks in flight are bounded by the workers). Before, the bomb's chunks each tried every
/// block start for minutes before the stream began, and nothing was written.
@Suite(.serialized) struct DecodeEarlyOutputTests {
    enum Input: CaseIterable {
        /// About 56 MB in fourteen chunks searched for blocks, each of which decodes.
        case huffmanOnlyZeroHeavy
        /// 10 GiB of zeros in 48 MB: no chunk fits.
        case bomb
    }

    @Test(arguments: Input.allCases)
    func outputFlowsBeforeEveryChunkIsDecoded(_ input: Input) throws {
        let scratch = try TemporaryDirectory()
        let bytes = switch input {
        case .huffmanOnlyZeroHeavy: CostlyGzipInputs.huffmanOnlyZeroHeavy(mebibytes: 320)
        case .bomb: CostlyGzipInputs.zerosAsPigzWrites(blocks: 81_920)
        }
        try TreeBuilder.write(bytes, to: scratch("in/data.gz"))
        let output = HeldPipe()
        let run = try WatchedProcess(Squeeze.binary, ["decompress", "-c", scratch("in/data.gz")], standardOutput: output.writeEnd)
        let blocked = run.waitUntilBlocked(in: "pipe_write")
        let read = KernelState.bytesRead(by: run.pid)
        let status = run.signal(SIGTERM)
        print("\(input): \(read.map(String.init) ?? "?") of \(bytes.count) bytes read when the output blocked")
        #expect(blocked, "squeeze never blocked on its standard output: \(run.standardError)")
        #expect((read ?? .max) < Int64(bytes.count / 2), "read before the output blocked")
        #expect(status == 130, "\(run.standardError)")
        #expect(TreeBuilder.files(under: scratch("in")) == ["data.gz"])
    }
}
