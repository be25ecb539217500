/// How a file is cut into blocks: a file larger than twice the block size is split into blocks
/// of `blockSize` (the last one shorter); anything smaller is one block.
public struct BlockLayout: Equatable, Sendable {
    public static let defaultBlockSize = 1 << 20
    public static let blockSizes = (16 << 10)...(512 << 20)

    public let fileSize: Int64
    public let blockSize: Int
    public let count: Int

    public init(fileSize: Int64, blockSize: Int) {
        precondition(blockSize > 0 && fileSize >= 0)
        self.fileSize = fileSize
        self.blockSize = blockSize
        if fileSize > 2 * Int64(blockSize) {
            count = Int((fileSize + Int64(blockSize) - 1) / Int64(blockSize))
        } else {
            count = 1
        }
    }

    public var isSplit: Bool { count > 1 }

    /// Offset and length of block `index`.
    public func range(ofBlock index: Int) -> (offset: Int64, length: Int) {
        precondition(index >= 0 && index < count)
        if count == 1 { return (0, Int(fileSize)) }
        let offset = Int64(index) * Int64(blockSize)
        return (offset, Int(min(Int64(blockSize), fileSize - offset)))
    }
}
