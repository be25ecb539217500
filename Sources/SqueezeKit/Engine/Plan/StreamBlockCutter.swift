/// Cuts a byte stream whose length is not known in advance (standard input, libarchive's tar
/// output) into the blocks `BlockLayout` would give a file of the same bytes, each handed to
/// `deliver` with the context its encoder wants before it. So a stream compresses to exactly the
/// bytes its file would.
///
/// - Up to twice `blockSize`, a stream is one block: it is held until it ends or grows past that,
///   as a file of that size is not split.
/// - Past that, it is cut into blocks of `blockSize`, the last one shorter; a full block is held
///   back until a byte beyond it arrives, since only then is it known not to be the last (zlib
///   ends the stream in the last block; libdeflate indexes its members only when there are
///   several).
///
/// With `ContentBoundaries` (`--rsyncable`), a stream past twice `blockSize` is cut where its
/// bytes say instead, from its start, as a file of the same bytes is; a block then ends at a
/// boundary once a byte beyond it arrives (a boundary is never at the very end), with the same
/// context before it.
///
/// Where the blocks begin and end, and which is last, depends on the stream alone, never on
/// timing, so every mode writes the same bytes. Used by one thread, the reader.
final class StreamBlockCutter: ArchiveByteSink {
    private let blockSize: Int
    private let contextLength: Int
    /// Content-defined cuts: the rules, and once the stream is split, the scanner that has seen
    /// every byte so far.
    private let boundaries: ContentBoundaries?
    private var scanner: ContentBoundaries.Scanner?
    /// The stream's bytes so far end at a boundary: the next byte starts a block.
    private var isAtBoundary = false
    private let deliver: (StreamedBlock) throws -> Void
    /// Where each next block's storage comes from, when its workers hand theirs back.
    private let recycler: BlockStorageRecycler?
    /// Context, then the bytes of the block being filled, up to `end`. What lies past `end` is
    /// room: left over from the block whose storage this was (`BlockStorageRecycler`), written
    /// over in place and cut off when the block is handed out.
    private var storage: [UInt8] = []
    private var end = 0
    private var storageContextLength = 0
    private var nextIndex = 0
    private var isFinished = false
    /// Whether the stream has grown past one block's limit (twice `blockSize`).
    private var isSplit = false
    /// Every byte consumed so far.
    private(set) var streamLength: Int64 = 0

    init(
        blockSize: Int, contextLength: Int, boundaries: ContentBoundaries? = nil, recycler: BlockStorageRecycler? = nil,
        deliver: @escaping (StreamedBlock) throws -> Void
    ) {
        precondition(blockSize > 0 && contextLength >= 0)
        self.blockSize = blockSize
        self.contextLength = contextLength
        self.boundaries = boundaries
        self.deliver = deliver
        self.recycler = recycler
    }

    private var filled: Int { end - storageContextLength }

    /// What the block being filled may hold before a further byte seals it.
    private var limit: Int { isSplit ? blockSize : 2 * blockSize }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "bytes after the end of the stream")
        var offset = 0
        while offset < bytes.count {
            if scanner != nil {
                offset += try cutAtBoundaries(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                continue
            }
            if filled == limit {
                if isSplit {
                    try seal(isLast: false)
                } else {
                    try split()
                }
                continue
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            offset += extend(by: min(limit - filled, rest.count)) { room in
                room.copyMemory(from: UnsafeRawBufferPointer(rebasing: rest[..<room.count]))
                return room.count
            }
        }
    }

    /// Has `write` put up to `count` (more than 0) of the stream's next bytes straight into the
    /// storage of the block they belong to, as a file's data is read into it, so that they are
    /// not copied there from a buffer of the reader's; takes the bytes it says it wrote (none at
    /// the end of a file, say) and returns how many. With content boundaries, which are found in
    /// bytes already consumed, they are written into a buffer and consumed from there.
    func consume(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int {
        precondition(!isFinished, "bytes after the end of the stream")
        precondition(count > 0)
        guard boundaries == nil else { return try consumeThroughBuffer(atMost: count, writtenBy: write) }
        guard filled == limit else { return extend(by: min(limit - filled, count), write) }
        // The block is full, and sealed only once a byte beyond it is known to come: the bytes
        // go to the next block's storage first.
        var next = successor()
        let room = min(count, blockSize)
        Self.lengthen(&next.storage, to: next.contextLength + room)
        let written = next.storage.withUnsafeMutableBytes { storage in
            write(UnsafeMutableRawBufferPointer(rebasing: storage[next.contextLength..<next.contextLength + room]))
        }
        precondition(written >= 0 && written <= room, "wrote \(written) bytes into room for \(room)")
        guard written > 0 else {
            recycler?.giveBack(next.storage)
            return 0
        }
        // Split, the stream's second block is the one being filled, full (its last bytes are
        // those `next` took as its context).
        if !isSplit { try split() }
        try handOut(isLast: false, next: next.storage, contextLength: next.contextLength, end: next.contextLength + written)
        streamLength += Int64(written)
        return written
    }

    /// Hands out the block being filled as the last one (empty when the stream was). Called once.
    func finish() throws {
        precondition(!isFinished, "stream finished twice")
        isFinished = true
        try seal(isLast: true)
    }

    /// Has `write` put up to `count` bytes after the block's bytes, its storage lengthened first
    /// where it is too short; takes those it says it wrote and returns how many.
    private func extend(by count: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        Self.lengthen(&storage, to: end + count)
        let written = storage.withUnsafeMutableBytes { write(UnsafeMutableRawBufferPointer(rebasing: $0[end..<end + count])) }
        precondition(written >= 0 && written <= count, "wrote \(written) bytes into room for \(count)")
        end += written
        streamLength += Int64(written)
        return written
    }

    /// Appends `bytes` up to the next boundary (sealing the block before it first, if the bytes
    /// so far ended at one); returns how many it took.
    private func cutAtBoundaries(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        if isAtBoundary {
            isAtBoundary = false
            try seal(isLast: false)
        }
        let count = scanner!.scan(bytes) { _, _ in
            isAtBoundary = true
            return false
        }
        return extend(by: count) { room in
            room.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<room.count]))
            return room.count
        }
    }

    /// The stream has outgrown one block: its first `blockSize` bytes become block 0, and the
    /// second `blockSize` the block being filled (full, so the next byte seals it). With content
    /// boundaries, the blocks end at those in what is held instead (the next byte is known to
    /// come), and the rest is the block being filled.
    private func split() throws {
        precondition(nextIndex == 0 && storageContextLength == 0 && filled == 2 * blockSize)
        isSplit = true
        storage.removeLast(storage.count - end)
        let held = storage
        if let boundaries {
            var scanner = ContentBoundaries.Scanner(rules: boundaries, at: 0)
            var start = 0
            try held.withUnsafeBytes { bytes in
                while start < bytes.count {
                    var isBoundary = false
                    let count = scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[start...])) { _, _ in
                        isBoundary = true
                        return false
                    }
                    guard isBoundary else { break }
                    hold(held, from: start, to: start + count)
                    try seal(isLast: false)
                    start += count
                }
            }
            hold(held, from: start, to: held.count)
            self.scanner = scanner
            return
        }
        storage = Array(held[..<blockSize])
        end = blockSize
        try seal(isLast: false, keeping: held[blockSize...])
    }

    /// Makes `held[start..<end]` the block being filled, with the bytes before it as its context.
    private func hold(_ held: [UInt8], from start: Int, to end: Int) {
        let contextStart = max(0, start - contextLength)
        storage = Array(held[contextStart..<end])
        self.end = storage.count
        storageContextLength = start - contextStart
    }

    /// Hands out the block being filled and starts the next with the stream's last
    /// `contextLength` bytes as its context, then `following`.
    private func seal(isLast: Bool, keeping following: ArraySlice<UInt8> = []) throws {
        guard !isLast else { return try handOut(isLast: true, next: [], contextLength: 0, end: 0) }
        var next = successor()
        let nextEnd = next.contextLength + following.count
        Self.lengthen(&next.storage, to: nextEnd)
        next.storage.replaceSubrange(next.contextLength..<nextEnd, with: following)
        try handOut(isLast: false, next: next.storage, contextLength: next.contextLength, end: nextEnd)
    }

    /// Storage for the block after the one being filled: the stream's last `contextLength`
    /// bytes as its context, with the capacity of a block after it. An array handed back is
    /// written over; a new one is lengthened only as it is filled, so that a short last block
    /// leaves the rest of its memory untouched.
    private func successor() -> (storage: [UInt8], contextLength: Int) {
        let context = min(contextLength, end)
        var next = recycler?.take() ?? []
        next.reserveCapacity(context + blockSize)
        Self.lengthen(&next, to: context)
        next.withUnsafeMutableBytes { room in
            storage.withUnsafeBytes { room.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[(end - context)..<end])) }
        }
        return (next, context)
    }

    /// Hands out the block being filled, cut to its bytes, and makes `next` the block being
    /// filled, its first `nextEnd` bytes (`contextLength` of them context) the stream's. The index
    /// advances only once the block was taken, so a block `deliver` refused leaves no gap before
    /// the next.
    private func handOut(isLast: Bool, next: [UInt8], contextLength: Int, end nextEnd: Int) throws {
        storage.removeLast(storage.count - end)
        let block = StreamedBlock(index: nextIndex, storage: storage, contextLength: storageContextLength, isLast: isLast)
        storage = next
        storageContextLength = contextLength
        end = nextEnd
        try deliver(block)
        nextIndex += 1
    }

    /// Zeros after `array`'s elements until it has `count` (nothing when it has as many).
    private static func lengthen(_ array: inout [UInt8], to count: Int) {
        if array.count < count { array.append(contentsOf: repeatElement(0, count: count - array.count)) }
    }
}

/// A block of a stream cut by `StreamBlockCutter`, with the bytes before it its encoder wants as
/// context (the 32 KiB dictionary of the zlib single-stream encoder, nothing for libdeflate).
struct StreamedBlock: Sendable {
    let index: Int
    /// `contextLength` bytes of context, then the block's own bytes.
    let storage: [UInt8]
    let contextLength: Int
    /// No byte of the stream follows this block.
    let isLast: Bool

    var length: Int { storage.count - contextLength }
}
