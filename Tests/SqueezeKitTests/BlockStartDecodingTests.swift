import Foundation
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// Single members without flush points (`gzip`, `igzip`, plain `pigz`, libdeflate), decoded in
/// parallel from blocks found at any bit: whatever false block headers the data holds, and
/// however it is damaged, the output is exactly the stream's, bytes or error.
@Suite struct BlockStartDecodingTests {
    /// Small chunks, so that a file of a few MB has many stretches, each with the budget and the
    /// lockstep limit of a real chunk (`realChunk`): what a small chunk may spend would not cover
    /// searching data that is laid out for real chunks (stored stretches longer than a small
    /// chunk, say), and stretches of real data decode in lockstep for longer than one.
    static let smallChunks = SpeculativeSplit.BlockSearch(
        chunkLength: 96 << 10, minimumFileSize: 0, budgetedChunkLength: realChunk, lockstepLimit: Int(realChunk))

    static let realChunk = SpeculativeSplit.BlockSearch().chunkLength

    /// The budget of a real chunk, for a small one decoded alone.
    static func realBudget() -> StretchBudget { StretchBudget(chunkLength: Int(realChunk)) }

    static func read(_ bytes: [UInt8], jobs: Int = 2, chunks: SpeculativeSplit.BlockSearch = smallChunks, streamed: Bool = false) throws -> ([UInt8], GzipDecodeSummary) {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch("a.gz"))
        var reader = GzipFileReader(scheduling: SchedulingOptions(mode: .apply, jobs: jobs))
        reader.parallelThreshold = streamed ? .max : 0
        reader.blockSplit = chunks
        let collected = Locked<[UInt8]>([])
        let summary = try reader.decode(PathName(scratch("a.gz"))) { bytes in collected.withLock { $0 += bytes } }
        return (collected.withLock { $0 }, summary)
    }

    static func isBlockSplit(_ bytes: [UInt8]) throws -> Bool {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        if case .speculative(let split) = DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0, blockSplit: smallChunks) {
            return split.search == .blocks
        }
        return false
    }

    /// Real data: binaries and text from the system, some hundreds of KB of each.
    static func realData() throws -> [UInt8] {
        var content: [UInt8] = []
        for path in ["/usr/bin/bash", "/usr/include/stdio.h", "/usr/bin/tar", "/usr/include/unistd.h", "/usr/bin/gzip"] {
            content += try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return content
    }

    @Test(arguments: [1, 6, 9])
    func zlibMembersDecodeInParallel(level: Int) throws {
        var data = TestData(seed: 200 + UInt64(level))
        var content = try Self.realData()
        while content.count < 3_000_000 { content += data.int(in: 0...3) == 0 ? data.randomBytes(60_000) : data.text(250_000) }
        let bytes = GzipHeader(name: Array("blocks".utf8)).encoded() + GzipBytes.deflate(content, level: level) + GzipBytes.trailer(content)
        #expect(try Self.isBlockSplit(bytes))
        let (output, summary) = try Self.read(bytes)
        #expect(ByteDifference.between(output, content) == nil)
        #expect(summary.decodedInParallel)
        #expect(summary.members == 1 && summary.firstHeader?.name == Array("blocks".utf8))
        #expect(summary.uncompressedBytes == Int64(content.count) && summary.compressedBytes == Int64(bytes.count))
    }

    /// The tools users meet, on real data: each output decodes to the input, in parallel.
    @Test(arguments: [["gzip", "-6"], ["igzip", "-T", "2"], ["pigz", "-p", "2"], ["libdeflate-gzip", "-6"], ["gzip", "-1"]])
    func toolOutputsDecodeInParallel(tool: [String]) throws {
        let content = try Self.realData()
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(content, to: scratch("in"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool + ["-c", scratch("in")]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let bytes = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let (output, summary) = try Self.read(bytes)
        #expect(ByteDifference.between(output, content) == nil, "\(tool)")
        #expect(summary.decodedInParallel, "\(tool)")
        #expect(summary.compressedBytes == Int64(bytes.count))
    }

    /// Data full of false block headers that decode: raw DEFLATE streams and whole gzip members
    /// inside the member, among text and random bytes; at level 0 all of it lies in stored
    /// blocks as it is, at other levels the incompressible parts do.
    static func adversarial(seed: UInt64, level: Int) -> (bytes: [UInt8], original: [UInt8]) {
        var data = TestData(seed: seed)
        var content: [UInt8] = []
        while content.count < 2_000_000 {
            switch data.int(in: 0...3) {
            case 0: content += data.text(data.int(in: 1...200_000))
            case 1: content += GzipBytes.deflate(data.text(data.int(in: 1_000...300_000)) + data.randomBytes(data.int(in: 0...5_000)), level: data.int(in: 1...9))
            case 2: content += GzipBytes.member(data.text(data.int(in: 1_000...200_000)) + data.randomBytes(data.int(in: 0...20_000)))
            default: content += data.randomBytes(data.int(in: 1...50_000))
            }
        }
        return (GzipHeader().encoded() + GzipBytes.deflate(content, level: level) + GzipBytes.trailer(content), content)
    }

    @Test(arguments: [(0, 1), (1, 2), (6, 3)] as [(Int, UInt64)])
    func falseBlocksNeverChangeTheOutput(level: Int, seed: UInt64) throws {
        let (bytes, original) = Self.adversarial(seed: 210 + seed, level: level)
        #expect(try Self.isBlockSplit(bytes))
        let (output, summary) = try Self.read(bytes, jobs: Int(seed) + 1)
        #expect(ByteDifference.between(output, original) == nil)
        #expect(summary.members == 1 && summary.compressedBytes == Int64(bytes.count))
    }

    /// Seeded truncations and bit flips: the parallel path gives exactly what the stream gives,
    /// the same bytes or the same error.
    @Test func damageGivesWhatTheStreamGives() throws {
        var data = TestData(seed: 220)
        var content = try Self.realData()
        while content.count < 2_000_000 { content += data.text(200_000) }
        let intact = GzipHeader().encoded() + GzipBytes.deflate(content) + GzipBytes.trailer(content)
        for round in 0..<8 {
            var bytes = intact
            if round % 2 == 0 {
                bytes.removeLast(data.int(in: 1...bytes.count / 2))
            } else {
                for _ in 0..<data.int(in: 1...3) {
                    bytes[data.int(in: 10...bytes.count - 1)] ^= UInt8(1 << data.int(in: 0...7))
                }
            }
            let parallel = Result { try Self.read(bytes) }
            let streamed = Result { try Self.read(bytes, streamed: true) }
            switch (parallel, streamed) {
            case (.success(let (output, summary)), .success(let (streamedOutput, streamedSummary))):
                #expect(output == streamedOutput, "round \(round)")
                #expect(summary.uncompressedBytes == streamedSummary.uncompressedBytes, "round \(round)")
            case (.failure(let error), .failure(let streamedError)):
                #expect("\(error)" == "\(streamedError)", "round \(round)")
            default:
                Issue.record("round \(round): parallel \(parallel), streamed \(streamed)")
            }
        }
    }

    /// Stretches decoded one after another, as workers do: the first from the file's start, the
    /// next ones from blocks, without their window (resolved when delivered) or, at the delivered
    /// frontier, with it. The stream then goes on from where they end, inside the member, with
    /// what the delivery says of it (its window, CRC-32 and length so far): the bytes are the
    /// rest of the content, and the member's trailer checks out.
    @Test(arguments: [false, true])
    func theStreamGoesOnWhereDeliveredStretchesEnd(frontierKnowsItsWindow: Bool) throws {
        let (content, stream) = DynamicBlockStartTests.sample(seed: 230)
        let bytes = GzipHeader().encoded() + stream + GzipBytes.trailer(content)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let decoder = SpeculativeStretchDecoder()
        let chunk: Int64 = 128 << 10
        var delivery = ParallelDelivery()
        var written: [UInt8] = []
        #expect(bytes.count > 4 * Int(chunk), "\(bytes.count) bytes")
        for index in 0..<4 {
            let window = frontierKnowsItsWindow ? delivery.windowAtEnd : nil
            var budget = Self.realBudget()
            let decoded = try decoder.decode(
                Int64(index) * chunk..<Int64(index + 1) * chunk, atFileStart: index == 0, search: .blocks, of: file,
                fileSize: Int64(bytes.count), knownWindow: { bit in bit == window?.bit ? window?.bytes : nil }, budget: &budget)
            var stretch = try #require(decoded, "stretch \(index)")
            // Only a stretch that does not know its window decodes it in lockstep.
            #expect((stretch.unresolved != nil) == (index > 0 && !frontierKnowsItsWindow), "stretch \(index)")
            delivery = try #require(delivery.appending(&stretch), "stretch \(index)")
            stretch.bytes.withUnsafeBytes { written += $0 }
        }
        #expect(ByteDifference.between(written, Array(content.prefix(written.count))) == nil)
        let resume = delivery.resumePoint
        let open = try #require(resume.openMember)
        #expect(open.length == Int64(written.count) && open.checksum == CRC32.checksum(written))
        #expect(open.window == Array(written.suffix(UnresolvedWindow.windowSize)))
        let (rest, summary) = try GzipStreamDecoderTests.decode(bytes, from: resume)
        #expect(ByteDifference.between(written + rest, content) == nil)
        #expect(summary.members == 1 && summary.uncompressedBytes == Int64(content.count))
        #expect(summary.compressedBytes == Int64(bytes.count))
    }

    /// A stretch whose window becomes known while it decodes in lockstep (the stretch before it
    /// was delivered meanwhile) goes on alone from its next block with the real window: its
    /// lockstep prefix is shorter than when the window never comes, and both deliver the same
    /// bytes.
    @Test func stretchSwitchesToItsWindowWhenItBecomesKnown() throws {
        let (content, stream) = DynamicBlockStartTests.sample(seed: 240)
        let bytes = GzipHeader().encoded() + stream + GzipBytes.trailer(content)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let decoder = SpeculativeStretchDecoder()
        let chunk: Int64 = 128 << 10
        func decode(_ index: Int, window: @escaping @Sendable (Int64) -> [UInt8]?) throws -> DecodedStretch {
            var budget = Self.realBudget()
            return try #require(try decoder.decode(
                Int64(index) * chunk..<Int64(index + 1) * chunk, atFileStart: index == 0, search: .blocks, of: file,
                fileSize: Int64(bytes.count), knownWindow: window, budget: &budget))
        }
        var first = try decode(0) { _ in nil }
        let delivered = try #require(ParallelDelivery().appending(&first))
        let known = try #require(delivered.windowAtEnd, "the first stretch ends inside the member")
        let alone = try decode(1) { _ in nil }
        // Unknown at the start and for the first piece decoded in lockstep, then known.
        let asked = Locked(0)
        let switched = try decode(1) { bit in
            asked.withLock { $0 += 1 }
            return asked.withLock { $0 } > 2 && bit == known.bit ? known.bytes : nil
        }
        let natural = try #require(alone.unresolved).prefixLength
        let shortened = try #require(switched.unresolved).prefixLength
        #expect(shortened < natural, "prefix \(shortened) with the window, \(natural) without")
        for var stretch in [alone, switched] {
            let next = try #require(delivered.appending(&stretch))
            var written: [UInt8] = []
            first.bytes.withUnsafeBytes { written += $0 }
            stretch.bytes.withUnsafeBytes { written += $0 }
            #expect(ByteDifference.between(written, Array(content.prefix(written.count))) == nil)
            #expect(next.resumePoint.openMember?.checksum == CRC32.checksum(written))
        }
    }

    /// JSON log lines, `count` bytes of them: every line copies its field names from the line
    /// before, so copies of copies reach back to a stretch's start, whatever its length.
    static func logLines(_ count: Int, seed: UInt64) -> [UInt8] {
        var data = TestData(seed: seed)
        var lines: [UInt8] = []
        let levels = ["INFO", "INFO", "WARN", "DEBUG", "ERROR"]
        while lines.count < count {
            let line = #"{"ts":"2026-11-27T10:\#(data.int(in: 10...59)):\#(data.int(in: 10...59)).\#(data.int(in: 100...999))Z","level":"\#(levels[data.int(in: 0...4)])","#
                + #""req":"\#(String(data.next(), radix: 16))","path":"/api/v1/items/\#(data.int(in: 0...99_999))","status":\#(data.int(in: 200...204)),"ms":\#(data.int(in: 1...900))}"#
            lines += Array(line.utf8) + [10]
        }
        return Array(lines.prefix(count))
    }

    /// A stretch of such data, started at a block, is still decoding in lockstep at its end; past
    /// its lockstep limit it stops (`needsWindow`), and decoded from where the stretch before it
    /// ends, with that stretch's window, it gives the same bytes, once, with nothing to resolve.
    @Test func aStretchInLockstepPastItsLimitWaitsForItsWindow() throws {
        let content = Self.logLines(1_500_000, seed: 250)
        let bytes = GzipHeader().encoded() + GzipBytes.deflate(content, level: 6) + GzipBytes.trailer(content)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        let decoder = SpeculativeStretchDecoder()
        let chunk: Int64 = 96 << 10, size = Int64(bytes.count)
        func decode(_ index: Int, lockstepLimit: Int = .max) throws -> DecodedStretch {
            var budget = Self.realBudget()
            return try #require(try decoder.decode(
                Int64(index) * chunk..<Int64(index + 1) * chunk, atFileStart: index == 0, search: .blocks, of: file, fileSize: size,
                lockstepLimit: lockstepLimit, budget: &budget))
        }
        var first = try decode(0)
        let delivered = try #require(ParallelDelivery().appending(&first))
        let (bit, window) = try #require(delivered.windowAtEnd, "the first stretch ends inside the member")
        let inLockstep = try decode(1)
        let prefix = try #require(inLockstep.unresolved).prefixLength
        #expect(prefix > Int(chunk), "lockstep for \(prefix) bytes")
        #expect(throws: SpeculationStopped.needsWindow) { try decode(1, lockstepLimit: Int(chunk)) }

        var budget = Self.realBudget()
        var atFrontier = try #require(try decoder.decode(
            chunk..<2 * chunk, fromBit: bit, window: window, of: file, fileSize: size, sharedSearches: SharedBlockSearches(), budget: &budget))
        #expect(atFrontier.unresolved == nil)
        #expect(atFrontier.start * 8 + Int64(atFrontier.startBits) == bit && atFrontier.start == inLockstep.start)
        #expect(atFrontier.end == inLockstep.end && atFrontier.endBits == inLockstep.endBits)
        var written: [UInt8] = []
        first.bytes.withUnsafeBytes { written += $0 }
        for var stretch in [inLockstep, atFrontier] {
            let next = try #require(delivered.appending(&stretch))
            var both = written
            stretch.bytes.withUnsafeBytes { both += $0 }
            #expect(ByteDifference.between(both, Array(content.prefix(both.count))) == nil)
            #expect(next.resumePoint.openMember?.checksum == CRC32.checksum(both))
        }
    }

    /// A file of it, on 1 to 3 workers, with small chunks whose lockstep limit is their own size:
    /// whichever of the frontier's decoding and the stream gets each chunk (it depends on which
    /// worker is ahead), the bytes are the content's.
    @Test(arguments: [1, 2, 3])
    func repetitiveDataDecodesToItsBytes(jobs: Int) throws {
        let content = Self.logLines(2_500_000, seed: 260)
        let bytes = GzipHeader().encoded() + GzipBytes.deflate(content, level: 6) + GzipBytes.trailer(content)
        #expect(try Self.isBlockSplit(bytes))
        var chunks = Self.smallChunks
        chunks.lockstepLimit = Int(chunks.chunkLength)
        let (output, summary) = try Self.read(bytes, jobs: jobs, chunks: chunks)
        #expect(ByteDifference.between(output, content) == nil)
        #expect(summary.uncompressedBytes == Int64(content.count) && summary.compressedBytes == Int64(bytes.count))
    }
}

/// The comparison of the two lockstep outputs: every byte where they differ is found, in order,
/// and the last one, whatever the alignment and length of the range.
@Suite struct UnresolvedWindowTests {
    @Test func differencesAreFoundAtEveryAlignment() {
        var data = TestData(seed: 250)
        for _ in 0..<300 {
            let count = data.int(in: 0...300)
            let a = data.randomBytes(count)
            var b = a
            for _ in 0..<data.int(in: 0...4) where count > 0 { b[data.int(in: 0...count - 1)] ^= UInt8(data.int(in: 1...255)) }
            let lower = data.int(in: 0...count), upper = data.int(in: lower...count)
            let expected = (lower..<upper).filter { a[$0] != b[$0] }
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    var found: [Int] = []
                    UnresolvedWindow.forEachDifference(in: lower..<upper, a: a, b: b) { found.append($0) }
                    #expect(found == expected)
                    #expect(UnresolvedWindow.lastDifference(in: lower..<upper, a: a, b: b) == expected.last)
                }
            }
        }
    }

    /// A's and B's made-up windows tell every window byte apart.
    @Test func madeUpWindowsNameEveryWindowByte() {
        for index in 0..<UnresolvedWindow.windowSize {
            #expect(MadeUpWindow.a[index] != MadeUpWindow.b[index])
            #expect(UnresolvedWindow.windowIndex(a: MadeUpWindow.a[index], b: MadeUpWindow.b[index]) == index)
        }
    }
}
