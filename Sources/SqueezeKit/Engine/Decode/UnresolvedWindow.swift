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
///
/// B's bytes are kept, up to its last copy, rather than a list of the copies: while decoding, a
/// piece is only searched backwards for its last copy (most bytes are real, in long runs), and
/// the copies are picked out once, when the stretch is delivered (6 bytes a copy, a few hundred
/// thousand of them a stretch, cost more to record than the whole comparison).
struct UnresolvedWindow: Sendable {
    /// The bytes from the start that were decoded in lockstep (the copies lie among them).
    let prefixLength: Int
    /// B's bytes, from the start up to and including the last copy (A's agree with them after),
    /// in memory lent by the stretch decoder's pool: faulted in once, not for every stretch.
    let b: StretchBuffer

    static let windowSize = 32 << 10

    static func windowIndex(a: UInt8, b: UInt8) -> Int { Int(a) | Int(a ^ b ^ 0x80) << 8 }

    /// The offset of the last byte in `range` where `a` and `b` differ (a copy), nil if none.
    static func lastDifference(in range: Range<Int>, a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer) -> Int? {
        var end = range.upperBound
        while end - 8 >= range.lowerBound {
            let difference = a.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
            // Byte k of a little-endian word holds bits 8k to 8k + 7.
            if difference != 0 { return end - 1 - difference.littleEndian.leadingZeroBitCount / 8 }
            end -= 8
        }
        return (range.lowerBound..<end).last { a[$0] != b[$0] }
    }

    /// Calls `body` with each offset in `range` where `a` and `b` differ, in order: eight bytes at a
    /// time (32 while they agree), the bytes that differ picked out of a word's XOR.
    @inline(__always)
    static func forEachDifference(
        in range: Range<Int>, a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer, _ body: (Int) -> Void
    ) {
        var offset = range.lowerBound
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
            var difference = (a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)).littleEndian
            while difference != 0 {
                body(offset + difference.trailingZeroBitCount / 8)
                difference &= ~(0xFF << UInt64(difference.trailingZeroBitCount & ~7))
            }
            offset += 8
        }
        for at in offset..<range.upperBound where a[at] != b[at] { body(at) }
    }

    /// Puts the window's bytes in place of the copies in `bytes` (A's), and returns the CRC-32 of
    /// the prefix; nil if a copy reaches back past the start of `window` (the bytes of the member
    /// before the stretch, at most 32 KiB): a start that was no block of this member, or damage.
    func resolve(_ bytes: UnsafeMutableRawBufferPointer, window: ArraySlice<UInt8>) -> UInt32? {
        let missing = Self.windowSize - window.count
        let b = b.bytes
        let reachesBack = window.withUnsafeBufferPointer { window in
            var reachesBack = false
            // A's bytes are read before they are replaced: a byte replaced is never read again.
            Self.forEachDifference(in: 0..<b.count, a: UnsafeRawBufferPointer(bytes), b: b) { at in
                let index = Self.windowIndex(a: bytes[at], b: b[at]) - missing
                if index < 0 {
                    reachesBack = true
                } else {
                    bytes[at] = window[index]
                }
            }
            return reachesBack
        }
        if reachesBack { return nil }
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
    /// B's output, handed on with the stretch (`UnresolvedWindow.b`) when A goes on alone.
    let bBuffer: StretchBuffer
    var bOutput: UnsafeMutableRawBufferPointer { bBuffer.memory }
    /// Offset of the last byte copied from the window, -1 for none yet.
    private var lastCopy = -1

    /// Starts A (`a`) and B at bit `bitsUsed` of `byte`, each with its made-up window.
    init(a: IsalInflater, b: IsalInflater, bBuffer: StretchBuffer, atBit bitsUsed: Int, of byte: UInt8) {
        self.b = b
        self.bBuffer = bBuffer
        MadeUpWindow.a.withUnsafeBytes { a.reset(atBit: bitsUsed, of: byte, dictionary: $0) }
        MadeUpWindow.b.withUnsafeBytes { b.reset(atBit: bitsUsed, of: byte, dictionary: $0) }
    }

    /// The most bytes decoded in lockstep.
    var capacity: Int { bOutput.count }

    /// Runs B as A ran on `input` into `a[offset..<end]`, which gave `step`; notes the last copy
    /// from the window. False if B did not do exactly what A did (a fault to give up on).
    mutating func follow(_ input: UnsafeRawBufferPointer, a: UnsafeMutableRawBufferPointer, from offset: Int, to end: Int, step: IsalInflater.Step) -> Bool {
        guard let other = try? b.inflate(input, into: UnsafeMutableRawBufferPointer(rebasing: bOutput[offset..<end])),
              other.consumed == step.consumed, other.produced == step.produced, other.isEnd == step.isEnd
        else { return false }
        let range = offset..<(offset + step.produced)
        if let last = UnresolvedWindow.lastDifference(in: range, a: UnsafeRawBufferPointer(a), b: UnsafeRawBufferPointer(bOutput)) {
            lastCopy = last
        }
        return true
    }

    /// The copies A decoded into its first `prefixLength` bytes, B's bytes kept to tell them.
    func unresolved(prefixLength: Int) -> UnresolvedWindow {
        bBuffer.count = min(prefixLength, lastCopy + 1)
        return UnresolvedWindow(prefixLength: prefixLength, b: bBuffer)
    }

    /// The 32 KiB before A's byte `produced`, once the real `window` before the stretch is known:
    /// what A's decoder starts afresh with. A's bytes stay as they are (they are resolved when the
    /// stretch is delivered); the copies among the last 32 KiB are resolved in the copy returned.
    func realWindow(before produced: Int, a: UnsafeMutableRawBufferPointer, window: [UInt8]) -> [UInt8] {
        let tail = max(0, produced - UnresolvedWindow.windowSize)..<produced
        var bytes = Array(window.suffix(UnresolvedWindow.windowSize - tail.count)) + Array(a[tail])
        let shift = bytes.count - tail.count - tail.lowerBound
        UnresolvedWindow.forEachDifference(in: tail, a: UnsafeRawBufferPointer(a), b: UnsafeRawBufferPointer(bOutput)) { at in
            bytes[at + shift] = window[UnresolvedWindow.windowIndex(a: a[at], b: bOutput[at])]
        }
        return bytes
    }

    /// Whether the last 32 KiB of the `produced` bytes are all real: nothing after can reach the window.
    func isClear(produced: Int) -> Bool { produced - 1 - lastCopy >= UnresolvedWindow.windowSize }
}
