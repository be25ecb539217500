/// One tar entry's header as it lies in the decoded stream: its ustar block, with the pax
/// extended header ('x') or GNU long name and link blocks ('L', 'K') that may come before it,
/// parsed just far enough to name the entry and say where its data lies.
///
/// Both ends of the archive entry index use it: `squeeze archive` records each entry it sees
/// pass on its way to the compressor, and a reader checks that the header it finds at an
/// indexed offset is the one the index names, so that a stale or lying index is caught before
/// any byte from it is used. Anything this parser does not understand is `invalid`: the reader
/// then falls back to reading the archive in full, which libarchive parses whatever it holds.
struct TarHeader: Equatable, Sendable {
    static let blockSize = 512

    var name: [UInt8]
    var linkName: [UInt8]
    /// The ustar typeflag: '0' (or NUL) file, '1' hard link, '2' symbolic link, '5' directory...
    var typeflag: UInt8
    /// The data bytes that follow the header (padded to a block in the archive).
    var size: Int64
    var mode: UInt32
    var owner: Int64
    var group: Int64
    var modificationTime: Int64
    var ownerName: [UInt8]
    var groupName: [UInt8]
    /// From the first header block (pax or GNU blocks included) to the entry's data.
    var headerLength: Int

    /// From the first header block to the end of the entry's padded data.
    var spanLength: Int64 { Int64(headerLength) + (size + Int64(Self.blockSize) - 1) / Int64(Self.blockSize) * Int64(Self.blockSize) }

    enum ParseOutcome: Equatable {
        case entry(TarHeader)
        /// A zero block: the end-of-archive marker.
        case endOfArchive
        /// At least this many bytes from the start are needed to go on.
        case needsBytes(Int)
        case invalid
    }

    /// Parses the header sequence at the start of `bytes`.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> ParseOutcome {
        var position = 0
        var overrides: [String: [UInt8]] = [:]
        var longName: [UInt8]?, longLink: [UInt8]?
        while true {
            guard bytes.count >= position + blockSize else { return .needsBytes(position + blockSize) }
            let block = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + blockSize)])
            if block.allSatisfy({ $0 == 0 }) { return position == 0 ? .endOfArchive : .invalid }
            guard hasValidChecksum(block), let fieldSize = number(block, 124, 12) else { return .invalid }
            let typeflag = block[156]
            let dataStart = position + blockSize
            switch typeflag {
            case UInt8(ascii: "x"), UInt8(ascii: "L"), UInt8(ascii: "K"):
                // Metadata for the next header: its data is read here, bounded so that a lying
                // offset cannot make a reader hold much.
                guard fieldSize <= 1 << 20 else { return .invalid }
                let end = dataStart + Int(fieldSize)
                guard bytes.count >= end else { return .needsBytes(end) }
                let data = Array(bytes[dataStart..<end])
                switch typeflag {
                case UInt8(ascii: "x"):
                    guard let records = paxRecords(data) else { return .invalid }
                    overrides.merge(records) { $1 }
                case UInt8(ascii: "L"): longName = Array(data.prefix { $0 != 0 })
                default: longLink = Array(data.prefix { $0 != 0 })
                }
                position = dataStart + Int(roundedUp(fieldSize))
                continue
            default:
                break
            }
            var name = longName ?? string(block, 0, 100)
            // The prefix is ustar's, as libarchive reads it: a GNU header ("ustar  " and a NUL)
            // holds times and sparse maps where ustar has it (`tar -g` sets them), never a name.
            let isGnu = block[257..<265].elementsEqual("ustar  \u{0}".utf8)
            if longName == nil, !isGnu, block[257..<262].elementsEqual("ustar".utf8), block[345] != 0 {
                let prefix = string(block, 345, 155)
                name = prefix + (prefix.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + name
            }
            guard let mode = number(block, 100, 8), let owner = number(block, 108, 8), let group = number(block, 116, 8),
                  let time = number(block, 136, 12)
            else { return .invalid }
            var header = TarHeader(
                name: overrides["path"] ?? name, linkName: overrides["linkpath"] ?? longLink ?? string(block, 157, 100),
                typeflag: typeflag, size: fieldSize, mode: UInt32(truncatingIfNeeded: mode), owner: owner, group: group,
                modificationTime: time, ownerName: overrides["uname"] ?? string(block, 265, 32),
                groupName: overrides["gname"] ?? string(block, 297, 32), headerLength: dataStart)
            if let text = overrides["size"] { guard let size = decimal(text) else { return .invalid }; header.size = size }
            if let text = overrides["uid"] { guard let value = decimal(text) else { return .invalid }; header.owner = value }
            if let text = overrides["gid"] { guard let value = decimal(text) else { return .invalid }; header.group = value }
            // Sub-second times: the seconds are what a listing shows.
            if let text = overrides["mtime"] {
                let seconds = text.prefix { $0 != UInt8(ascii: ".") }
                let negative = seconds.first == UInt8(ascii: "-")
                guard let value = decimal(Array(seconds.dropFirst(negative ? 1 : 0))) else { return .invalid }
                header.modificationTime = negative ? -value : value
            }
            guard header.size >= 0, !header.name.isEmpty else { return .invalid }
            return .entry(header)
        }
    }

    static func roundedUp(_ size: Int64) -> Int64 { (size + Int64(blockSize) - 1) / Int64(blockSize) * Int64(blockSize) }

    /// The sum of the header's bytes with its checksum field counted as spaces, as ustar defines it.
    private static func hasValidChecksum(_ block: UnsafeRawBufferPointer) -> Bool {
        guard let stored = number(block, 148, 8) else { return false }
        var sum: Int64 = 0
        for (index, byte) in block.enumerated() { sum += (148..<156).contains(index) ? 32 : Int64(byte) }
        return sum == stored
    }

    /// A field up to its first NUL.
    private static func string(_ block: UnsafeRawBufferPointer, _ offset: Int, _ length: Int) -> [UInt8] {
        Array(block[offset..<(offset + length)].prefix { $0 != 0 })
    }

    /// An octal field (spaces and NULs around it), or base-256 when its first byte has the high bit.
    private static func number(_ block: UnsafeRawBufferPointer, _ offset: Int, _ length: Int) -> Int64? {
        let field = block[offset..<(offset + length)]
        if let first = field.first, first & 0x80 != 0 {
            guard first == 0x80, field.dropFirst().prefix(length - 9).allSatisfy({ $0 == 0 }) else { return nil }
            return field.suffix(8).reduce(Int64(0)) { ($0 << 8) | Int64($1) } & Int64.max
        }
        var value: Int64 = 0
        var digits = 0
        for byte in field {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                value = value * 8 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            case 0, UInt8(ascii: " "):
                if digits > 0 { return value }
            default:
                return nil
            }
        }
        return value
    }

    private static func decimal(_ text: [UInt8]) -> Int64? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return text.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }

    /// pax records: "LENGTH KEY=VALUE\n", LENGTH counting the whole record.
    private static func paxRecords(_ data: [UInt8]) -> [String: [UInt8]]? {
        var records: [String: [UInt8]] = [:]
        var position = 0
        while position < data.count, data[position] != 0 {
            guard let space = data[position...].firstIndex(of: UInt8(ascii: " ")),
                  let length = decimal(Array(data[position..<space])), length > 0,
                  position + Int(length) <= data.count, data[position + Int(length) - 1] == UInt8(ascii: "\n"),
                  let equals = data[(space + 1)..<(position + Int(length))].firstIndex(of: UInt8(ascii: "="))
            else { return nil }
            let key = String(decoding: data[(space + 1)..<equals], as: UTF8.self)
            records[key] = Array(data[(equals + 1)..<(position + Int(length) - 1)])
            position += Int(length)
        }
        return records
    }
}
