import Glibc

/// The table `squeeze list` prints: a row per file listed (sorted by path), then the totals, and
/// then the entries of each archive as `tar tv` shows them. Sizes are exact byte counts, so that
/// scripts can read them; the ratio is uncompressed over compressed, as in the run report; times
/// are the header's MTIME (or the entry's) in UTC.
public struct ListingFormatter: Sendable {
    public init() {}

    public func table(_ report: RunReport) -> String {
        let entries = Self.sorted(report.files.compactMap { file in file.listing.map { (path: file.path, listing: $0) } })
        var text = fileTable(entries)
        for (path, listing) in entries {
            guard let archive = listing.archive else { continue }
            text += "\n" + Self.entries(of: archive, path: path)
        }
        return text
    }

    /// Listings in the order the table shows them: by path, byte by byte.
    public static func sorted(_ listings: [(path: String, listing: FileListing)]) -> [(path: String, listing: FileListing)] {
        listings.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The row per file (`entries` sorted) and the totals, without the archives' entries.
    public func fileTable(_ entries: [(path: String, listing: FileListing)]) -> String {
        var rows = [["compressed", "uncompressed", "ratio", "members", "modified (UTC)", "name", "file"]]
        for (path, listing) in entries {
            rows.append([
                "\(listing.compressedBytes)", "\(listing.uncompressedBytes)", Self.ratio(listing.ratio),
                // Members: gzip's, and pack's or compress's (which gzip reads as members); an
                // archive of another compression has none.
                listing.members > 0 ? "\(listing.members)" : "-", listing.modificationTime.map(Self.timestamp) ?? "-",
                listing.originalName.map { PathName($0).escapedForTerminal } ?? "-", PathName(path).escapedForTerminal,
            ])
        }
        let compressed = entries.reduce(0 as Int64) { $0 + $1.listing.compressedBytes }
        let uncompressed = entries.reduce(0 as Int64) { $0 + $1.listing.uncompressedBytes }
        let members = entries.reduce(0) { $0 + $1.listing.members }
        rows.append([
            "\(compressed)", "\(uncompressed)", Self.ratio(compressed > 0 ? Double(uncompressed) / Double(compressed) : 0),
            "\(members)", "", "", "(total, \(entries.count) file\(entries.count == 1 ? "" : "s"))",
        ])
        return Self.aligned(rows)
    }

    /// `path: format (filters), N entries`, then a line per entry.
    static func entries(of archive: ArchiveListing, path: String) -> String {
        var text = entriesHeading(path: path, format: archive.format, filters: archive.filters, count: archive.entries.count)
        let columns = archive.entries.map(EntryColumns.init)
        let ownerWidth = columns.map(\.owner.count).max() ?? 0
        let sizeWidth = columns.map(\.size.count).max() ?? 0
        for entry in columns { text += entry.line(ownerWidth: ownerWidth, sizeWidth: sizeWidth) }
        return text
    }

    /// The line before an archive's entries: `path: format, gzip-compressed, N entries`.
    public static func entriesHeading(path: String, format: String, filters: [String], count: Int) -> String {
        let filters = filters.isEmpty ? "" : ", \(filters.joined(separator: "+"))-compressed"
        return "\(PathName(path).escapedForTerminal): \(format)\(filters), \(count) entr\(count == 1 ? "y" : "ies")\n"
    }

    /// An entry's line in its columns, before padding: the owner and size columns are as wide as
    /// their widest cell in the archive, which is known only once every entry has been read.
    public struct EntryColumns: Sendable, Equatable {
        public var mode: String
        public var owner: String
        public var size: String
        /// The time, the name and where a link points.
        public var rest: String

        public init(mode: String, owner: String, size: String, rest: String) {
            (self.mode, self.owner, self.size, self.rest) = (mode, owner, size, rest)
        }

        public init(_ entry: ArchiveListing.Entry) {
            mode = modeString(entry)
            owner = "\(entry.owner)/\(entry.group)"
            size = String(entry.size)
            // Names come from the archive, which may be hostile: escaped as `ls -b` does.
            rest = timestamp(seconds: entry.modificationTime) + " " + PathName(entry.name).escapedForTerminal
            if let target = entry.linkTarget.map({ PathName($0).escapedForTerminal }) {
                rest += entry.isHardLink ? " link to \(target)" : " -> \(target)"
            }
        }

        /// The line, padded to the widths given, with its newline.
        public func line(ownerWidth: Int, sizeWidth: Int) -> String {
            mode + " " + owner + String(repeating: " ", count: max(ownerWidth - owner.count, 0) + 1)
                + String(repeating: " ", count: max(sizeWidth - size.count, 0)) + size + " " + rest + "\n"
        }
    }

    /// `drwxr-xr-x`, `-rwsr-xr-x`, `lrwxrwxrwx`: the entry's type and permission bits, as `ls -l`.
    static func modeString(_ entry: ArchiveListing.Entry) -> String {
        let type: Character = switch entry.kind {
        case .directory: "d"
        case .symbolicLink: "l"
        case .fifo: "p"
        case .socket: "s"
        case .characterDevice: "c"
        case .blockDevice: "b"
        case .regular, .unknown: entry.isHardLink ? "h" : "-"
        }
        let bits = entry.permissions
        var text = String(type)
        for (shift, special, letter) in [(6, UInt32(0o4000), Character("s")), (3, 0o2000, "s"), (0, 0o1000, "t")] {
            let triple = (bits >> UInt32(shift)) & 7
            text.append(triple & 4 != 0 ? "r" : "-")
            text.append(triple & 2 != 0 ? "w" : "-")
            let execute = triple & 1 != 0
            if bits & special != 0 {
                text.append(execute ? letter : Character(letter.uppercased()))
            } else {
                text.append(execute ? "x" : "-")
            }
        }
        return text
    }

    /// Columns padded to their widest cell: numbers to the right, text to the left.
    static func aligned(_ rows: [[String]]) -> String {
        let rightAligned: Set<Int> = [0, 1, 2, 3]
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                // The last column is not padded: no trailing blanks.
                let padding = String(repeating: " ", count: column == row.count - 1 ? 0 : widths[column] - row[column].count)
                return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
            }
            .joined(separator: "  ")
        }
        .joined(separator: "\n") + "\n"
    }

    static func ratio(_ value: Double) -> String { ReportFormatter.decimal(value, places: 2) + "x" }

    /// `2026-11-21 04:47:03`, from seconds since the epoch.
    static func timestamp(_ seconds: UInt32) -> String { timestamp(seconds: Int64(seconds)) }

    static func timestamp(seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "-" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
