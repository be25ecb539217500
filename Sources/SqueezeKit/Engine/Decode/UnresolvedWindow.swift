/// The first bytes of a stretch decoded from a block in the middle of a member, before the 32 KiB
/// window they may copy from is known: which of them came from that window, and from where.
///
/// The stretch decodes them twice in lockstep (`WindowProbe`), each time with a made-up window:
/// A (byte i is `i & 0xFF`) and B (`(i >> 8) ^ (i & 0xFF) ^ 0x80`, never equal to A's byte, as
/// `i >> 8` is below 128). Inflating takes the same path whatever the window holds, so both
/// outputs have the same length; where A and B differ, the byte was copied from window byte
/// `A | (A ^ B ^ 0x80) << 8`, and where they agree it is real. A goes on alone once the last 32
/// KiB it decoded are all real, or once the window is known (the stretch before was delivered):
/// from the next block boundary, with the real window.
struct UnresolvedWindow: Sendable, Equatable {
    /// The bytes from the start that were decoded in lockstep (the copies lie among them).
    var prefixLength = 0
    /// Where copies from the window lie, in order, and which window byte each is (0 is the
    /// oldest of the 32 KiB, 32767 the byte just before the stretch).
    var positions: [UInt32] = []
    var windowIndices: [UInt16] = []

    static let windowSize = 32 << 10

    /// Records the copies among bytes `range` of the two outputs; returns the last one's offset.
    mutating func scan(_ range: Range<Int>, a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer) -> Int? {
        var last: Int?
        var offset = range.lowerBound
        // Eight bytes at a time (32 while they agree: most bytes are real, in long runs); the
        // bytes that differ are picked out of a word's XOR, without a compare per byte.
        while offset + 8 <= range.upperBound {
            if offset + 32 <= range.upperBound {
                var difference: UInt64 = 0
                for word in stride(from: offset, to: offset + 32, by: 8) {
                    difference |= a.loadUnaligned(fromByteOffset: word, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: word, as: UInt64.self)
                }
                if difference == 0 {
                    offset += 32
                    continue
                }
            }
            var difference = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            while difference != 0 {
                let byte = difference.trailingZeroBitCount / 8
                record(offset + byte, a: a, b: b)
                last = offset + byte
                difference &= ~(0xFF << UInt64(byte * 8))
            }
            offset += 8
        }
        for at in offset..<range.upperBound where a[at] != b[at] {
            record(at, a: a, b: b)
            last = at
        }
        return last
    }

    private mutating func record(_ offset: Int, a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer) {
        positions.append(UInt32(offset))
        windowIndices.append(Self.windowIndex(a: a[offset], b: b[offset]))
    }

    static func windowIndex(a: UInt8, b: UInt8) -> UInt16 { UInt16(a) | UInt16(a ^ b ^ 0x80) << 8 }

    /// Resolves, in `bytes`, the copies that lie in `range` (the window's bytes, `window`, are
    /// all 32 KiB of it).
    func resolve(_ bytes: UnsafeMutableRawBufferPointer, in range: Range<Int>, window: UnsafeRawBufferPointer) {
        var index = positions.count
        while index > 0 && Int(positions[index - 1]) >= range.upperBound { index -= 1 }
        while index > 0 && Int(positions[index - 1]) >= range.lowerBound {
            index -= 1
            bytes[Int(positions[index])] = window[Int(windowIndices[index])]
        }
    }

    /// Puts the window's bytes in place of the copies in `bytes`, and returns the CRC-32 of the
    /// prefix; nil if a copy reaches back past the start of `window` (the bytes of the member
    /// before the stretch, at most 32 KiB): a start that was no block of this member, or damage.
    func resolve(_ bytes: UnsafeMutableRawBufferPointer, window: ArraySlice<UInt8>) -> UInt32? {
        let missing = Self.windowSize - window.count
        for (position, index) in zip(positions, windowIndices) {
            guard Int(index) >= missing else { return nil }
            bytes[Int(position)] = window[window.startIndex + Int(index) - missing]
        }
        return CRC32.update(0, UnsafeRawBufferPointer(rebasing: bytes[..<prefixLength]))
    }

    /// The last 32 KiB of `window` followed by `bytes`.
    static func window(after window: [UInt8], _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        if bytes.count >= windowSize { return Array(bytes[(bytes.count - windowSize)...]) }
        return Array((window + bytes).suffix(windowSize))
    }
}

/// The two made-up windows of `UnresolvedWindow`, made once.
enum MadeUpWindow {
    static let a: [UInt8] = (0..<UnresolvedWindow.windowSize).map { UInt8(truncatingIfNeeded: $0) }
    static let b: [UInt8] = (0..<UnresolvedWindow.windowSize).map { UInt8(truncatingIfNeeded: ($0 >> 8) ^ ($0 & 0xFF) ^ 0x80) }
}


/// The B decoder of `UnresolvedWindow`, following the stretch's own decoder (A) call for call on
/// the same input with the same room for output, until A goes on alone.
struct WindowProbe {
    let b: IsalInflater
    let bOutput: UnsafeMutableRawBufferPointer
    var found = UnresolvedWindow()
    /// Offset of the last byte copied from the window, -1 for none yet.
    private var lastCopy = -1

    /// Starts A (`a`) and B at bit `bitsUsed` of `byte`, each with its made-up window.
    init(a: IsalInflater, b: IsalInflater, bOutput: UnsafeMutableRawBufferPointer, atBit bitsUsed: Int, of byte: UInt8) {
        self.b = b
        self.bOutput = bOutput
        MadeUpWindow.a.withUnsafeBytes { a.reset(atBit: bitsUsed, of: byte, dictionary: $0) }
        MadeUpWindow.b.withUnsafeBytes { b.reset(atBit: bitsUsed, of: byte, dictionary: $0) }
    }

    /// The most bytes decoded in lockstep.
    var capacity: Int { bOutput.count }

    /// Runs B as A ran on `input` into `a[offset..<end]`, which gave `step`; records the copies
    /// from the window. False if B did not do exactly what A did (a fault to give up on).
    mutating func follow(_ input: UnsafeRawBufferPointer, a: UnsafeMutableRawBufferPointer, from offset: Int, to end: Int, step: IsalInflater.Step) -> Bool {
        guard let other = try? b.inflate(input, into: UnsafeMutableRawBufferPointer(rebasing: bOutput[offset..<end])),
              other.consumed == step.consumed, other.produced == step.produced, other.isEnd == step.isEnd
        else { return false }
        if let last = found.scan(offset..<(offset + step.produced), a: UnsafeRawBufferPointer(a), b: UnsafeRawBufferPointer(bOutput)) {
            lastCopy = last
        }
        return true
    }

    /// Whether the last 32 KiB of the `produced` bytes are all real: nothing after can reach the window.
    func isClear(produced: Int) -> Bool { produced - 1 - lastCopy >= UnresolvedWindow.windowSize }
}
