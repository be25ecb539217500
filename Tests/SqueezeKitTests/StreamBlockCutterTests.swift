@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The cutter decides where the archive's blocks begin and end and which is last: it must depend
/// on the bytes alone, however they arrive.
@Suite struct StreamBlockCutterTests {
    /// Feeds `stream` in the given chunk sizes (cycled) and returns the blocks delivered.
    static func cut(_ stream: [UInt8], chunks: [Int], blockSize: Int, contextLength: Int) throws -> [StreamedBlock] {
        var blocks: [StreamedBlock] = []
        let cutter = StreamBlockCutter(blockSize: blockSize, contextLength: contextLength) { blocks.append($0) }
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

    @Test(arguments: [0, 1, 999, 1000, 1001, 2000, 2999, 3000, 10_007])
    func blocksTileTheStreamWithTheirContext(length: Int) throws {
        var data = TestData(seed: UInt64(length))
        let stream = data.randomBytes(length)
        for chunks in [[1], [7, 300], [1000], [4096], [length + 1]] {
            for contextLength in [0, 64, 2500] {
                let blocks = try Self.cut(stream, chunks: chunks, blockSize: 1000, contextLength: contextLength)
                #expect(blocks.map(\.index) == Array(0..<blocks.count))
                #expect(blocks.filter(\.isLast).count == 1 && blocks.last?.isLast == true)
                // Full blocks, the last one 1...1000 bytes (or empty for an empty stream): a stream
                // that ends on a boundary does not get an empty block after it.
                #expect(blocks.count == max(1, (length + 999) / 1000))
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

    @Test func aRefusedBlockLeavesNoGapInTheIndices() throws {
        var refuse = true
        var delivered: [StreamedBlock] = []
        let cutter = StreamBlockCutter(blockSize: 4, contextLength: 0) { block in
            if refuse && !block.isLast { throw CancellationError() }
            delivered.append(block)
        }
        try ([1, 2, 3, 4] as [UInt8]).withUnsafeBytes { try cutter.consume($0) }
        #expect(throws: CancellationError.self) { try ([5] as [UInt8]).withUnsafeBytes { try cutter.consume($0) } }
        refuse = false
        try cutter.finish()
        #expect(delivered.map(\.index) == [0])
        #expect(delivered[0].isLast)
    }
}
