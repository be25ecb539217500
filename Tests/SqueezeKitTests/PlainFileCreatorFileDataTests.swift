@testable import SqueezeKit
import Testing

/// A file's data held for the creator (`PlainFileCreator.FileData`): the runs come back as the
/// archive gave them, whether kept in the stream's chunks or copied, and its weight is what it
/// keeps alive.
@Suite struct PlainFileCreatorFileDataTests {
    static func blocks(_ data: PlainFileCreator.FileData) -> [(bytes: [UInt8], offset: Int64)] {
        data.withBlocks { next in
            var blocks: [(bytes: [UInt8], offset: Int64)] = []
            while let block = next() { blocks.append((Array(block.bytes), block.offset)) }
            return blocks
        }
    }

    static func lent(_ chunk: [UInt8], _ range: Range<Int>, number: Int) -> LentChunk {
        LentChunk(chunk: chunk, range: range, number: number)
    }

    @Test func runsComeBackInOrderFromChunksAndCopies() {
        let first = Array(0..<100 as Range<UInt8>), second = Array(100..<200 as Range<UInt8>)
        var data = PlainFileCreator.FileData(expectedCount: 150)
        data.append(Self.lent(first, 60..<80, number: 4), at: 0)
        data.append(Self.lent(first, 80..<100, number: 4), at: 20)  // the same run, on
        data.append(Self.lent(second, 0..<30, number: 5), at: 40)  // the next chunk
        ([7, 8, 9] as [UInt8]).withUnsafeBytes { data.append($0, at: 70) }  // copied
        ([10] as [UInt8]).withUnsafeBytes { data.append($0, at: 73) }  // copied, on
        data.append(Self.lent(second, 30..<40, number: 5), at: 100)  // after a hole

        let blocks = Self.blocks(data)
        #expect(blocks.map(\.offset) == [0, 40, 70, 100])
        #expect(blocks.map(\.bytes) == [Array(first[60..<100]), Array(second[0..<30]), [7, 8, 9, 10], Array(second[30..<40])])
        #expect(data.count == 40 + 30 + 4 + 10)
    }

    /// A chunk weighs its whole size in the first file weighed that keeps it, nothing in the next;
    /// a copy weighs its bytes. Ten bytes kept of a megabyte keep the megabyte.
    @Test func theWeightIsWhatTheDataKeepsAlive() {
        let chunk = [UInt8](repeating: 1, count: 1 << 20), next = [UInt8](repeating: 2, count: 1000)
        var first = PlainFileCreator.FileData(expectedCount: 10)
        first.append(Self.lent(chunk, 5..<15, number: 3), at: 0)
        var second = PlainFileCreator.FileData(expectedCount: 20)
        second.append(Self.lent(chunk, 15..<25, number: 3), at: 0)
        second.append(Self.lent(next, 0..<10, number: 4), at: 10)
        var copied = PlainFileCreator.FileData(expectedCount: 10)
        chunk.withUnsafeBytes { copied.append(UnsafeRawBufferPointer(rebasing: $0[0..<10]), at: 0) }
        var lastCharged = 2
        #expect(first.weight(chargingChunksAfter: &lastCharged) == 1 << 20 && lastCharged == 3)
        #expect(second.weight(chargingChunksAfter: &lastCharged) == 1000 && lastCharged == 4)
        #expect((10..<64).contains(copied.weight(chargingChunksAfter: &lastCharged)) && lastCharged == 4)
        // Weighed again from before the chunk (its first file was not sent): charged again.
        lastCharged = 2
        #expect(second.weight(chargingChunksAfter: &lastCharged) == (1 << 20) + 1000)
        #expect((first.count, second.count, copied.count) == (10, 20, 10))
    }

    /// Room made for copies weighs what it takes, used or not: a sparse file of 1 MiB with ten
    /// bytes of data weighs its megabyte.
    @Test func roomMadeForCopiesWeighsItsSize() {
        var sparse = PlainFileCreator.FileData(expectedCount: 1 << 20)
        ([UInt8](repeating: 3, count: 10)).withUnsafeBytes { sparse.append($0, at: 500_000) }
        var lastCharged = -1
        #expect(sparse.weight(chargingChunksAfter: &lastCharged) >= 1 << 20)
        #expect(sparse.count == 10)
    }

    @Test func emptyDataHasNoBlocks() {
        var data = PlainFileCreator.FileData(expectedCount: 0)
        data.append(Self.lent([1, 2], 1..<1, number: 0), at: 0)
        [UInt8]().withUnsafeBytes { data.append($0, at: 0) }
        var lastCharged = -1
        #expect(Self.blocks(data).isEmpty && data.count == 0 && data.weight(chargingChunksAfter: &lastCharged) == 0)
    }
}
