/// Cuts a byte stream whose length is not known in advance (libarchive's tar output) into blocks
/// of `blockSize`, each handed to `deliver` with the context its encoder wants before it.
///
/// A full block is held back until a byte beyond it arrives: only then is it known not to be the
/// last, which the encoders must know (zlib ends the stream in the last block; libdeflate indexes
/// its members only when there are several). Where the blocks begin and end, and which is last,
/// depends on the stream alone, never on timing, so every mode writes the same bytes.
///
/// Used by the producer thread alone.
final class StreamBlockCutter: ArchiveByteSink {
    private let blockSize: Int
    private let contextLength: Int
    private let deliver: (StreamedBlock) throws -> Void
    /// Context, then the bytes of the block being filled.
    private var storage: [UInt8] = []
    private var storageContextLength = 0
    private var nextIndex = 0
    private var isFinished = false
    /// Every byte consumed so far.
    private(set) var streamLength: Int64 = 0

    init(blockSize: Int, contextLength: Int, deliver: @escaping (StreamedBlock) throws -> Void) {
        precondition(blockSize > 0 && contextLength >= 0)
        self.blockSize = blockSize
        self.contextLength = contextLength
        self.deliver = deliver
        storage.reserveCapacity(blockSize)
    }

    private var filled: Int { storage.count - storageContextLength }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "bytes after the end of the stream")
        var offset = 0
        while offset < bytes.count {
            if filled == blockSize { try seal(isLast: false) }
            let take = min(blockSize - filled, bytes.count - offset)
            storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + take]))
            offset += take
            streamLength += Int64(take)
        }
    }

    /// Hands out the block being filled as the last one (empty when the stream was). Called once.
    func finish() throws {
        precondition(!isFinished, "stream finished twice")
        isFinished = true
        try seal(isLast: true)
    }

    /// Hands out the block being filled and starts the next with the stream's last
    /// `contextLength` bytes as its context. The index advances only once the block was taken,
    /// so a block `deliver` refused leaves no gap before the next.
    private func seal(isLast: Bool) throws {
        let block = StreamedBlock(index: nextIndex, storage: storage, contextLength: storageContextLength, isLast: isLast)
        var next: [UInt8] = []
        next.reserveCapacity(min(contextLength, storage.count) + blockSize)
        next.append(contentsOf: storage.suffix(contextLength))
        storageContextLength = next.count
        storage = next
        try deliver(block)
        nextIndex += 1
    }
}
