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
        data.append(Self.lent(first, 60..<80, number: 4), at: 0, charged: true)
        data.append(Self.lent(first, 80..<100, number: 4), at: 20, charged: false)  // the same run, on
        data.append(Self.lent(second, 0..<30, number: 5), at: 40, charged: true)  // the next chunk
        ([7, 8, 9] as [UInt8]).withUnsafeBytes { data.append($0, at: 70) }  // copied
        ([10] as [UInt8]).withUnsafeBytes { data.append($0, at: 73) }  // copied, on
        data.append(Self.lent(second, 30..<40, number: 5), at: 100, charged: false)  // after a hole

        let blocks = Self.blocks(data)
        #expect(blocks.map(\.offset) == [0, 40, 70, 100])
        #expect(blocks.map(\.bytes) == [Array(first[60..<100]), Array(second[0..<30]), [7, 8, 9, 10], Array(second[30..<40])])
        #expect(data.count == 40 + 30 + 4 + 10)
    }

    /// A chunk weighs its whole size in the file it is charged to, nothing in another; a copy
    /// weighs its bytes. Ten bytes kept of a megabyte keep the megabyte.
    @Test func theWeightIsWhatTheDataKeepsAlive() {
        let chunk = [UInt8](repeating: 1, count: 1 << 20)
        var charged = PlainFileCreator.FileData(expectedCount: 10)
        charged.append(Self.lent(chunk, 5..<15, number: 0), at: 0, charged: true)
        var notCharged = PlainFileCreator.FileData(expectedCount: 10)
        notCharged.append(Self.lent(chunk, 15..<25, number: 0), at: 0, charged: false)
        var copied = PlainFileCreator.FileData(expectedCount: 10)
        chunk.withUnsafeBytes { copied.append(UnsafeRawBufferPointer(rebasing: $0[0..<10]), at: 0) }
        #expect((charged.weight, notCharged.weight, copied.weight) == (1 << 20, 0, 10))
        #expect((charged.count, notCharged.count, copied.count) == (10, 10, 10))
    }

    @Test func emptyDataHasNoBlocks() {
        var data = PlainFileCreator.FileData(expectedCount: 0)
        data.append(Self.lent([1, 2], 1..<1, number: 0), at: 0, charged: true)
        [UInt8]().withUnsafeBytes { data.append($0, at: 0) }
        #expect(Self.blocks(data).isEmpty && data.count == 0 && data.weight == 0)
    }
}
