/// A file's or a notice's record of the `--json` report written directly, as `JSONEncoder` with
/// sorted keys and slashes unescaped (`ReportStream.recordEncoder`) writes it, byte for byte: a rerun of a million resumed files writes a million
/// records, and the encoder's generic path cost more than checking the files did. A file's record
/// with a listing (`list`) still goes through the encoder.
extension RunReport.Notice {
    public var jsonRecord: [UInt8] {
        let strings = path.utf8.count + message.utf8.count + (pathBytes?.utf8.count ?? 0)
        return JSONRecordWriter.record(capacity: JSONRecordWriter.capacity(forStringBytes: strings)) { json in
            json.append(#"{"message":"#)
            json.appendString(message.utf8)
            json.append(#","path":"#)
            json.appendString(path.utf8)
            if let pathBytes {
                json.append(#","pathBytes":"#)
                json.appendString(pathBytes.utf8)
            }
            json.append("}")
        }
    }
}

extension RunReport.FileEntry {
    /// The record's JSON, or nil when it has a listing.
    public var jsonRecord: [UInt8]? {
        guard listing == nil else { return nil }
        let strings = path.utf8.count + (output?.utf8.count ?? 0) + (pathBytes?.utf8.count ?? 0) + (outputBytes?.utf8.count ?? 0)
        return JSONRecordWriter.record(capacity: JSONRecordWriter.capacity(forStringBytes: strings)) { json in
            json.appendFileRecord(
                bytesIn: bytesIn, bytesOut: bytesOut, output: output.map { $0.utf8 }, outputBytes: outputBytes?.utf8,
                outputCRC32: outputCRC32, path: path.utf8, pathBytes: pathBytes?.utf8, seconds: seconds)
        }
    }
}

extension FinishedFile {
    /// The record's JSON, as `entry.jsonRecord` writes it, or nil when the file has a listing.
    public var jsonRecord: [UInt8]? {
        guard listing == nil else { return nil }
        guard let capacity = directRecordCapacity else { return entry.jsonRecord }
        return JSONRecordWriter.record(capacity: capacity) { writeDirectRecord(into: &$0) }
    }

    /// Appends the record's JSON (`jsonRecord`) to `spool` as one record, after `separator` unless
    /// it is the first, written in the spool's buffer; false, with nothing appended, when the file
    /// has a listing.
    public func appendJSONRecord(to spool: SpoolFile, separatedBy separator: StaticString) throws -> Bool {
        guard listing == nil else { return false }
        guard let capacity = directRecordCapacity else {
            try spool.append(record: entry.jsonRecord!, separatedBy: separator)
            return true
        }
        try spool.append(recordOfAtMost: capacity, separatedBy: separator) { buffer in
            JSONRecordWriter.write(into: buffer) { writeDirectRecord(into: &$0) }
        }
        return true
    }

    /// The most bytes the record written from the paths' bytes takes, or nil when a path is not
    /// UTF-8 (its record needs the entry's strings). Paths that are UTF-8 (nearly all) are written
    /// from their bytes, without the `String`s of an entry: a resumed rerun writes one record per
    /// file and does little else.
    private var directRecordCapacity: Int? {
        guard source.isValidUTF8, output?.isValidUTF8 ?? true else { return nil }
        return JSONRecordWriter.capacity(forStringBytes: source.bytes.count + (output?.bytes.count ?? 0))
    }

    private func writeDirectRecord(into json: inout JSONRecordWriter) {
        json.appendFileRecord(
            bytesIn: bytesIn, bytesOut: bytesOut, output: output?.bytes, outputBytes: nil as [UInt8]?, outputCRC32: outputChecksum,
            path: source.bytes, pathBytes: nil as [UInt8]?, seconds: seconds)
    }
}

/// Writes one JSON record into a buffer made large enough for it at the start (so that no byte
/// is appended to a growing array): members in sorted-key order, strings escaped and numbers
/// written as the encoder writes them.
struct JSONRecordWriter {
    private let output: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    /// The bytes `write` writes, at most `capacity` of them.
    static func record(capacity: Int, _ write: (inout JSONRecordWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in count = Self.write(into: buffer, write) }
    }

    /// Writes what `write` writes into `buffer` (which must have room for it); returns how many
    /// bytes it wrote.
    static func write(into buffer: UnsafeMutableBufferPointer<UInt8>, _ write: (inout JSONRecordWriter) -> Void) -> Int {
        var writer = JSONRecordWriter(output: buffer)
        write(&writer)
        return writer.count
    }

    /// Room for a record whose strings hold `stringBytes` bytes in all: each byte escaped as
    /// `\u00XX` at worst, and the keys, quotes and numbers of the longest record.
    static func capacity(forStringBytes stringBytes: Int) -> Int { stringBytes * 6 + 256 }

    private init(output: UnsafeMutableBufferPointer<UInt8>) {
        self.output = output
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= output.count, "a JSON record longer than its buffer")
        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: output[count...])).copyMemory(from: UnsafeRawBufferPointer(bytes))
        count += bytes.count
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        precondition(count < output.count, "a JSON record longer than its buffer")
        output[count] = byte
        count += 1
    }

    /// A file's record: every member the encoder writes for a `FileEntry` without a listing, in
    /// its sorted order. `output`, `path` and the `…Bytes` are UTF-8.
    mutating func appendFileRecord<Text: Collection<UInt8>, Other: Collection<UInt8>>(
        bytesIn: Int64, bytesOut: Int64, output: Text?, outputBytes: Other?, outputCRC32: UInt32?, path: Text, pathBytes: Other?,
        seconds: Double
    ) {
        append(#"{"bytesIn":"#)
        appendInteger(bytesIn)
        append(#","bytesOut":"#)
        appendInteger(bytesOut)
        if let output {
            append(#","output":"#)
            appendString(output)
        }
        if let outputBytes {
            append(#","outputBytes":"#)
            appendString(outputBytes)
        }
        if let outputCRC32 {
            append(#","outputCRC32":"#)
            appendInteger(Int64(outputCRC32))
        }
        append(#","path":"#)
        appendString(path)
        if let pathBytes {
            append(#","pathBytes":"#)
            appendString(pathBytes)
        }
        append(#","seconds":"#)
        if seconds == 0 && seconds.sign == .plus {
            // A resumed file's, and the commonest: what the encoder writes for 0.
            append(UInt8(ascii: "0"))
        } else {
            // As the encoder writes a Double: its shortest description, a whole number without ".0".
            var text = "\(seconds)"
            if text.hasSuffix(".0") { text.removeLast(2) }
            text.withUTF8 { append($0) }
        }
        append("}")
    }

    /// `value` in decimal.
    @inline(__always)
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits (24 bytes)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeRawBufferPointer(rebasing: buffer[start...]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// UTF-8 `value` as a JSON string, escaped as the encoder escapes it: quote and backslash with
    /// a backslash, the short escapes for control characters that have one, `\u00XX` for the
    /// others, and everything else as it is.
    @inline(__always)
    mutating func appendString(_ value: some Collection<UInt8>) {
        append(UInt8(ascii: "\""))
        if value.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            Array(value).withUnsafeBufferPointer { appendEscaped($0) }
        }
        append(UInt8(ascii: "\""))
    }

    /// `text`'s bytes, escaped, into room checked once for the worst case. Eight bytes at a time:
    /// the bytes before the first that needs an escape (in a name, rarely any) are copied at once,
    /// then that byte is escaped.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        precondition(count + text.count * 6 <= output.count, "a JSON record longer than its buffer")
        guard let start = text.baseAddress else { return }
        var end = output.baseAddress! + count
        var index = 0
        while index + 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
            // All eight bytes are stored, but only those before the first to escape are kept:
            // the room checked for six bytes each leaves space for the rest.
            UnsafeMutableRawPointer(end).storeBytes(of: word.littleEndian, as: UInt64.self)
            let escapes = Self.bytesToEscape(in: word)
            guard escapes != 0 else {
                (index, end) = (index + 8, end + 8)
                continue
            }
            let kept = escapes.trailingZeroBitCount / 8
            end += kept
            Self.appendEscaped(start[index + kept], at: &end)
            index += kept + 1
        }
        for byte in UnsafeBufferPointer(rebasing: text[index...]) { Self.appendEscaped(byte, at: &end) }
        count = end - output.baseAddress!
    }

    /// A mask with the high bit set of at least the first of `word`'s bytes (from its lowest) that
    /// is escaped: controls, the quote, the backslash; zero when none is. (Bytes below
    /// n are flagged by `(x - n…) & ~x & 0x80…` for n up to 0x80, and a byte equal to c as a zero
    /// byte of `x ^ c…`: exactly for the first such byte, while a borrow can flag some after it.)
    private static func bytesToEscape(in word: UInt64) -> UInt64 {
        let (ones, highBits) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
        let below = { (word: UInt64, limit: UInt64) in (word &- ones &* limit) & ~word & highBits }
        return below(word, 0x20) | below(word ^ (ones &* 0x22), 1) | below(word ^ (ones &* 0x5C), 1)
    }

    /// `byte` as the encoder writes it in a string: quote and backslash with a backslash, the
    /// short escapes for control characters that have one, `\u00XX` for the others, and
    /// everything else (the slash too: `withoutEscapingSlashes`) as it is.
    private static func appendEscaped(_ byte: UInt8, at end: inout UnsafeMutablePointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            end[0] = UInt8(ascii: "\\")
            end[1] = byte
            end += 2
        case 0x08, 0x0C, 0x0A, 0x0D, 0x09:
            end[0] = UInt8(ascii: "\\")
            end[1] = byte == 0x08 ? UInt8(ascii: "b") : byte == 0x0C ? UInt8(ascii: "f") : byte == 0x0A ? UInt8(ascii: "n")
                : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t")
            end += 2
        case 0..<0x20:
            (end[0], end[1], end[2], end[3]) = (UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"))
            end[4] = hex.utf8Start[Int(byte >> 4)]
            end[5] = hex.utf8Start[Int(byte & 0xF)]
            end += 6
        default:
            end[0] = byte
            end += 1
        }
    }
}
