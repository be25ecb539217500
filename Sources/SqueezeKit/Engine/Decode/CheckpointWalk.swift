/// Decodes a gzip file from a block boundary on (the first member's first block, or a
/// checkpoint's bit with its window), member after member, and tells its caller of every block
/// boundary and every decoded piece: what `squeeze index` builds a checkpoint index with, and
/// what a range read through an index decodes a checkpoint's span with.
///
/// Each member whose start the walk saw has its CRC-32 and length checked against its trailer; a
/// member the walk started inside of (from a checkpoint) cannot be, and its trailer is only read
/// past. The walk stops at the end of the file, or at bytes after a member that are not another
/// member (padding or garbage: judged by a full decode, not here).
struct CheckpointWalk {
    enum Event {
        /// Decoded bytes, in order, valid only during the call.
        case bytes(UnsafeRawBufferPointer)
        /// A DEFLATE block starts at `bit` of the file, `decodedOffset` bytes into the data, with
        /// `window` (up to 32 KiB) decoded before it; `atMemberStart` for a member's first block,
        /// which needs no window (but may be given one: it is the decoded bytes before it all the same).
        case boundary(bit: Int64, decodedOffset: Int64, window: UnsafeRawBufferPointer, atMemberStart: Bool)
    }

    static let windowSize = 1 << 15
    private static let inputCapacity = 1 << 18
    private static let outputCapacity = 1 << 18

    let file: ReadableFile
    let fileSize: Int64
    private let inflater: ZlibInflater
    private let buffers = WalkBuffers(input: inputCapacity, output: windowSize + outputCapacity)
    private var input: UnsafeMutableRawBufferPointer { buffers.input }
    private var output: UnsafeMutableRawBufferPointer { buffers.output }
    /// The file offset of `input[0]`, how many bytes of it were read, and how many used.
    private var inputStart: Int64 = 0
    private var inputCount = 0
    private var inputUsed = 0
    /// `output` holds the last `historyCount` (at most `windowSize`) decoded bytes, then room for
    /// a step's output.
    private var historyCount = 0
    /// Whether the walk starts at a member's header (else at a checkpoint inside a member).
    private var startsAtHeader = true
    private(set) var decodedOffset: Int64
    /// The running CRC-32 and length of the member being decoded; nil when it started before the walk.
    private var member: (checksum: UInt32, length: Int64)?
    private(set) var members = 0
    /// The first member's header, once the walk has read it from the file's start.
    private(set) var firstHeader: GzipHeader?
    /// The file offset the walk has read up to: past the last member once `run` says they ended.
    var compressedOffset: Int64 { inputStart + Int64(inputUsed) }

    /// A walk from the first block of the member whose header is at `memberOffset`.
    init(file: ReadableFile, memberOffset: Int64, decodedOffset: Int64) throws {
        self.file = file
        fileSize = try file.status().size
        inflater = try ZlibInflater()
        self.decodedOffset = decodedOffset
        inputStart = memberOffset
    }

    /// A walk from a checkpoint: the block starting at `bit`, with `window` decoded before it.
    init(file: ReadableFile, bit: Int64, decodedOffset: Int64, window: [UInt8]) throws {
        try self.init(file: file, memberOffset: bit / 8, decodedOffset: decodedOffset)
        try fill(atLeast: 1)
        let bitsBefore = Int(bit % 8)
        try window.withUnsafeBytes {
            if bitsBefore > 0 { try inflater.reset(atBit: bitsBefore, of: input[0], dictionary: $0) } else { try inflater.reset(dictionary: $0) }
        }
        if bitsBefore > 0 { inputUsed = 1 }
        let kept = window.suffix(Self.windowSize)
        UnsafeMutableRawBufferPointer(rebasing: output[..<kept.count]).copyBytes(from: kept)
        historyCount = kept.count
        // Only at the start of the data is the whole of the member ahead, so that its CRC-32 can
        // be checked. A checkpoint without a window may be at a member's first block, but also
        // after a full flush inside one (gztool's own compressor puts them there).
        member = decodedOffset == 0 ? (0, 0) : nil
        startsAtHeader = false
    }

    /// Runs until the file's members end or `handle` returns false; returns whether they ended.
    mutating func run(_ handle: (Event) throws -> Bool) throws -> Bool {
        if startsAtHeader {
            startsAtHeader = false
            guard try startMember(handle) else { return true }
        }
        while true {
            let step = try inflater.inflate(
                UnsafeRawBufferPointer(rebasing: input[inputUsed..<inputCount]),
                into: UnsafeMutableRawBufferPointer(rebasing: output[historyCount...]), stoppingAtBlocks: true,
                deliveringBytesBeforeAFault: true)
            inputUsed += step.consumed
            if step.produced > 0 {
                let produced = UnsafeRawBufferPointer(rebasing: output[historyCount..<(historyCount + step.produced)])
                if let current = member { member = (CRC32.update(current.checksum, produced), current.length + Int64(step.produced)) }
                decodedOffset += Int64(step.produced)
                historyCount += step.produced
                let keepGoing = try handle(.bytes(produced))
                slideHistory()
                guard keepGoing else { return false }
            }
            if let fault = step.fault { throw fault }
            if step.isEnd {
                try finishMember()
                guard try startMember(handle) else { return true }
                continue
            }
            if step.isBetweenBlocks {
                let bit = (inputStart + Int64(inputUsed)) * 8 - Int64(step.unreadBits)
                let window = UnsafeRawBufferPointer(rebasing: output[max(0, historyCount - Self.windowSize)..<historyCount])
                guard try handle(.boundary(bit: bit, decodedOffset: decodedOffset, window: window, atMemberStart: false)) else { return false }
            }
            if step.consumed == 0 && step.produced == 0 && !step.isBetweenBlocks {
                guard try fill(atLeast: inputCount - inputUsed + 1) else { throw GzipFormatError.truncated }
            }
        }
    }

    /// Reads the header at the current input position and sets the inflater at its first block;
    /// false when the members have ended there (the end of the file, or bytes that are no member).
    private mutating func startMember(_ handle: (Event) throws -> Bool) throws -> Bool {
        var wanted = 1 << 12
        while true {
            let available = try fill(atLeast: wanted)
            if inputCount == inputUsed { return false }
            let outcome = GzipHeader.parse(UnsafeRawBufferPointer(rebasing: input[inputUsed..<inputCount]))
            switch outcome {
            case .header(let header, let length):
                if members == 0 && inputStart + Int64(inputUsed) == 0 { firstHeader = header }
                inputUsed += length
                try inflater.reset()
                member = (0, 0)
                let bit = (inputStart + Int64(inputUsed)) * 8
                let window = UnsafeRawBufferPointer(rebasing: output[max(0, historyCount - Self.windowSize)..<historyCount])
                return try handle(.boundary(bit: bit, decodedOffset: decodedOffset, window: window, atMemberStart: true))
            case .invalid:
                guard members > 0 || decodedOffset > 0 else { throw GzipFormatError.notGzip }
                return false
            case .incomplete:
                guard available, wanted < 1 << 20 else {
                    guard members > 0 || decodedOffset > 0 else { throw GzipFormatError.truncated }
                    return false
                }
                wanted *= 4
            }
        }
    }

    /// Reads the trailer after the member's last block and checks it, if the member's start was seen.
    private mutating func finishMember() throws {
        guard try fill(atLeast: GzipTrailer.length) else { throw GzipFormatError.truncated }
        let trailer = GzipTrailer(UnsafeRawBufferPointer(rebasing: input[inputUsed...]))
        inputUsed += GzipTrailer.length
        if let member { try trailer.verify(checksum: member.checksum, length: member.length) }
        members += 1
    }

    /// Keeps the last `windowSize` decoded bytes at the front of `output`, when little room is left.
    private mutating func slideHistory() {
        guard output.count - historyCount < Self.outputCapacity / 2, historyCount > Self.windowSize else { return }
        let kept = (historyCount - Self.windowSize)..<historyCount
        output.baseAddress!.copyMemory(from: output.baseAddress! + kept.lowerBound, byteCount: kept.count)
        historyCount = Self.windowSize
    }

    /// Makes at least `count` unused input bytes available if the file has them; false if it
    /// ends first (whatever it has is then available).
    @discardableResult
    private mutating func fill(atLeast count: Int) throws -> Bool {
        if inputCount - inputUsed >= count { return true }
        // Move the unused bytes to the front, grow if asked for more than fits, and read on.
        let unused = inputCount - inputUsed
        input.baseAddress!.copyMemory(from: input.baseAddress! + inputUsed, byteCount: unused)
        inputStart += Int64(inputUsed)
        inputUsed = 0
        inputCount = unused
        if input.count < count { buffers.growInput(to: count) }
        while inputCount < input.count, inputStart + Int64(inputCount) < fileSize {
            let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: input[inputCount...]), at: inputStart + Int64(inputCount))
            if read == 0 { break }
            inputCount += read
        }
        return inputCount >= count
    }
}

/// The walk's input and output memory, which stays where it is while the walk hands out views of
/// it (an array's storage may move when the array is touched).
private final class WalkBuffers {
    private(set) var input: UnsafeMutableRawBufferPointer
    let output: UnsafeMutableRawBufferPointer

    init(input: Int, output: Int) {
        self.input = .allocate(byteCount: input, alignment: 16)
        self.output = .allocate(byteCount: output, alignment: 16)
    }

    deinit {
        input.deallocate()
        output.deallocate()
    }

    /// A larger input buffer, with the bytes of the old one at its start.
    func growInput(to count: Int) {
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        grown.copyMemory(from: UnsafeRawBufferPointer(input))
        input.deallocate()
        input = grown
    }
}
