import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct DecompressionRunTests {
    /// Progress adds up to exactly what was planned, whichever path each file took: in parallel,
    /// in parallel then streamed from a member whose index lied, streamed, or failed.
    @Test(arguments: SchedulingMode.allCases)
    func progressAddsUpToThePlan(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 71)
        let original = data.randomBytes(1_200_000)
        let indexed = GzipBytes.indexed(original, blockSize: 64 << 10)
        try TreeBuilder.write(indexed, to: scratch("in/parallel.gz"))
        var lying = indexed
        let index = try #require(try MemberIndexWalker(file: GzipBytes.file(indexed, in: scratch), fileSize: Int64(indexed.count)).walk())
        // A member whose index claims one byte more than it holds (its data is fine): a worker
        // finds out only after decoding it, while others decode the members after it.
        MemberIndexWalkerTests.rewriteIndex(
            &lying, memberAt: Int(index.members[3].offset), uncompressedLength: UInt32(index.members[3].uncompressedLength + 1))
        try TreeBuilder.write(lying, to: scratch("in/lying.gz"))
        try TreeBuilder.write(GzipBytes.member(original), to: scratch("in/stream.gz"))
        try TreeBuilder.write(Array(GzipBytes.member(original).dropLast(100)), to: scratch("in/truncated.gz"))

        let collector = ResultCollector()
        let request = DecompressionRequest(
            roots: [PathName(scratch("in"))], scheduling: SchedulingOptions(mode: mode, jobs: 4),
            output: OutputOptions(directory: PathName(scratch("out"))))
        let report = DecompressionRun(request: request, environment: RunEnvironment(collector: collector)).run()
        let totals = collector.totals()
        #expect(totals.filesPlanned == 4)
        #expect(totals.bytesProcessed == totals.bytesPlanned)
        #expect(report.filesDone == 3)
        #expect(report.filesFailed == 1)
        #expect(report.failures.first?.message == "unexpected end of file")
        for name in ["parallel", "lying", "stream"] {
            #expect(ByteDifference.between(try TreeBuilder.read(scratch("out/\(name)")), original) == nil, "\(name)")
        }
        #expect(TreeBuilder.files(under: scratch("out")).sorted() == ["lying", "parallel", "stream"])
    }
}
