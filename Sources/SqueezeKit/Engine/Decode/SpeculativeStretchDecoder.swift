/// Decodes a stretch of a gzip file that says nothing of where its parts start, without knowing
/// where one begins: concatenated members (`cat a.gz b.gz`) and single members written with
/// flush points (`pigz -i`). The stretch searches its range for plausible starts
/// (`SpeculativeStart`: member headers and flush points) and decodes from the first one that
/// decodes (ISA-L, raw DEFLATE) until it reaches a boundary of the same two kinds at or past the
/// range's end: the end of a member, or a flush point where the decoder is at the start of a
/// block. A flush point is a start only if the data after it never reaches back before it (the
/// blocks of `pigz -i`, but not of plain `pigz`, which carries its dictionary across).
/// A member with neither (`gzip`, `igzip`, plain `pigz`) is searched for blocks instead
/// (`DynamicBlockCandidate`): a stretch decodes from the first one that decodes, not knowing the
/// window before it (`UnresolvedWindow`), up to the first such block boundary at or past the
/// range's end that its decoder stands at, to the bit.
///
/// What it finds is only speculation: a fake member stored inside another's data, or a marker
/// inside stored bytes, may decode just as well. `GzipDecodingTask` delivers a stretch only
/// when the stretch before it ended exactly where this one starts, at a boundary of the same
/// kind, so that a false start can never change a byte of the output; and the CRC-32 and
/// length of a member cut across stretches are checked when its trailer is reached.
struct SpeculativeStretchDecoder: Sendable {
    /// The most a stretch decodes to: a stretch that would decode to more (a large member without
    /// flush points) is given up, and that part of the file is left to the streaming decoder.
    static let outputLimit = 64 << 20
    /// Compressed bytes read past a stretch's range at first (it reads on if it must).
    static let readAhead: Int64 = 256 << 10
    private let scratches = CodecPool { StretchScratch() }
    /// The memory stretches are decoded into, and written from.
    private let buffers = StretchBufferPool(capacity: outputLimit)
    /// The memory the second decoder of a stretch started at a block decodes into, kept with the
    /// stretch up to its last copy from the window (`UnresolvedWindow`).
    private let probeBuffers = StretchBufferPool(capacity: outputLimit)
    /// The most input one inflater call reads (`StretchAttempt.defaultInputPiece`).
    private let inputPiece: Int

    init(inputPiece: Int = StretchAttempt.defaultInputPiece) {
        precondition(inputPiece > 0)
        self.inputPiece = inputPiece
    }

    /// The stretch decoded from the first plausible start in `range` (the member at its very
    /// first byte when `atFileStart`); nil if no start in the range decodes, or if what follows
    /// it does not decode within the output limit. `sharedSearches` holds the block searches of
    /// the file's other stretches (one per file). Every attempt is charged to `budget`; throws
    /// `SpeculationStopped` when they spend it, or once it says the chunk is no longer wanted, or
    /// when a stretch still decodes in lockstep past `lockstepLimit` bytes (`.needsWindow`).
    func decode(
        _ range: Range<Int64>, atFileStart: Bool, search: SpeculativeStart.Search, of file: ReadableFile, fileSize: Int64,
        knownWindow: @escaping @Sendable (Int64) -> [UInt8]? = { _ in nil }, sharedSearches: SharedBlockSearches = SharedBlockSearches(),
        lockstepLimit: Int = .max, budget: inout StretchBudget
    ) throws -> DecodedStretch? {
        try withAttempt(range, from: range.lowerBound, search: search, of: file, fileSize: fileSize, knownWindow: knownWindow,
                        sharedSearches: sharedSearches, lockstepLimit: lockstepLimit, budget: &budget) { attempt, input in
            let searchStart = Int(range.lowerBound - input.start)
            let searchEnd = Int(range.upperBound - input.start)
            var next = atFileStart ? SpeculativeStart(offset: 0, kind: .member) : try attempt.firstStart(fromBit: searchStart * 8, before: searchEnd)
            while let start = next {
                switch try attempt.decode(from: start) {
                case .decoded(let stretch): return stretch
                case .falseStart(let bit): next = atFileStart ? nil : try attempt.firstStart(fromBit: bit, before: searchEnd)
                case .givenUp: return nil
                }
            }
            return nil
        }
    }

    /// The stretch of a chunk decoded from a known place inside a member, file bit `bit` (where
    /// the stretches delivered before it end, at a block boundary), with the 32 KiB `window`
    /// decoded before it: once, as the stream would, up to the first block boundary at or past
    /// the range's end. For a chunk that stopped with `SpeculationStopped.needsWindow`. Nil if it
    /// does not decode there within the output limit.
    func decode(
        _ range: Range<Int64>, fromBit bit: Int64, window: [UInt8], of file: ReadableFile, fileSize: Int64,
        sharedSearches: SharedBlockSearches, budget: inout StretchBudget
    ) throws -> DecodedStretch? {
        try withAttempt(range, from: bit / 8, search: .blocks, of: file, fileSize: fileSize, knownWindow: { $0 == bit ? window : nil },
                        sharedSearches: sharedSearches, lockstepLimit: .max, budget: &budget) { attempt, input in
            let start = SpeculativeStart(offset: Int(bit / 8 - input.start), kind: .block, bitsUsed: Int(bit % 8))
            guard case .decoded(let stretch) = try attempt.decode(from: start) else { return nil }
            return stretch
        }
    }

    /// Runs `body` with a worker's attempt at the stretch of `range`, its input read from just
    /// before `offset` to a little past the range's end.
    private func withAttempt(
        _ range: Range<Int64>, from offset: Int64, search: SpeculativeStart.Search, of file: ReadableFile, fileSize: Int64,
        knownWindow: @escaping @Sendable (Int64) -> [UInt8]?, sharedSearches: SharedBlockSearches, lockstepLimit: Int,
        budget: inout StretchBudget, _ body: (inout StretchAttempt, StretchInput) throws -> DecodedStretch?
    ) throws -> DecodedStretch? {
        try scratches.withInstance { scratch in
            // The bytes just before the start, to see a marker that ends at its first bytes.
            let input = StretchInput(file: file, start: max(0, offset - 5), fileSize: fileSize, bytes: scratch.input)
            // The boundary it stops at usually lies within a block or two past the range's end.
            try input.read(upTo: min(fileSize, range.upperBound + Self.readAhead))
            var attempt = StretchAttempt(
                input: input, inflater: scratch.inflater, buffer: buffers.take(), probeInflater: scratch.probeInflater,
                probeBuffers: probeBuffers, knownWindow: knownWindow, end: range.upperBound, search: search,
                sharedSearches: sharedSearches, inputPiece: inputPiece, lockstepLimit: lockstepLimit,
                budget: budget)
            defer { budget = attempt.budget }
            return try body(&attempt, input)
        }
    }
}

/// A worker's inflaters and the memory its stretches read into, kept from stretch to stretch:
/// their pages are faulted in once, not for every stretch. The second inflater serves only
/// stretches started at a block (`WindowProbe`).
///
/// `@unchecked Sendable`: all are used by one thread at a time, because stretches only reach
/// them through `CodecPool.withInstance`.
private final class StretchScratch: @unchecked Sendable {
    let inflater = IsalInflater()
    let input = InputBytes()
    /// B's bytes are only compared with A's: no CRC-32 for them.
    let probeInflater = IsalInflater(computesChecksum: false)
}

/// The bytes a stretch has read, from `start`, grown as members reach further.
struct StretchInput {
    let file: ReadableFile
    let start: Int64
    let fileSize: Int64
    /// The worker's memory, emptied for this stretch.
    let bytes: InputBytes

    init(file: ReadableFile, start: Int64, fileSize: Int64, bytes: InputBytes) {
        self.file = file
        self.start = start
        self.fileSize = fileSize
        self.bytes = bytes
        bytes.count = 0
    }

    var end: Int64 { start + Int64(bytes.count) }
    var isAtFileEnd: Bool { end >= fileSize }

    func read(upTo limit: Int64) throws {
        guard limit > end else { return }
        try bytes.append(Int(limit - end)) { try file.read(into: $0, at: end) }
    }

    /// Reads further (doubling what was read, up to the file's end); false at the file's end.
    func readMore() throws -> Bool {
        guard !isAtFileEnd else { return false }
        try read(upTo: min(fileSize, end + Int64(max(bytes.count, 1 << 20))))
        return true
    }

    /// Whether every byte from `offset` (of `bytes`) to the file's end is zero. Those past what was
    /// read are read in pieces, and not kept: padding may be long.
    func isZero(from offset: Int, budget: inout StretchBudget) throws -> Bool {
        guard !bytes.bytes[offset...].contains(where: { $0 != 0 }) else { return false }
        try budget.charge(bytes.count - offset)
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { piece.deallocate() }
        var at = end
        while at < fileSize {
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: piece[..<Int(min(Int64(piece.count), fileSize - at))]), at: at)
            guard count > 0 else { break }
            guard !piece[..<count].contains(where: { $0 != 0 }) else { return false }
            try budget.charge(count)
            at += Int64(count)
        }
        return true
    }
}

/// Compressed bytes in memory that a worker keeps from stretch to stretch, grown when a stretch
/// reads further than any before it.
///
/// `@unchecked Sendable`: used by one thread at a time, through its `StretchScratch`.
final class InputBytes: @unchecked Sendable {
    private var memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)
    var count = 0

    deinit { memory.deallocate() }

    subscript(offset: Int) -> UInt8 { bytes[offset] }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: memory[..<count]) }

    /// The bytes read, to change in place (`CheckpointSpanDecoder` marks where a block ends).
    var mutableBytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: memory[..<count]) }

    /// The bytes the memory holds before it must grow.
    var capacity: Int { memory.count }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result { try body(bytes) }

    /// Appends what `fill` puts in up to `length` bytes of room (returning how many).
    func append(_ length: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows {
        if count + length > memory.count {
            let grown = StretchBufferPool.allocate(Self.capacity(toHold: count + length, after: capacity))
            grown.copyMemory(from: bytes)
            memory.deallocate()
            memory = grown
        }
        count += try fill(UnsafeMutableRawBufferPointer(rebasing: memory[count..<(count + length)]))
    }

    /// The memory to grow to from `current` bytes so as to hold `needed`: at least double, and a
    /// whole number of huge pages (2 MiB), so that a stretch reading a few bytes more than the
    /// one before (the 5 bytes before its range, say) does not allocate, copy and fault in
    /// memory again.
    static func capacity(toHold needed: Int, after current: Int) -> Int {
        let hugePage = 2 << 20
        return (max(needed, 2 * current) + hugePage - 1) / hugePage * hugePage
    }
}
