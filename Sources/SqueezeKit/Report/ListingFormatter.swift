import Glibc

/// The table `squeeze list` prints: a row per file listed (sorted by path), then the totals.
/// Sizes are exact byte counts, so that scripts can read them; the ratio is uncompressed over
/// compressed, as in the run report; times are the header's MTIME in UTC.
public struct ListingFormatter: Sendable {
    public init() {}

    public func table(_ report: RunReport) -> String {
        let entries = report.files
            .compactMap { file in file.listing.map { (path: file.path, listing: $0) } }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var rows = [["compressed", "uncompressed", "ratio", "members", "modified (UTC)", "name", "file"]]
        for (path, listing) in entries {
            rows.append([
                "\(listing.compressedBytes)", "\(listing.uncompressedBytes)", Self.ratio(listing.ratio),
                "\(listing.members)", listing.modificationTime.map(Self.timestamp) ?? "-",
                listing.originalName ?? "-", path,
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
    static func timestamp(_ seconds: UInt32) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "-" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
