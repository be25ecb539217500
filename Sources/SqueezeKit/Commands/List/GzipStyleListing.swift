import Glibc

/// One line of `gzip -l` in GNU gzip's columns. The sizes are the truth for a file of several
/// members, as gzip 1.13 gives them: every member's decoded bytes (gzip 1.12 showed the last
/// member's alone). The CRC-32 is the last member's, and the ratio takes off the header and
/// trailer only of a file of one member, as gzip counts.
public struct GzipStyleEntry: Sendable, Equatable {
    /// Every byte of the file (or of standard input).
    public var compressedBytes: Int64
    /// Every member's decoded bytes, exact (not modulo 4 GiB).
    public var uncompressedBytes: Int64
    public var lastMemberChecksum: UInt32
    /// A single member's header and trailer; 0 for several members, as gzip 1.12 counts.
    public var overheadBytes: Int64
    /// `uncompressed_name`: the file's name without its suffix, with `-N` the header's in the
    /// file's directory (`storedName`), or "stdout" for standard input (gzip's word).
    public var name: PathName
    /// What `-v` shows as the date, in seconds since the epoch: the file's modification time
    /// (0 for a pipe), or with `-N` the header's when it has one.
    public var time: Int64

    /// The name gzip gives the decoded file of `path`: a known suffix (`.gz`, `.z`, `-gz`, `-z`,
    /// `_z`, any case) removed, `.tgz` and `.taz` becoming `.tar`; any other name as it is.
    public static func uncompressedName(of path: PathName) -> PathName {
        CompressedSuffixes.gzip(extra: nil).decompressedPath(path) ?? path
    }

    /// The name `-N` shows for the name a header stores: its last component, as gnulib's
    /// `last_component` takes it (leading slashes skipped, trailing ones kept: "b//" of "a/b//",
    /// nothing of "/"), in the directory the input was named in (`dir/` of `dir/x.gz`, as written;
    /// none for standard input, `inputPath` nil). gzip 1.12 names a file it would decompress so.
    public static func storedName(_ stored: [UInt8], ofInputAt inputPath: PathName?) -> PathName {
        let slash = UInt8(ascii: "/")
        var start = stored.firstIndex { $0 != slash } ?? stored.endIndex
        for index in stored.indices.dropFirst() where index > start && stored[index] != slash && stored[index - 1] == slash {
            start = index
        }
        let directory = inputPath.map { path in path.bytes[..<(path.bytes.lastIndex(of: slash).map { $0 + 1 } ?? 0)] } ?? []
        return PathName(bytes: Array(directory) + stored[start...])
    }
}

/// gzip 1.12's `-l` text: a column header before the first line (unless `-q`; with `-v` the
/// method, CRC-32 and date columns too), a line per file listed, and a totals line when more than
/// one file was named and the totals are not zero (unless `-q`).
public struct GzipStyleListingFormatter: Sendable {
    public var verbose: Bool
    public var quiet: Bool

    public init(verbose: Bool, quiet: Bool) {
        self.verbose = verbose
        self.quiet = quiet
    }

    /// gzip prints sizes in the width of the largest `off_t`, less its sign.
    static let numberWidth = 19

    /// The text for `entries`, listed from `operandCount` names given on the command line.
    public func text(_ entries: [GzipStyleEntry], operandCount: Int) -> [UInt8] {
        var text: [UInt8] = []
        guard !entries.isEmpty else { return text }
        if verbose { text += Array("method  crc     date  time  ".utf8) }
        if !quiet {
            text += Array("\(Self.padded("compressed")) \(Self.padded("uncompressed"))  ratio uncompressed_name\n".utf8)
        }
        for entry in entries {
            if verbose {
                text += Array("defla \(Self.hex(entry.lastMemberChecksum)) \(Self.date(entry.time)) ".utf8)
            }
            let saved = entry.uncompressedBytes - (entry.compressedBytes - entry.overheadBytes)
            text += Array("\(Self.padded(entry.compressedBytes)) \(Self.padded(entry.uncompressedBytes)) ".utf8)
            text += Array("\(Self.ratio(saved, of: entry.uncompressedBytes)) ".utf8) + entry.name.bytes + [0x0A]
        }
        let totalIn = entries.reduce(0) { $0 + $1.compressedBytes }
        let totalOut = entries.reduce(0) { $0 + $1.uncompressedBytes }
        if operandCount > 1 && !quiet && totalIn > 0 && totalOut > 0 {
            // gzip takes off the last file's overhead: "not meaningful", its source says, but it
            // makes the totals' ratio a single file's.
            let saved = totalOut - (totalIn - entries.last!.overheadBytes)
            if verbose { text += Array(String(repeating: " ", count: 28).utf8) }
            text += Array("\(Self.padded(totalIn)) \(Self.padded(totalOut)) \(Self.ratio(saved, of: totalOut)) (totals)\n".utf8)
        }
        return text
    }

    private static func padded(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, numberWidth - text.count)) + text
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// gzip's `%5.1f%%` of `part` over `whole` (0 when `whole` is), as its `-l` and `-v` print it.
    public static func ratio(_ part: Int64, of whole: Int64) -> String {
        let tenths = whole == 0 ? 0 : Int64((1000 * Double(part) / Double(whole)).rounded())
        let text = (tenths < 0 ? "-" : "") + "\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
        return String(repeating: " ", count: max(0, 5 - text.count)) + text + "%"
    }

    /// gzip's `-v` date: the month's abbreviation, the day in three columns, hours and minutes,
    /// in the local time zone.
    static func date(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "??? ?? ??:??" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func digits(_ value: Int32, _ width: Int, _ pad: Character) -> String {
            let text = "\(value)"
            return String(repeating: pad, count: max(0, width - text.count)) + text
        }
        return months[Int(parts.tm_mon)] + digits(parts.tm_mday, 3, " ") + " " + digits(parts.tm_hour, 2, "0") + ":" + digits(parts.tm_min, 2, "0")
    }
}
