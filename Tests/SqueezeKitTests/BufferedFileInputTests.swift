import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct BufferedFileInputTests {
    static let capacity = 16 << 10

    /// Reads `file` from `offset` to its end as the streaming decoder does, in a seeded pattern:
    /// some bytes consumed, a few left over before a refill (a header cut by the buffer's end,
    /// within the read-ahead's headroom or beyond it), or all of them. Returns what it consumed.
    static func readToEnd(_ input: BufferedFileInput, _ file: ReadableFile, from offset: Int64, seed: UInt64) throws -> [UInt8] {
        var data = TestData(seed: seed)
        var consumed: [UInt8] = []
        input.open(file, at: offset)
        while true {
            if input.availableCount == 0 {
                if try input.refill() == 0 { break }
            }
            #expect(input.position == offset + Int64(consumed.count))
            let available = input.available
            let leave = data.int(in: 0...3) == 0 ? min(available.count, data.int(in: 0...(2 * InputReadAhead.headroom))) : 0
            let take = data.int(in: 0...3) == 0 ? data.int(in: 0...(available.count - leave)) : available.count - leave
            consumed += available.prefix(take)
            input.consume(take)
            if take < available.count && input.availableCount > 0 {
                // More is wanted than is left: as a header or trailer cut by the buffer's end asks.
                let wanted = min(input.availableCount + data.int(in: 1...100), capacity)
                if try !input.ensure(wanted) {
                    consumed += input.available
                    input.consume(input.availableCount)
                }
            }
        }
        #expect(input.isAtEndOfFile)
        return consumed
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func readsEveryByteOnceInOrderWhateverIsLeftOver(seed: UInt64) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: seed)
        let bytes = data.randomBytes(37 * Self.capacity + data.int(in: 0...Self.capacity))
        let file = try GzipBytes.file(bytes, in: scratch)
        let input = BufferedFileInput(capacity: Self.capacity)
        #expect(ByteDifference.between(try Self.readToEnd(input, file, from: 0, seed: seed), bytes) == nil)
        // Again from part-way, with the same input (its read-ahead forgotten at the new start).
        let offset = data.int(in: 1...bytes.count - 1)
        #expect(ByteDifference.between(try Self.readToEnd(input, file, from: Int64(offset), seed: seed + 10), Array(bytes[offset...])) == nil)
    }

    /// Going back (as zlib's second pass over a damaged member does) while a read ahead is in
    /// flight: the bytes come from the new place, never from the read ahead.
    @Test func goesBackWhileReadingAhead() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 4)
        let bytes = data.randomBytes(8 * Self.capacity)
        let file = try GzipBytes.file(bytes, in: scratch)
        let input = BufferedFileInput(capacity: Self.capacity)
        input.open(file, at: 0)
        for _ in 0..<3 {
            input.consume(input.availableCount)
            try input.refill()
        }
        input.open(file, at: 100)
        try input.refill()
        #expect(Array(input.available.prefix(200)) == Array(bytes[100..<300]))
        input.close()
    }

    /// A small file is read once: a read that does not fill the buffer has found the file's end.
    @Test func readsASmallFileWhole() throws {
        let scratch = try TemporaryDirectory()
        let bytes = Array("small".utf8)
        let file = try GzipBytes.file(bytes, in: scratch)
        let input = BufferedFileInput(capacity: Self.capacity)
        input.open(file, at: 0)
        #expect(try input.refill() == bytes.count)
        #expect(Array(input.available) == bytes)
        input.consume(bytes.count)
        #expect(try input.refill() == 0)
        #expect(input.isAtEndOfFile)
    }
}
