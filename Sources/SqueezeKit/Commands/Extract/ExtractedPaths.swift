/// What one extraction has made under its destination, so that it may replace, link to and
/// update what it made itself, but never touch what was there before it started. Paths are
/// relative to the destination.
///
/// It keeps the (device, inode) identity of what it made, not its path, and only of directories
/// and of what it made in directories that were there before: everything in a directory it made
/// is its own, since nothing there predates it. An archive of a million files in a fresh
/// destination then costs an identity per directory. Whether a path is this extraction's is a
/// `lstat` of it, exact: an identity is recorded only while the thing is there, and what existed
/// before has an identity of its own.
///
/// Directories libarchive creates on the way to an entry count too: those missing when the entry
/// is checked are noted first (`noteParents`) and their identities taken once it is written
/// (`settleParents`).
struct ExtractedPaths {
    private var made: Set<FileIdentity> = []
    private let destinationIsOurs: Bool
    /// `lstat` of a path relative to the destination; nil when there is nothing there.
    private let status: (PathName) -> FileStatus?
    /// Directories the current entry's extraction will create.
    private(set) var pendingParents: [PathName] = []
    /// The last parent directory found to exist, and whether it is this extraction's: entries
    /// come grouped by directory, so most need no lookup.
    private var lastParent: (path: PathName, isOurs: Bool)?

    /// `destinationWasCreated`: the destination itself is this extraction's.
    init(destinationWasCreated: Bool, status: @escaping (PathName) -> FileStatus?) {
        destinationIsOurs = destinationWasCreated
        self.status = status
    }

    private func identity(_ relative: PathName) -> FileIdentity? { status(relative).map(FileIdentity.init) }

    /// Call before extracting to `relative`: notes which of its parent directories do not exist
    /// yet, and so will be made by this extraction. A directory that exists is settled: either
    /// this extraction made it (its identity is known) or it was there before.
    mutating func noteParents(of relative: PathName) {
        pendingParents.removeAll(keepingCapacity: true)
        var directory = relative.parent
        while directory != "." && directory != lastParent?.path {
            if let found = identity(directory) {
                lastParent = (directory, made.contains(found))
                break
            }
            pendingParents.append(directory)
            directory = directory.parent
        }
    }

    /// Call once the current entry has been written (or failed): the directories made on the way
    /// to it are this extraction's.
    mutating func settleParents() {
        for directory in pendingParents {
            if let found = identity(directory) { made.insert(found) }
        }
        if let parent = pendingParents.first, identity(parent) != nil { lastParent = (parent, true) }
        pendingParents.removeAll(keepingCapacity: true)
    }

    /// Notes that this extraction made what is now at `relative`. `kind`: what the entry made,
    /// when it is not a directory; in a directory this extraction made there is then nothing to
    /// look at (nor to note).
    mutating func insert(_ relative: PathName, madeAs kind: FileKind? = nil) {
        // What stood there before (a directory the cache speaks for) may have been replaced.
        if lastParent?.path == relative { lastParent = nil }
        if let kind, kind != .directory, madeParent(of: relative) { return }
        if let found = status(relative), found.kind == .directory || !madeParent(of: relative) {
            made.insert(FileIdentity(found))
        }
    }

    /// Whether this extraction made what is at `relative` (empty: the destination).
    func contains(_ relative: PathName) -> Bool {
        contains(relative, found: relative.isEmpty ? nil : status(relative))
    }

    /// `contains`, with what `lstat` of `relative` found there (nil: nothing) already known.
    func contains(_ relative: PathName, found: FileStatus?) -> Bool {
        if relative.isEmpty { return destinationIsOurs }
        guard let found else { return false }
        return made.contains(FileIdentity(found)) || madeParent(of: relative)
    }

    /// Whether everything in `relative`'s directory was made by this extraction, so that nothing
    /// there predates it.
    func madeParent(of relative: PathName) -> Bool {
        let parent = relative.parent
        if parent == "." { return destinationIsOurs }
        if pendingParents.contains(parent) { return true }
        if let lastParent, lastParent.path == parent { return lastParent.isOurs }
        return contains(parent)
    }
}

/// The names this extraction has given each file it made hard links to, relative to the
/// destination, so that a later link that carries data can give the new data to every name.
///
/// Candidates only: a name may since have been replaced by another entry (and an inode number
/// reused), so a caller checks that a name still is the file before it touches it.
struct LinkedNames {
    private struct Name: Hashable {
        var file: FileIdentity
        var name: PathName
    }

    private var names: [FileIdentity: [PathName]] = [:]
    /// Every name noted, so that noting one again is a lookup, not a scan of the file's names:
    /// an archive may give one file tens of thousands.
    private var noted: Set<Name> = []

    func names(of file: FileIdentity) -> [PathName] { names[file] ?? [] }

    /// Notes that `name` is a name of `file`.
    mutating func add(_ name: PathName, to file: FileIdentity) {
        if noted.insert(Name(file: file, name: name)).inserted { names[file, default: []].append(name) }
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
