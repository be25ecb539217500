import SqueezeTestSupport
import Testing
@testable import SqueezeKit
import SqueezeOperationQueue

@Suite struct GzipFileReaderTests {
    /// Decodes the file at `path` with a reader; returns the bytes in the order they arrived.
    static func read(_ path: String, jobs: Int = 3, mode: SchedulingMode = .apply, threshold: Int64 = 0) throws -> ([UInt8], GzipDecodeSummary) {
        var reader = GzipFileReader(scheduling: SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue))
        reader.parallelThreshold = threshold
        let collected = Locked<[UInt8]>([])
        let summary = try reader.decode(PathName(path)) { bytes in collected.withLock { $0 += bytes } }
        return (collected.withLock { $0 }, summary)
    }

    @Test(arguments: SchedulingMode.allCases)
    func decodesIndexedMembersInParallelAndInOrder(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 5)
        let original = data.text(2_000_000) + data.randomBytes(300_000)
        try TreeBuilder.write(GzipBytes.indexed(original, blockSize: 32 << 10), to: scratch("a.gz"))
        let (output, summary) = try Self.read(scratch("a.gz"), mode: mode)
        #expect(ByteDifference.between(output, original) == nil)
        #expect(summary.decodedInParallel)
        #expect(summary.members == 71)
        #expect(summary.uncompressedBytes == Int64(original.count))
    }

    /// The property the two paths share: any data, any block size, any number of jobs, the
    /// parallel path and the streaming path give the same bytes and the same summary.
    @Test func parallelAndStreamingPathsAgree() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 99)
        for round in 0..<12 {
            let size = data.int(in: 0...1_500_000)
            let blockSize = [16 << 10, 20_000, 64 << 10, 100_000, 256 << 10][data.int(in: 0...4)]
            let original = round % 3 == 0 ? data.randomBytes(size) : data.text(size)
            let path = scratch("round-\(round).gz")
            try TreeBuilder.write(GzipBytes.indexed(original, blockSize: blockSize), to: path)
            let (parallel, parallelSummary) = try Self.read(path, jobs: data.int(in: 1...4))
            let (streamed, streamedSummary) = try Self.read(path, threshold: .max)
            #expect(ByteDifference.between(parallel, original) == nil, "round \(round): \(size) bytes in blocks of \(blockSize)")
            #expect(ByteDifference.between(streamed, original) == nil, "round \(round)")
            #expect(parallelSummary.decodedInParallel == BlockLayout(fileSize: Int64(size), blockSize: blockSize).isSplit)
            #expect(!streamedSummary.decodedInParallel)
            var comparable = parallelSummary
            comparable.decodedInParallel = false
            #expect(comparable == streamedSummary, "round \(round)")
        }
    }

    @Test func decodesOtherGzipAsAStream() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 6)
        let parts = [data.text(700_000), data.text(10)]
        try TreeBuilder.write(parts.flatMap { GzipBytes.member($0) }, to: scratch("b.gz"))
        let (output, summary) = try Self.read(scratch("b.gz"))
        #expect(ByteDifference.between(output, parts.flatMap { $0 }) == nil)
        #expect(summary.members == 2)
        #expect(!summary.decodedInParallel)
    }

    /// An index that lies about a member whose data is fine: the parallel path gives up on that
    /// member and the stream takes over from it, which finds the lie too: the decode fails, after
    /// handing over the bytes before it.
    @Test func failsWhenTheIndexLies() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 8)
        let original = data.text(600_000)
        var bytes = GzipBytes.indexed(original, blockSize: 64 << 10)
        let victim = try MemberIndexWalkerTests.members(bytes)[4]
        MemberIndexWalkerTests.rewriteIndex(&bytes, memberAt: Int(victim.offset), uncompressedLength: UInt32(victim.uncompressedLength - 1))
        try TreeBuilder.write(bytes, to: scratch("lying.gz"))
        #expect(throws: GzipFormatError.inconsistentIndex(
            "member at offset \(victim.offset) decodes to more than the 65535 bytes its index claims")) {
            try Self.read(scratch("lying.gz"))
        }
    }

    /// A damaged member: the members before it arrive, verified; then the stream reports the error.
    @Test func reportsADamagedMemberAfterTheOnesBeforeIt() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 9)
        let original = data.text(600_000)
        var bytes = GzipBytes.indexed(original, blockSize: 64 << 10)
        let victim = try MemberIndexWalkerTests.members(bytes)[5]
        bytes[Int(victim.end) - 8] ^= 0xFF
        try TreeBuilder.write(bytes, to: scratch("damaged.gz"))
        let collected = Locked<[UInt8]>([])
        var reader = GzipFileReader(scheduling: SchedulingOptions(jobs: 4))
        reader.parallelThreshold = 0
        #expect(throws: GzipFormatError.self) {
            try reader.decode(PathName(scratch("damaged.gz"))) { bytes in collected.withLock { $0 += bytes } }
        }
        let received = collected.withLock { $0 }
        #expect(received.count >= 5 * (64 << 10))
        #expect(received.elementsEqual(original.prefix(received.count)))
    }

    @Test func stopsWhenTheConsumerThrows() throws {
        struct Full: Error {}
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(GzipBytes.indexed(TestData(seed: 4).randomBytesOnce(1_000_000), blockSize: 16 << 10), to: scratch("c.gz"))
        let calls = Locked(0)
        let reader = GzipFileReader(scheduling: SchedulingOptions(jobs: 2))
        #expect(throws: Full.self) {
            try reader.decode(PathName(scratch("c.gz"))) { _ in
                calls.withLock { $0 += 1 }
                throw Full()
            }
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func failsOnAFileThatIsNotThere() throws {
        let scratch = try TemporaryDirectory()
        #expect(throws: SystemError.self) { try GzipFileReader().decode(PathName(scratch("missing.gz"))) { _ in } }
    }
}
