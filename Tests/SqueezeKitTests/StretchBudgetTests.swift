import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// What a chunk's speculation may spend (`StretchBudget`), and what it spends on the inputs that
/// once made it work without end: damage, trailing bytes and data with no block to find cost
/// about one attempt, or stop the chunk within its budget.
@Suite struct StretchBudgetTests {
    @Test func aChunkMaySpendThreeTimesWhatItsOwnDecodingJustifies() throws {
        var budget = StretchBudget(chunkLength: 100)
        // The floor: the chunk read and written, 200 units, three times.
        try budget.charge(600)
        #expect(throws: SpeculationStopped.overBudget) { try budget.charge(1) }
        budget = StretchBudget(chunkLength: 100)
        try budget.charge(10_000, isDecoding: true)
        try budget.charge(20_000)
        #expect(throws: SpeculationStopped.overBudget) { try budget.charge(1) }
        // A failed attempt's decoding justifies nothing once the next one begins.
        budget = StretchBudget(chunkLength: 100)
        try budget.charge(10_000, isDecoding: true)
        budget.beginAttempt()
        #expect(throws: SpeculationStopped.overBudget) { try budget.charge(1, isDecoding: true) }
        #expect(budget.spent == 10_001)
    }

    @Test func aChunkNoLongerWantedStopsAtItsNextCharge() throws {
        let wanted = Locked(true)
        var budget = StretchBudget(chunkLength: 1 << 20) { !wanted.withLock { $0 } }
        try budget.charge(1)
        wanted.withLock { $0 = false }
        #expect(throws: SpeculationStopped.stopped) { try budget.charge(1) }
    }

    /// A member of text (gzip -6), `trailing` bytes after it, and the content.
    static func member(seed: UInt64, trailing: [UInt8] = []) -> (bytes: [UInt8], content: [UInt8]) {
        var data = TestData(seed: seed)
        let content = data.text(3_000_000)
        return (GzipHeader().encoded() + GzipBytes.deflate(content) + GzipBytes.trailer(content) + trailing, content)
    }

    /// The last chunk of `bytes` (from `chunkStart`) decoded alone, and what it spent.
    static func lastChunk(of bytes: [UInt8], from chunkStart: Int64) throws -> (stretch: Result<DecodedStretch?, any Error>, spent: Int) {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        var budget = BlockStartDecodingTests.realBudget()
        let stretch = Result {
            try SpeculativeStretchDecoder().decode(
                chunkStart..<Int64(bytes.count), atFileStart: false, search: .blocks, of: file, fileSize: Int64(bytes.count),
                budget: &budget)
        }
        return (stretch, budget.spent)
    }

    /// Zeros after the last member are padding: the stretch that meets them ends at the member's
    /// end, delivered with the others, and the stream says what they were.
    @Test(arguments: [1, 100_000])
    func paddingEndsTheLastStretch(zeros: Int) throws {
        let (bytes, content) = Self.member(seed: 300, trailing: [UInt8](repeating: 0, count: zeros))
        let memberEnd = Int64(bytes.count - zeros)
        let (result, _) = try Self.lastChunk(of: bytes, from: memberEnd - 300_000)
        let stretch = try #require(try result.get())
        #expect(stretch.end == memberEnd && stretch.endBits == 0)
        #expect(stretch.leading?.trailer != nil && stretch.trailing == nil)
        let (output, summary) = try BlockStartDecodingTests.read(bytes)
        #expect(ByteDifference.between(output, content) == nil)
        #expect(summary.trailing == .zeroPadding(count: Int64(zeros)))
    }

    /// Garbage after the last member, or a member cut short: the last chunk's first attempt meets
    /// it, and no other start is decoded up to it again (each would meet it too). The chunk costs
    /// no more than decoding it whole costs on the intact file, and the search of the garbage.
    @Test func garbageAndTruncationCostOneAttempt() throws {
        let (intact, content) = Self.member(seed: 310)
        let chunkStart = Int64(intact.count - 400_000)
        let (whole, intactSpent) = try Self.lastChunk(of: intact, from: chunkStart)
        #expect(try whole.get() != nil)
        var data = TestData(seed: 311)
        let garbage = data.randomBytes(20_000)
        let (withGarbage, garbageSpent) = try Self.lastChunk(of: intact + garbage, from: chunkStart)
        #expect(try withGarbage.get() == nil)
        #expect(garbageSpent <= intactSpent + garbage.count * (StretchBudget.bitSearchWeight + StretchBudget.byteSearchWeight))
        let (cut, cutSpent) = try Self.lastChunk(of: Array(intact.dropLast(100_000)), from: chunkStart)
        #expect(try cut.get() == nil)
        #expect(cutSpent <= intactSpent)
        // The file as a whole gives the stream's bytes and verdict.
        for bytes in [intact + garbage, Array(intact.dropLast(100_000))] {
            let parallel = Result { try BlockStartDecodingTests.read(bytes) }
            let streamed = Result { try BlockStartDecodingTests.read(bytes, streamed: true) }
            switch (parallel, streamed) {
            case (.success(let (output, summary)), .success(let (streamedOutput, streamedSummary))):
                #expect(ByteDifference.between(output, content) == nil && output == streamedOutput)
                #expect(summary.trailing == streamedSummary.trailing)
            case (.failure(let error), .failure(let streamedError)):
                #expect("\(error)" == "\(streamedError)")
            default:
                Issue.record("parallel \(parallel), streamed \(streamed)")
            }
        }
    }

    /// Incompressible data holds no dynamic block: a chunk of it is searched only as far as its
    /// budget goes, then left to the stream.
    @Test func aChunkWithNoBlockStopsWithinItsBudget() throws {
        var data = TestData(seed: 320)
        let content = data.randomBytes(3_000_000)
        let bytes = GzipHeader().encoded() + GzipBytes.deflate(content) + GzipBytes.trailer(content)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        var budget = StretchBudget(chunkLength: 1 << 20)
        #expect(throws: SpeculationStopped.overBudget) {
            try SpeculativeStretchDecoder().decode(
                1 << 20..<2 << 20, atFileStart: false, search: .blocks, of: file, fileSize: Int64(bytes.count), budget: &budget)
        }
        // Charged a search piece at a time.
        #expect(budget.spent <= StretchBudget.factor * budget.floor + StretchAttempt.blockSearchPiece * StretchBudget.bitSearchWeight)
        let (output, _) = try BlockStartDecodingTests.read(bytes)
        #expect(ByteDifference.between(output, content) == nil)
    }
}
