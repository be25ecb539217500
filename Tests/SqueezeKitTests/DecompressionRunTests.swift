import SqueezeTestSupport
import Testing
@testable import SqueezeKit
import SqueezeOperationQueue

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
        let members = try MemberIndexWalkerTests.members(indexed)
        // A member whose index claims one byte more than it holds (its data is fine): a worker
        // finds out only after decoding it, while others decode the members after it; the stream
        // that takes over finds it out too, and the file fails.
        MemberIndexWalkerTests.rewriteIndex(
            &lying, memberAt: Int(members[3].offset), uncompressedLength: UInt32(members[3].uncompressedLength + 1))
        try TreeBuilder.write(lying, to: scratch("in/lying.gz"))
        try TreeBuilder.write(GzipBytes.member(original), to: scratch("in/stream.gz"))
        try TreeBuilder.write(Array(GzipBytes.member(original).dropLast(100)), to: scratch("in/truncated.gz"))

        let collector = ResultCollector()
        let request = DecompressionRequest(
            roots: [PathName(scratch("in"))], scheduling: SchedulingOptions(mode: mode, jobs: 4, operationScheduler: .operationQueue),
            output: OutputOptions(directory: PathName(scratch("out"))))
        let report = DecompressionRun(request: request, environment: RunEnvironment(collector: collector)).run()
        let totals = collector.totals()
        #expect(totals.filesPlanned == 4)
        #expect(totals.bytesProcessed == totals.bytesPlanned)
        #expect(report.filesDone == 2)
        #expect(report.filesFailed == 2)
        let messages = Dictionary(uniqueKeysWithValues: report.failures.map { (String($0.path.split(separator: "/").last ?? ""), $0.message) })
        #expect(messages["truncated.gz"] == "unexpected end of file")
        #expect(messages["lying.gz"] == "inconsistent member index: member at offset \(members[3].offset) decodes to 65536 bytes, not the 65537 its index claims")
        for name in ["parallel", "stream"] {
            #expect(ByteDifference.between(try TreeBuilder.read(scratch("out/\(name)")), original) == nil, "\(name)")
        }
        #expect(TreeBuilder.files(under: scratch("out")).sorted() == ["parallel", "stream"])
    }
}
