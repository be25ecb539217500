@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The cutter decides where a stream's blocks begin and end and which is last: it must depend
/// on the bytes alone, however they arrive, and match `BlockLayout`'s cut of a file of the same
/// length, so that a stream compresses to its file's bytes.
@Suite struct StreamBlockCutterTests {
    /// Feeds `stream` in the given chunk sizes (cycled) and returns the blocks delivered.
    /// With a `recycler`, each block's storage is handed back to it as soon as it is delivered.
    static func cut(
        _ stream: [UInt8], chunks: [Int], blockSize: Int, contextLength: Int, boundaries: ContentBoundaries? = nil,
        recycler: BlockStorageRecycler? = nil
    ) throws -> [StreamedBlock] {
        var blocks: [StreamedBlock] = []
        let cutter = StreamBlockCutter(blockSize: blockSize, contextLength: contextLength, boundaries: boundaries, recycler: recycler) {
            blocks.append($0)
            recycler?.giveBack($0.storage)
        }
        var offset = 0
        var chunk = 0
        try stream.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let count = min(chunks[chunk % chunks.count], bytes.count - offset)
                try cutter.consume(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                offset += count
                chunk += 1
            }
        }
        try cutter.finish()
        #expect(cutter.streamLength == Int64(stream.count))
        return blocks
    }

    @Test(arguments: [0, 1, 999, 1000, 1001, 2000, 2001, 2999, 3000, 10_007])
    func blocksTileTheStreamWithTheirContext(length: Int) throws {
        var data = TestData(seed: UInt64(length))
        let stream = data.randomBytes(length)
        for chunks in [[1], [7, 300], [1000], [4096], [length + 1]] {
            for contextLength in [0, 64, 2500] {
                let blocks = try Self.cut(stream, chunks: chunks, blockSize: 1000, contextLength: contextLength)
                #expect(blocks.map(\.index) == Array(0..<blocks.count))
                #expect(blocks.filter(\.isLast).count == 1 && blocks.last?.isLast == true)
                // As a file is cut: one block up to 2000 bytes, else full blocks and a last one of
                // 1...1000 bytes (a stream that ends on a boundary gets no empty block after it).
                let layout = BlockLayout(fileSize: Int64(length), blockSize: 1000)
                #expect(blocks.count == layout.count)
                #expect(blocks.map(\.length) == (0..<layout.count).map { layout.range(ofBlock: $0).length })
                var offset = 0
                for block in blocks {
                    let own = Array(block.storage[block.contextLength...])
                    #expect(own == Array(stream[offset..<offset + block.length]))
                    #expect(block.contextLength == min(contextLength, offset))
                    #expect(Array(block.storage[..<block.contextLength]) == Array(stream[(offset - block.contextLength)..<offset]))
                    offset += block.length
                }
                #expect(offset == length)
            }
        }
    }

    /// Storage handed back holds an earlier block's bytes (here, filler): none of them may show
    /// in a later block, whose bytes and context are the stream's alone.
    @Test(arguments: [0, 64])
    func recycledStorageCarriesNothingOver(contextLength: Int) throws {
        var data = TestData(seed: 30)
        let stream = data.randomBytes(10_007)
        let recycler = BlockStorageRecycler(limit: 3)
        for _ in 0..<3 { recycler.giveBack([UInt8](repeating: 0xEE, count: 5000)) }
        let blocks = try Self.cut(stream, chunks: [7, 300, 4096], blockSize: 1000, contextLength: contextLength, recycler: recycler)
        let plain = try Self.cut(stream, chunks: [10_007], blockSize: 1000, contextLength: contextLength)
        #expect(blocks.map(\.storage) == plain.map(\.storage))
        #expect(blocks.map(\.contextLength) == plain.map(\.contextLength))
        #expect(recycler.count <= 3)
    }

    /// Bytes written straight into the cutter's storage (a file read into it, in the reader's
    /// sizes: short reads, reads of nothing as at a file's end, storage handed back holding
    /// filler) give the very blocks the same stream consumed from a buffer gives.
    @Test(arguments: [0, 1, 999, 1000, 1001, 2000, 2001, 3000, 10_007])
    func bytesWrittenInPlaceAreCutAsBytesConsumed(length: Int) throws {
        var data = TestData(seed: UInt64(length) + 7)
        let stream = data.randomBytes(length)
        for contextLength in [0, 64, 2500] {
            for boundaries in [nil, ContentBoundaries(blockSize: 1000)] as [ContentBoundaries?] {
                let plain = try Self.cut(stream, chunks: [length + 1], blockSize: 1000, contextLength: contextLength, boundaries: boundaries)
                let recycler = BlockStorageRecycler(limit: 3)
                for _ in 0..<3 { recycler.giveBack([UInt8](repeating: 0xEE, count: 1500)) }
                var blocks: [StreamedBlock] = []
                let cutter = StreamBlockCutter(blockSize: 1000, contextLength: contextLength, boundaries: boundaries, recycler: recycler) {
                    blocks.append($0)
                    recycler.giveBack($0.storage)
                }
                var offset = 0
                var turn = 0
                // Asks for 1 to 1,200 bytes; the writer gives what it is offered, a part of
                // it, or nothing (every fifth turn).
                while offset < length {
                    turn += 1
                    let asked = min(1 + Int(data.next() % 1200), length - offset)
                    let written = try cutter.consume(atMost: asked) { room in
                        #expect(room.count >= 1 && room.count <= asked)
                        let count = turn % 5 == 0 ? 0 : turn % 3 == 0 ? (room.count + 1) / 2 : room.count
                        stream.withUnsafeBytes { room.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
                        return count
                    }
                    offset += written
                }
                try cutter.finish()
                #expect(cutter.streamLength == Int64(length))
                #expect(blocks.map(\.storage) == plain.map(\.storage), "context \(contextLength), boundaries \(boundaries != nil)")
                #expect(blocks.map(\.contextLength) == plain.map(\.contextLength))
                #expect(blocks.map(\.isLast) == plain.map(\.isLast))
            }
        }
    }

    /// A full block is sealed only once a byte beyond it comes: a write of nothing there leaves
    /// it the last, as a stream that ends there is one block.
    @Test func aWriteOfNothingAfterAFullBlockSealsNothing() throws {
        var delivered: [StreamedBlock] = []
        let cutter = StreamBlockCutter(blockSize: 4, contextLength: 0) { delivered.append($0) }
        try ([1, 2, 3, 4, 5, 6, 7, 8] as [UInt8]).withUnsafeBytes { try cutter.consume($0) }
        #expect(try cutter.consume(atMost: 4) { _ in 0 } == 0)
        #expect(delivered.isEmpty)
        try cutter.finish()
        #expect(delivered.map(\.storage) == [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    @Test func aRefusedBlockLeavesNoGapInTheIndices() throws {
        var refuse = true
        var delivered: [StreamedBlock] = []
        let cutter = StreamBlockCutter(blockSize: 4, contextLength: 0) { block in
            if refuse && !block.isLast { throw CancellationError() }
            delivered.append(block)
        }
        // Up to twice the block size the stream is one block; the ninth byte splits it.
        try ([1, 2, 3, 4, 5, 6, 7, 8] as [UInt8]).withUnsafeBytes { try cutter.consume($0) }
        #expect(throws: CancellationError.self) { try ([9] as [UInt8]).withUnsafeBytes { try cutter.consume($0) } }
        refuse = false
        try cutter.finish()
        #expect(delivered.map(\.index) == [0])
        #expect(delivered[0].isLast)
    }
}
