@testable import SqueezeKit
import Foundation
import Testing

@Suite struct ShardPartitionTests {
    /// Sizes from a seeded generator with a heavy tail: most files small, a few large.
    static func sizes(count: Int, seed: UInt64) -> [Int64] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let uniform = Double(state >> 11) / Double(1 << 53)
            return Int64(1000 / pow(max(uniform, 1e-9), 0.8))
        }
    }

    @Test(arguments: [1, 2, 4, 7, 64])
    func everyFileIsInExactlyOneShardAndTheTotalsAdd(shards: Int) {
        let sizes = Self.sizes(count: 5000, seed: UInt64(shards))
        let partition = ShardPartition(sizes: sizes, shards: shards)
        let members = (0..<shards).flatMap { partition.files(inShard: $0) }
        #expect(members.sorted() == Array(sizes.indices))
        #expect(partition.totalBytes == sizes.reduce(0, +))
        #expect(partition.files.reduce(0, +) == sizes.count)
        for shard in 0..<shards {
            #expect(partition.bytes[shard] == partition.files(inShard: shard).reduce(0) { $0 + sizes[$1] })
        }
    }

    @Test func theLargestShardIsWithinTheLargestFileOfTheMean() {
        let sizes = Self.sizes(count: 20000, seed: 42)
        for shards in [2, 4, 10, 100] {
            let partition = ShardPartition(sizes: sizes, shards: shards)
            #expect(Double(partition.largestBytes) <= partition.meanBytes + Double(sizes.max()!))
        }
        // Many small files: within a small fraction of the mean.
        let small = (0..<10000).map { Int64(1000 + $0 % 977) }
        let partition = ShardPartition(sizes: small, shards: 4)
        #expect(Double(partition.largestBytes) <= partition.meanBytes * 1.001)
    }

    @Test func largestFirstOntoTheLightestShard() {
        // 7 onto shard 0; 5 onto 1; 4 onto 1 (5 < 7), making 9; 3 onto 0, making 10; 1 onto 1 (9 < 10).
        let partition = ShardPartition(sizes: [3, 7, 1, 5, 4], shards: 2)
        #expect(partition.shardOfFile == [0, 0, 1, 1, 1])
        #expect(partition.bytes == [10, 10])
        #expect(partition.files == [2, 3])
    }

    @Test func theSameFilesMakeTheSamePartition() {
        let sizes = Self.sizes(count: 3000, seed: 7) + Array(repeating: 4096, count: 500)
        #expect(ShardPartition(sizes: sizes, shards: 5).shardOfFile == ShardPartition(sizes: sizes, shards: 5).shardOfFile)
    }

    @Test func moreShardsThanFilesLeavesSomeEmpty() {
        let partition = ShardPartition(sizes: [10, 20], shards: 4)
        #expect(partition.files == [1, 1, 0, 0])
        #expect(partition.bytes == [20, 10, 0, 0])
    }
}
