/// A file's or a notice's record of the `--json` report written directly, as `JSONEncoder` with
/// sorted keys writes it, byte for byte: a rerun of a million resumed files writes a million
/// records, and the encoder's generic path cost more than checking the files did. A file's record
/// with a listing (`list`) still goes through the encoder.
extension RunReport.Notice {
    public var jsonRecord: [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(path.utf8.count + message.utf8.count + 32)
        json.append(contentsOf: #"{"message":"#.utf8)
        RunReport.FileEntry.appendString(message, to: &json)
        json.append(contentsOf: #","path":"#.utf8)
        RunReport.FileEntry.appendString(path, to: &json)
        if let pathBytes {
            json.append(contentsOf: #","pathBytes":"#.utf8)
            RunReport.FileEntry.appendString(pathBytes, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return json
    }
}

extension RunReport.FileEntry {
    /// The record's JSON, or nil when it has a listing.
    public var jsonRecord: [UInt8]? {
        guard listing == nil else { return nil }
        var json: [UInt8] = []
        json.reserveCapacity(path.utf8.count * 2 + 96)
        json.append(contentsOf: #"{"bytesIn":"#.utf8)
        json.append(contentsOf: String(bytesIn).utf8)
        json.append(contentsOf: #","bytesOut":"#.utf8)
        json.append(contentsOf: String(bytesOut).utf8)
        if let output { Self.appendMember("output", output, to: &json) }
        if let outputBytes { Self.appendMember("outputBytes", outputBytes, to: &json) }
        if let outputCRC32 {
            json.append(contentsOf: #","outputCRC32":"#.utf8)
            json.append(contentsOf: String(outputCRC32).utf8)
        }
        Self.appendMember("path", path, to: &json)
        if let pathBytes { Self.appendMember("pathBytes", pathBytes, to: &json) }
        json.append(contentsOf: #","seconds":"#.utf8)
        // As the encoder writes a Double: its shortest description, a whole number without ".0".
        var seconds = "\(seconds)"
        if seconds.hasSuffix(".0") { seconds.removeLast(2) }
        json.append(contentsOf: seconds.utf8)
        json.append(UInt8(ascii: "}"))
        return json
    }

    private static func appendMember(_ key: String, _ value: String, to json: inout [UInt8]) {
        json.append(contentsOf: ",\"\(key)\":".utf8)
        appendString(value, to: &json)
    }

    /// `value` as a JSON string, escaped as the encoder escapes it: quote, backslash and slash
    /// with a backslash, the short escapes for control characters that have one, `\u00XX` for
    /// the others, and everything else as UTF-8.
    static func appendString(_ value: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): json.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x08: json.append(contentsOf: #"\b"#.utf8)
            case 0x0C: json.append(contentsOf: #"\f"#.utf8)
            case 0x0A: json.append(contentsOf: #"\n"#.utf8)
            case 0x0D: json.append(contentsOf: #"\r"#.utf8)
            case 0x09: json.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                json.append(contentsOf: #"\u00"#.utf8)
                json.append(hex[Int(byte >> 4)])
                json.append(hex[Int(byte & 0xF)])
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
