@testable import SqueezeKit
import Testing

@Suite struct BlockLayoutTests {
    @Test func filesUpToTwiceTheBlockSizeAreOneBlock() {
        #expect(BlockLayout(fileSize: 0, blockSize: 1024).count == 1)
        #expect(BlockLayout(fileSize: 2048, blockSize: 1024).count == 1)
        #expect(BlockLayout(fileSize: 2048, blockSize: 1024).range(ofBlock: 0) == (0, 2048))
    }

    @Test func largerFilesAreCutIntoBlocksThatCoverEveryByteOnce() {
        var data = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let blockSize = Int(data.next() % 5000) + 1
            let size = Int64(data.next() % 40_000)
            let layout = BlockLayout(fileSize: size, blockSize: blockSize)
            var covered: Int64 = 0
            for index in 0..<layout.count {
                let range = layout.range(ofBlock: index)
                #expect(range.offset == covered)
                #expect(range.length > 0 || size == 0)
                #expect(range.length <= max(blockSize * 2, Int(size)))
                covered += Int64(range.length)
            }
            #expect(covered == size)
            #expect(layout.isSplit == (size > 2 * Int64(blockSize)))
        }
    }
}
