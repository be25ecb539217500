import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// A stretch's inflater reads its input in pieces (`StretchAttempt.defaultInputPiece`), so that
/// the CRC-32 ISA-L computes after each call reads bytes still in the cache. However small the
/// pieces, and wherever a piece ends (inside a block, at a block boundary, at the end of a member,
/// inside the lockstep prefix), every stretch is decoded exactly as in larger ones: same bytes,
/// same boundaries to the bit, and once delivered the same checksums.
@Suite struct StretchInputPieceTests {
    /// The chunks of `bytes` decoded one after another with `decoder`, none knowing its window.
    static func stretches(
        _ bytes: [UInt8], chunk: Int64, search: SpeculativeStart.Search, decoder: SpeculativeStretchDecoder
    ) throws -> [DecodedStretch?] {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let count = (Int64(bytes.count) + chunk - 1) / chunk
        return try (0..<count).map { index in
            var budget = BlockStartDecodingTests.realBudget()
            return try decoder.decode(
                index * chunk..<min(Int64(bytes.count), (index + 1) * chunk), atFileStart: index == 0, search: search, of: file,
                fileSize: Int64(bytes.count), budget: &budget)
        }
    }

    /// What a stretch says, bytes included, in a form two stretches can be compared by. The
    /// lockstep prefix may end sooner with smaller pieces (A goes on alone once the last 32 KiB
    /// decoded by a call are real), and the leading part's checksum covers only the bytes after
    /// it: those are compared once resolved, when delivered.
    static func summary(_ stretch: DecodedStretch?) -> String {
        guard let stretch else { return "none" }
        let bytes = stretch.bytes.withUnsafeBytes { CRC32.update(0, $0) }
        var leading = stretch.leading
        if stretch.unresolved != nil { leading?.checksum = 0 }
        return "\(stretch.start).\(stretch.startBits)-\(stretch.end).\(stretch.endBits) \(stretch.bytes.count) bytes \(bytes)"
            + " leading \(String(describing: leading)) members \(stretch.members) trailing \(String(describing: stretch.trailing))"
            + " unresolved \(stretch.unresolved != nil)"
    }

    /// The stretches delivered one after the other, as long as they follow on: the bytes written,
    /// and what the delivery says of the member they end inside of.
    static func delivered(_ stretches: [DecodedStretch?]) -> (bytes: [UInt8], count: Int64?, checksum: UInt32?) {
        var delivery = ParallelDelivery()
        var written: [UInt8] = []
        for var stretch in stretches.compactMap({ $0 }) {
            guard let next = delivery.appending(&stretch) else { break }
            delivery = next
            stretch.bytes.withUnsafeBytes { written += $0 }
        }
        let open = delivery.resumePoint.openMember
        return (written, open?.length, open?.checksum)
    }

    /// Decodes `bytes` in chunks in pieces of 1 MiB and of `piece`, and checks that every
    /// stretch is the same, and that the delivered stretches give back `content` from its start.
    static func expectSameStretches(
        _ bytes: [UInt8], content: [UInt8], chunk: Int64, search: SpeculativeStart.Search, piece: Int
    ) throws {
        let whole = try stretches(bytes, chunk: chunk, search: search, decoder: SpeculativeStretchDecoder(inputPiece: 1 << 20))
        let pieces = try stretches(bytes, chunk: chunk, search: search, decoder: SpeculativeStretchDecoder(inputPiece: piece))
        #expect(whole.count == pieces.count && whole.count > 3)
        #expect(whole.compactMap { $0 }.count > 3, "most chunks decode")
        #expect(whole.contains { ($0.map { Int($0.end - $0.start) } ?? 0) > 2 * piece }, "stretches of several pieces")
        for (index, (one, other)) in zip(whole, pieces).enumerated() {
            #expect(summary(one) == summary(other), "stretch \(index)")
        }
        let fromWhole = delivered(whole)
        let fromPieces = delivered(pieces)
        let written = fromPieces.bytes
        #expect(written.count > content.count / 2, "\(written.count) of \(content.count) bytes delivered")
        #expect(ByteDifference.between(written, Array(content.prefix(written.count))) == nil)
        #expect(fromWhole.bytes == written)
        #expect(fromWhole.count == fromPieces.count && fromWhole.checksum == fromPieces.checksum)
    }

    /// Blocks found at any bit, decoded in lockstep without their window: pieces end inside the
    /// lockstep prefix, inside blocks and at the stops.
    @Test(arguments: [61, 777, 16 << 10])
    func blockStretches(piece: Int) throws {
        let (content, stream) = DynamicBlockStartTests.sample(seed: 250)
        let bytes = GzipHeader().encoded() + stream + GzipBytes.trailer(content)
        try Self.expectSameStretches(bytes, content: content, chunk: 160 << 10, search: .blocks, piece: piece)
    }

    /// Flush points and member starts, whole members ending inside stretches: pieces end at
    /// members' ends too.
    @Test(arguments: [61, 777])
    func flushPointAndMemberStretches(piece: Int) throws {
        var data = TestData(seed: 260)
        var content: [UInt8] = []
        var bytes: [UInt8] = []
        while bytes.count < 1_500_000 {
            let part = data.int(in: 0...2) == 0 ? data.randomBytes(data.int(in: 1...60_000)) : data.text(data.int(in: 1...300_000))
            bytes += data.int(in: 0...1) == 0
                ? FlushPointDecodingTests.flushedMember(FlushPointDecodingTests.split(part, into: data.int(in: 5_000...70_000)))
                : GzipBytes.member(part)
            content += part
        }
        try Self.expectSameStretches(bytes, content: content, chunk: 128 << 10, search: .flushPoints, piece: piece)
    }

    /// A worker's input memory grows to whole huge pages, at least doubling: a stretch that reads
    /// the few bytes before its range more than the first one did keeps the same memory.
    @Test func inputMemoryGrowsInHugePages() {
        let hugePage = 2 << 20
        for (needed, current) in [(1, 0), (4_456_448, 0), (4_456_453, 6 << 20), (6 << 20, 6 << 20), ((6 << 20) + 1, 6 << 20), (100, 2 << 20)] {
            let capacity = InputBytes.capacity(toHold: needed, after: current)
            #expect(capacity >= needed && capacity % hugePage == 0, "\(needed) after \(current)")
            #expect(capacity >= 2 * current)
        }
        let input = InputBytes()
        input.append(4_456_448) { $0.count }
        let first = input.capacity
        input.count = 0
        input.append(4_456_453) { $0.count }
        #expect(input.capacity == first)
        #expect(input.count == 4_456_453)
    }
}
