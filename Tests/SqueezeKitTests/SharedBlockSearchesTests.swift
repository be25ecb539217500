import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// A file's stretches share their block searches (`SharedBlockSearches`): what one found is what
/// the other would have found, so that sharing changes no stretch, in whatever order they run.
@Suite struct SharedBlockSearchesTests {
    /// What a recorded search can tell, and what it cannot.
    @Test func recordedSearchAnswersOnlyForBitsItCovered() {
        let found = SharedBlockSearches.Search(from: 100, before: 1_000, found: 400)
        #expect(SharedBlockSearches.answer(from: 100, before: 1_000, by: found) == .some(400))
        #expect(SharedBlockSearches.answer(from: 400, before: 401, by: found) == .some(400))
        #expect(SharedBlockSearches.answer(from: 250, before: 5_000, by: found) == .some(400))
        #expect(SharedBlockSearches.answer(from: 150, before: 300, by: found) == .some(nil), "none before the one found")
        #expect(SharedBlockSearches.answer(from: 150, before: 400, by: found) == .some(nil))
        #expect(SharedBlockSearches.answer(from: 99, before: 1_000, by: found) == nil, "bits before it were not searched")
        #expect(SharedBlockSearches.answer(from: 401, before: 1_000, by: found) == nil, "bits past the one found were not searched")
        let none = SharedBlockSearches.Search(from: 100, before: 1_000, found: nil)
        #expect(SharedBlockSearches.answer(from: 100, before: 1_000, by: none) == .some(nil))
        #expect(SharedBlockSearches.answer(from: 500, before: 900, by: none) == .some(nil))
        #expect(SharedBlockSearches.answer(from: 500, before: 1_001, by: none) == nil, "bits past its end were not searched")
        #expect(SharedBlockSearches.answer(from: 50, before: 900, by: none) == nil)
    }

    /// Searches of random bit ranges of a real DEFLATE stream, answered from earlier ones where
    /// they can be, give exactly what searching gives.
    @Test func sharedAnswersAreTheSearchesOwn() throws {
        let (_, stream) = DynamicBlockStartTests.sample(seed: 270)
        var data = TestData(seed: 271)
        let shared = SharedBlockSearches()
        let bits = (stream.count - DynamicBlockCandidate.maximumHeaderBytes) * 8
        try stream.withUnsafeBytes { bytes in
            for round in 0..<400 {
                // Near earlier ranges often: neighbours ask about the same bits.
                let from = data.int(in: 0...(bits / 64)) * 64 + data.int(in: 0...63)
                let before = min(bits, from + data.int(in: 1...400_000))
                let direct = DynamicBlockCandidate.first(in: bytes, fromBit: from, beforeBit: before)
                let answer = shared.first(fromBit: Int64(from), beforeBit: Int64(before)) {
                    DynamicBlockCandidate.first(in: bytes, fromBit: from, beforeBit: before).map(Int64.init)
                }
                #expect(answer == direct.map(Int64.init), "round \(round): \(from)..<\(before)")
            }
            #expect(shared.answered > 0)
            // Ranges that start inside one recorded, at the candidate it found and just past it.
            let found = try #require(DynamicBlockCandidate.first(in: bytes, fromBit: 0, beforeBit: bits))
            let second = DynamicBlockCandidate.first(in: bytes, fromBit: found + 1, beforeBit: bits)
            let fresh = SharedBlockSearches()
            _ = fresh.first(fromBit: 0, beforeBit: Int64(bits)) { Int64(found) }
            #expect(fresh.first(fromBit: Int64(found), beforeBit: Int64(bits)) { nil } == Int64(found))
            #expect(fresh.first(fromBit: Int64(found + 1), beforeBit: Int64(bits)) { second.map(Int64.init) } == second.map(Int64.init))
            #expect(fresh.answered == 1)
        }
    }

    /// Stretches decoded with one shared record of searches, front to back and back to front (a
    /// stretch's stop then found by the start search of the one after it), are those decoded
    /// each on its own, to the bit, and deliver the content.
    @Test(arguments: [false, true])
    func stretchesSharingSearchesAreTheSame(backwards: Bool) throws {
        let (content, stream) = DynamicBlockStartTests.sample(seed: 280)
        let bytes = GzipHeader().encoded() + stream + GzipBytes.trailer(content)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let decoder = SpeculativeStretchDecoder()
        let chunk: Int64 = 160 << 10
        let count = Int((Int64(bytes.count) + chunk - 1) / chunk)
        #expect(count > 3)
        func stretch(_ index: Int, sharing searches: SharedBlockSearches) throws -> DecodedStretch? {
            var budget = BlockStartDecodingTests.realBudget()
            return try decoder.decode(
                Int64(index) * chunk..<min(Int64(bytes.count), Int64(index + 1) * chunk), atFileStart: index == 0, search: .blocks,
                of: file, fileSize: Int64(bytes.count), sharedSearches: searches, budget: &budget)
        }
        let alone = try (0..<count).map { try stretch($0, sharing: SharedBlockSearches()) }
        let shared = SharedBlockSearches()
        var together = [DecodedStretch?](repeating: nil, count: count)
        for index in backwards ? Array((0..<count).reversed()) : Array(0..<count) {
            together[index] = try stretch(index, sharing: shared)
        }
        #expect(shared.answered >= count - 2, "\(shared.answered) searches answered by a neighbour's")
        for index in 0..<count {
            #expect(StretchInputPieceTests.summary(alone[index]) == StretchInputPieceTests.summary(together[index]), "stretch \(index)")
        }
        let written = StretchInputPieceTests.delivered(together).bytes
        #expect(written.count == content.count)
        #expect(ByteDifference.between(written, content) == nil)
    }
}
