/// A file's or a notice's record of the `--json` report written directly, as `JSONEncoder` with
/// sorted keys writes it, byte for byte: a rerun of a million resumed files writes a million
/// records, and the encoder's generic path cost more than checking the files did. A file's record
/// with a listing (`list`) still goes through the encoder.
extension RunReport.Notice {
    public var jsonRecord: [UInt8] {
        var json = JSONRecordWriter(capacity: path.utf8.count + message.utf8.count + 32)
        json.append(#"{"message":"#)
        json.appendString(message.utf8)
        json.append(#","path":"#)
        json.appendString(path.utf8)
        if let pathBytes {
            json.append(#","pathBytes":"#)
            json.appendString(pathBytes.utf8)
        }
        json.append("}")
        return json.bytes
    }
}

extension RunReport.FileEntry {
    /// The record's JSON, or nil when it has a listing.
    public var jsonRecord: [UInt8]? {
        guard listing == nil else { return nil }
        var json = JSONRecordWriter(capacity: path.utf8.count * 2 + 96)
        json.appendFileRecord(
            bytesIn: bytesIn, bytesOut: bytesOut, output: output.map { $0.utf8 }, outputBytes: outputBytes?.utf8, outputCRC32: outputCRC32,
            path: path.utf8, pathBytes: pathBytes?.utf8, seconds: seconds)
        return json.bytes
    }
}

extension FinishedFile {
    /// The record's JSON, as `entry.jsonRecord` writes it, or nil when the file has a listing.
    /// Paths that are UTF-8 (nearly all) are written from their bytes, without the `String`s of
    /// an entry: a resumed rerun writes one record per file and does little else.
    public var jsonRecord: [UInt8]? {
        guard listing == nil else { return nil }
        guard source.isValidUTF8, output?.isValidUTF8 ?? true else { return entry.jsonRecord }
        var json = JSONRecordWriter(capacity: source.bytes.count * 2 + 96)
        json.appendFileRecord(
            bytesIn: bytesIn, bytesOut: bytesOut, output: output?.bytes, outputBytes: nil as [UInt8]?, outputCRC32: outputChecksum,
            path: source.bytes, pathBytes: nil as [UInt8]?, seconds: seconds)
        return json.bytes
    }
}

/// Writes one JSON record: members in sorted-key order, strings escaped and numbers written as
/// the encoder writes them.
struct JSONRecordWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
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
            bytes.append(UInt8(ascii: "0"))
        } else {
            // As the encoder writes a Double: its shortest description, a whole number without ".0".
            var text = "\(seconds)"
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        }
        append("}")
    }

    /// `value` in decimal.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits (24 bytes)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// UTF-8 `value` as a JSON string, escaped as the encoder escapes it: quote, backslash and
    /// slash with a backslash, the short escapes for control characters that have one, `\u00XX`
    /// for the others, and everything else as it is.
    mutating func appendString(_ value: some Collection<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        if value.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            Array(value).withUnsafeBufferPointer { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text`'s bytes, escaped: the runs between bytes to escape are copied whole.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case 0x08: append(#"\b"#)
            case 0x0C: append(#"\f"#)
            case 0x0A: append(#"\n"#)
            case 0x0D: append(#"\r"#)
            case 0x09: append(#"\t"#)
            case 0..<0x20:
                append(#"\u00"#)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
