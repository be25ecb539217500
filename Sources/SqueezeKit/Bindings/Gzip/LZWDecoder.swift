/// compress(1)'s LZW data (`.Z`), decoded as GNU gzip's `unlzw` decodes it, so that `squeeze
/// decompress` gives what `gzip -dc` gives, byte for byte and error for error: codes of 9 bits
/// growing to the header's maximum (9 to 16), a CLEAR code (256) in block mode, and the quirks
/// that make a file what it is. Codes are read in groups of eight: when the width changes (or a
/// CLEAR resets it), the rest of the group is skipped, as compress writes it; at the end of the
/// input, bits too few for a whole code are ignored.
///
/// The format has no length and no checksum: a damaged file that still holds valid codes decodes
/// to wrong bytes without an error, in gzip and `uncompress` as here. Only a code that no table
/// holds (`GzipFormatError.corruptLZW`) or too wide a header (`.lzwTooManyBits`) is an error.
/// (`compress -b9` of ncompress 4.2.4 writes files neither gzip nor `uncompress` reads past the
/// table's filling: they fail here as there.)
///
/// Decoding is resumable: `decode` takes whatever input and output room it is given and says what
/// it used, keeping the string of a code that did not fit for the next call.
///
/// `@unchecked Sendable`: its tables are not thread safe; each instance is used by one thread at a
/// time, the streaming decoder's, which workers reach only through `CodecPool.withInstance`.
final class LZWDecoder: @unchecked Sendable {
    static let magic: [UInt8] = [0x1F, 0x9D]
    /// The magic and the flags byte.
    static let headerLength = 3
    static let maximumBits = 16

    private static let initialBits = 9
    private static let clearCode = 256
    private static let tableSize = 1 << maximumBits
    private static let blockModeFlag: UInt8 = 0x80
    private static let reservedFlags: UInt8 = 0x60
    private static let bitsMask: UInt8 = 0x1F

    /// What one call of `decode` did.
    struct Step {
        var consumed: Int
        var produced: Int
        /// A code no table holds: the bytes produced before it are still given out first.
        var failure: GzipFormatError?
    }

    private let prefixes = UnsafeMutablePointer<UInt16>.allocate(capacity: tableSize)
    private let suffixes = UnsafeMutablePointer<UInt8>.allocate(capacity: tableSize)
    /// A code's string is built backwards from `stackEnd`; the longest is one byte per table entry.
    private let stack = UnsafeMutablePointer<UInt8>.allocate(capacity: tableSize + 1)
    private let stackEnd = tableSize + 1

    private var blockMode = false
    private var maximumBits = 0
    private var maximumCode = 0
    private var bits = 0
    private var maxCode = 0
    private var nextFree = 0
    private var previousCode = -1
    private var finalByte: UInt8 = 0
    /// Bits read but not used, the next code in the lowest.
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    /// Bits of the stream used since the current code width began: the group ends at a multiple
    /// of `bits` bytes from there.
    private var bitsInWidth = 0
    /// Bits still to skip (to the end of a group) that were not yet read.
    private var bitsToSkip = 0
    /// The string of the last code, from here to `stackEnd`, not yet all given out.
    private var pending: Int

    init() {
        pending = stackEnd
    }

    deinit {
        prefixes.deallocate()
        suffixes.deallocate()
        stack.deallocate()
    }

    /// Starts a new stream from its header's flags byte (the one after the magic). Returns gzip's
    /// warning for reserved flags, which it reads past; throws for more than 16 bits.
    func start(flags: UInt8) throws(GzipFormatError) -> String? {
        let maximumBits = Int(flags & Self.bitsMask)
        guard maximumBits <= Self.maximumBits else { throw .lzwTooManyBits(maximumBits) }
        blockMode = flags & Self.blockModeFlag != 0
        self.maximumBits = maximumBits
        maximumCode = 1 << maximumBits
        bits = Self.initialBits
        maxCode = (1 << bits) - 1
        nextFree = blockMode ? Self.clearCode + 1 : Self.clearCode
        previousCode = -1
        finalByte = 0
        bitBuffer = 0
        bitCount = 0
        bitsInWidth = 0
        bitsToSkip = 0
        pending = stackEnd
        for code in 0..<256 {
            prefixes[code] = 0
            suffixes[code] = UInt8(code)
        }
        let reserved = flags & Self.reservedFlags
        return reserved == 0 ? nil : "warning, unknown flags 0x\(String(reserved, radix: 16))"
    }

    /// Decodes from `input` into `output` as far as either goes. The stream ends with the input:
    /// once no input follows and no output is pending, bits too few for a code are left unused.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        var consumed = 0
        var produced = 0
        while true {
            if pending < stackEnd {
                let count = min(stackEnd - pending, output.count - produced)
                if count > 0 {
                    (output.baseAddress! + produced).copyMemory(from: stack + pending, byteCount: count)
                    produced += count
                    pending += count
                }
                if pending < stackEnd { return Step(consumed: consumed, produced: produced) }
            }
            if nextFree > maxCode {
                skipToGroupEnd()
                bits += 1
                maxCode = bits == maximumBits ? maximumCode : (1 << bits) - 1
                continue
            }
            // Skip, then load, whole bytes: what a group's end leaves lies on a byte boundary.
            while bitsToSkip > 0 && consumed < input.count {
                consumed += 1
                bitsToSkip -= 8
            }
            while bitCount < bits && consumed < input.count && bitsToSkip == 0 {
                bitBuffer |= UInt64(input[consumed]) << bitCount
                bitCount += 8
                consumed += 1
            }
            guard bitCount >= bits && bitsToSkip == 0 else {
                return Step(consumed: consumed, produced: produced)
            }
            let code = Int(bitBuffer & ((1 << UInt64(bits)) - 1))
            bitBuffer >>= UInt64(bits)
            bitCount -= bits
            bitsInWidth += bits
            do {
                try take(code)
            } catch {
                return Step(consumed: consumed, produced: produced, failure: error)
            }
        }
    }

    /// Whether the last code's string has all been given out.
    var hasPendingOutput: Bool { pending < stackEnd }

    /// Skips the rest of the current group of eight codes, as a change of width does.
    private func skipToGroupEnd() {
        let group = bits * 8
        let rest = (group - bitsInWidth % group) % group
        bitsInWidth = 0
        if rest <= bitCount {
            bitBuffer >>= UInt64(rest)
            bitCount -= rest
        } else {
            bitsToSkip = rest - bitCount
            bitBuffer = 0
            bitCount = 0
        }
    }

    /// One code: its string goes to `pending`, and the table grows by one entry.
    private func take(_ code: Int) throws(GzipFormatError) {
        if previousCode == -1 {
            guard code < 256 else { throw .corruptLZW }
            previousCode = code
            finalByte = UInt8(code)
            pending = stackEnd - 1
            stack[pending] = finalByte
            return
        }
        if code == Self.clearCode && blockMode {
            // As gzip: the next code is read with the code before the CLEAR as its predecessor,
            // and so makes an entry at 256, which no code reaches in block mode.
            nextFree = Self.clearCode
            skipToGroupEnd()
            bits = Self.initialBits
            maxCode = (1 << bits) - 1
            return
        }
        var top = stackEnd
        var current = code
        if current >= nextFree {
            guard current == nextFree else { throw .corruptLZW }
            // KwKwK: the code being defined, the previous string and its own first byte.
            top -= 1
            stack[top] = finalByte
            current = previousCode
        }
        while current >= 256 {
            top -= 1
            stack[top] = suffixes[current]
            current = Int(prefixes[current])
        }
        finalByte = suffixes[current]
        top -= 1
        stack[top] = finalByte
        pending = top
        if nextFree < maximumCode {
            prefixes[nextFree] = UInt16(previousCode)
            suffixes[nextFree] = finalByte
            nextFree += 1
        }
        previousCode = code
    }
}
