/// Files split into shards of about equal bytes: largest first, each onto the shard with the
/// fewest bytes so far (the lowest-numbered on a tie). Files of equal size are taken in the order
/// given, so the same files in the same order always make the same partition: a plan and each
/// task of `--shard K/N` agree without talking to each other.
///
/// The largest shard is at most the mean plus the largest file (greedy's bound), and within a file's
/// size of the mean when files are many and small.
public struct ShardPartition: Sendable {
    /// The shard of each file, by the file's index in the sizes given.
    public let shardOfFile: [UInt32]
    /// Bytes in each shard.
    public let bytes: [Int64]
    /// Files in each shard.
    public let files: [Int]

    public init(sizes: [Int64], shards: Int) {
        precondition(shards >= 1 && shards <= Int(UInt32.max))
        // Largest first; equal sizes in the order given (a stable order, whatever the sort).
        var order = [SizedIndex](unsafeUninitializedCapacity: sizes.count) { buffer, count in
            for (index, size) in sizes.enumerated() { buffer[index] = SizedIndex(size: size, index: UInt32(index)) }
            count = sizes.count
        }
        order.sort()
        var heap = ShardHeap(shards: shards)
        var shardOfFile = [UInt32](repeating: 0, count: sizes.count)
        var files = [Int](repeating: 0, count: shards)
        for item in order {
            let shard = heap.addToLightest(item.size)
            shardOfFile[Int(item.index)] = shard
            files[Int(shard)] += 1
        }
        self.shardOfFile = shardOfFile
        self.bytes = heap.loads
        self.files = files
    }

    public var shardCount: Int { bytes.count }
    public var totalBytes: Int64 { bytes.reduce(0, +) }
    public var meanBytes: Double { Double(totalBytes) / Double(max(shardCount, 1)) }
    public var largestBytes: Int64 { bytes.max() ?? 0 }

    /// The indices of the files in `shard`, in the order given.
    public func files(inShard shard: Int) -> [Int] {
        shardOfFile.indices.filter { shardOfFile[$0] == UInt32(shard) }
    }
}

/// A file's size and index, ordered largest first, then by index.
private struct SizedIndex: Comparable {
    var size: Int64
    var index: UInt32

    static func < (lhs: SizedIndex, rhs: SizedIndex) -> Bool {
        lhs.size != rhs.size ? lhs.size > rhs.size : lhs.index < rhs.index
    }
}

/// A binary min-heap of shards by (bytes, shard number).
private struct ShardHeap {
    /// Bytes per shard, by shard number.
    private(set) var loads: [Int64]
    /// Shard numbers, as a heap on (load, number).
    private var heap: [UInt32]

    init(shards: Int) {
        loads = [Int64](repeating: 0, count: shards)
        // Equal loads: ascending numbers are already a heap.
        heap = (0..<UInt32(shards)).map { $0 }
    }

    private func lighter(_ a: UInt32, _ b: UInt32) -> Bool {
        loads[Int(a)] != loads[Int(b)] ? loads[Int(a)] < loads[Int(b)] : a < b
    }

    /// Adds `size` to the lightest shard and returns its number.
    mutating func addToLightest(_ size: Int64) -> UInt32 {
        let shard = heap[0]
        loads[Int(shard)] += size
        // Sift the root down: only its load grew.
        var position = 0
        let count = heap.count
        while true {
            let left = 2 * position + 1
            guard left < count else { break }
            var child = left
            if left + 1 < count && lighter(heap[left + 1], heap[left]) { child = left + 1 }
            guard lighter(heap[child], heap[position]) else { break }
            heap.swapAt(child, position)
            position = child
        }
        return shard
    }
}
