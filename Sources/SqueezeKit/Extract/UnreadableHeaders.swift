/// Entry headers libarchive could not read but can read past (ARCHIVE_RETRY, ARCHIVE_FAILED):
/// tar, for one, says RETRY for a header with a bad checksum and takes the next 512-byte block for
/// a header. Consecutive ones are one stretch of the archive lost: one failure, reported once an
/// entry can be read again.
struct UnreadableHeaders {
    private struct Stretch {
        var error: LibarchiveError
        var position: Int64
        /// The entry's name, when libarchive got that far.
        var name: PathName?
    }

    private var stretch: Stretch?
    private var lastPosition: Int64?

    /// Notes a header that could not be read at `position` (in the decompressed archive), with
    /// the name libarchive read from it, if any. False when libarchive is stuck there (nothing
    /// passed over since the last one): reading cannot go on.
    mutating func note(_ error: LibarchiveError, at position: Int64, name: PathName) -> Bool {
        defer { lastPosition = position }
        if position == lastPosition { return false }
        if stretch == nil { stretch = Stretch(error: error, position: position, name: name.isEmpty ? nil : name) }
        return true
    }

    /// Ends the stretch where a header was read again (or the archive ended), at `position`. The
    /// failure to report, nil when there was none: under the entry's name if it had one, else
    /// under the archive's, after `previous` (the entry before the stretch).
    mutating func end(at position: Int64, after previous: PathName?) -> (name: PathName?, message: String)? {
        defer { (stretch, lastPosition) = (nil, nil) }
        guard let stretch else { return nil }
        let skipped = "\(ReportFormatter.count(max(0, position - stretch.position))) bytes passed over"
        if let name = stretch.name { return (name, "could not be read: \(stretch.error) (\(skipped))") }
        return (nil, "\(ArchiveDamageError.entry(after: previous)) could not be read: \(stretch.error) (\(skipped))")
    }
}
