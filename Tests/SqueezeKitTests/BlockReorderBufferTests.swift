@testable import SqueezeKit
import Testing

@Suite struct BlockReorderBufferTests {
    @Test func releasesBlocksOnlyInOrder() {
        var buffer = BlockReorderBuffer<String>()
        buffer.insert("c", at: 2)
        buffer.insert("b", at: 1)
        #expect(buffer.popNext() == nil)
        #expect(buffer.waitingCount == 2)
        buffer.insert("a", at: 0)
        #expect(buffer.popNext() == .some("a"))
        #expect(buffer.popNext() == .some("b"))
        #expect(buffer.popNext() == .some("c"))
        #expect(buffer.popNext() == nil)
        #expect(buffer.nextIndex == 3)
    }

    @Test func droppedBlocksStillPass() {
        var buffer = BlockReorderBuffer<Int>()
        buffer.insert(nil, at: 0)
        buffer.insert(5, at: 1)
        #expect(buffer.popNext() == .some(nil))
        #expect(buffer.popNext() == .some(5))
    }

    @Test func anyPermutationComesOutSorted() {
        var source = SplitMix64(seed: 3)
        for _ in 0..<50 {
            var order = Array(0..<64)
            for i in order.indices.reversed() { order.swapAt(i, Int(source.next() % UInt64(i + 1))) }
            var buffer = BlockReorderBuffer<Int>()
            var out: [Int] = []
            for index in order {
                buffer.insert(index, at: index)
                while let next = buffer.popNext() { out.append(next!) }
            }
            #expect(out == Array(0..<64))
        }
    }
}
