/// What one extraction has made under its destination, so that it may replace, link to and
/// update what it made itself, but never touch what was there before it started. Paths are
/// relative to the destination.
///
/// Directories libarchive creates on the way to an entry count too: each directory on the way is
/// looked at once, before anything is created under it.
struct ExtractedPaths {
    private var made: Set<PathName> = []
    /// Directories on the way to entries whose state before this run is settled.
    private var examined: Set<PathName> = []

    /// `destinationWasCreated`: the destination itself is this extraction's.
    init(destinationWasCreated: Bool) {
        if destinationWasCreated { made.insert(PathName(bytes: [])) }
    }

    /// Call before extracting to `relative`: remembers which of its parent directories do not
    /// exist yet (`exists` answers for a relative path), and so will be made by this extraction.
    mutating func noteParents(of relative: PathName, exists: (PathName) -> Bool) {
        var directory = relative.parent
        while directory != "." && !examined.contains(directory) {
            examined.insert(directory)
            if !exists(directory) { made.insert(directory) }
            directory = directory.parent
        }
    }

    mutating func insert(_ relative: PathName) { made.insert(relative) }

    /// Whether this extraction made `relative` (empty: the destination).
    func contains(_ relative: PathName) -> Bool { made.contains(relative) }

    /// Whether everything in `relative`'s directory was made by this extraction, so that nothing
    /// there predates it and no lookup is needed to know.
    func madeParent(of relative: PathName) -> Bool {
        let parent = relative.parent
        return made.contains(parent == "." ? PathName(bytes: []) : parent)
    }
}

/// The names this extraction has given each file it made hard links to, relative to the
/// destination, so that a later link that carries data can give the new data to every name.
///
/// Candidates only: a name may since have been replaced by another entry (and an inode number
/// reused), so a caller checks that a name still is the file before it touches it.
struct LinkedNames {
    private var names: [FileIdentity: [PathName]] = [:]

    func names(of file: FileIdentity) -> [PathName] { names[file] ?? [] }

    /// Notes that `name` is a name of `file`.
    mutating func add(_ name: PathName, to file: FileIdentity) {
        if !names[file, default: []].contains(name) { names[file, default: []].append(name) }
    }
}

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

/// Extraction stopped because the archive could not be read any further (truncated, corrupt) or
/// the disk could not be written; the entries before that point were extracted.
public struct ArchiveDamageError: Error, CustomStringConvertible {
    /// Where extraction stopped.
    public enum Place: Sendable, Equatable {
        /// In the entry of that name (its data, or writing it).
        case entry(PathName)
        /// At a header that could not be read, after the entry of that name (nil: the first).
        case header(after: PathName?)
    }

    public let place: Place
    public let underlying: any Error

    public init(_ place: Place, underlying: any Error) {
        self.place = place
        self.underlying = underlying
    }

    public var description: String {
        switch place {
        case .entry(let name): "stopped at '\(name)', which could not be extracted: \(underlying)"
        case .header(let previous): "stopped at \(Self.entry(after: previous)), whose header could not be read: \(underlying)"
        }
    }

    /// An entry whose header could not be read, named by the one before it.
    static func entry(after previous: PathName?) -> String {
        previous.map { "the entry after '\($0)'" } ?? "the first entry"
    }
}
