/// Entries made under a temporary name, waiting, in archive order, to take their names:
/// "no byte reaches a final name before the CRC that covers it has been checked".
///
/// An entry waits when its own bytes are not verified yet (a gzip member's CRC comes after its
/// data), or when it must not appear before one that does: a hard link to a waiting file (a
/// link to its temporary, so that both names appear together, on the one verified inode), a
/// symbolic link to a waiting name, and any entry whose name a waiting entry will take (the last
/// entry of a name wins, as with tar). They take their names in archive order once the stream
/// has verified every byte up to their end.
///
/// squeeze's own `.tar.gz` is checked a member (1 MiB by default) at a time, before or soon after
/// its bytes reach libarchive, so only the entries of the last few members ever wait here. Any
/// other gzip (`gzip -c`, `tar czf`) has one member, whose only CRC is at the end of the file:
/// then every regular file with data waits until the whole stream has been verified, and this
/// list grows by one small record per such entry (its names and outcome, never its data). Empty
/// files have no bytes to wait for. A damaged stream leaves none of them behind: each is removed
/// and reported by name, a hard link with the file it is a name of.
struct UnverifiedEntries {
    struct Entry {
        /// What becomes `name`, relative to the destination.
        var temporary: PathName
        /// The name it takes once verified, relative to the destination.
        var name: PathName
        var kind: FileKind
        /// In a directory this extraction made: once it has its name, nothing needs noting.
        var inOwnDirectory: Bool
        /// How far into the decoded archive the entry's bytes reach.
        var streamEnd: Int64
        /// What is recorded once it has its name.
        var outcome: FileOutcome
        /// For a hard link: the file whose other name it is.
        var linkTarget: PathName?
        /// A hard link that carries data: the temporary holds the data, which becomes every name
        /// of `linkTarget` when the entry takes its name (see `ArchiveExtractor.relink`).
        var givesDataToLinks = false
        /// A later entry of the archive took the name (a directory): the temporary is gone, and
        /// only the outcome is left to record.
        var isSuperseded = false
        /// The place of the entry before it waiting for the same name, if any: set by `append`
        /// (see `supersede`).
        var earlierOfName: Int?
    }

    private var entries: [Entry] = []
    /// How many entries have left the list: an entry's place in archive order is `taken` plus its index.
    private var taken = 0
    /// The place of the last entry waiting for each name: every entry asks, so no scan of the list.
    private var latest: [PathName: Int] = [:]

    var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ entry: Entry) {
        var entry = entry
        entry.earlierOfName = latest.updateValue(taken + entries.count, forKey: entry.name)
        entries.append(entry)
    }

    /// The last entry waiting to become `name`, if one is.
    func waiting(for name: PathName) -> Entry? {
        latest[name].map { entries[$0 - taken] }
    }

    /// Whether an entry is waiting to become `name` (asked of every entry: no copy of it).
    func isWaiting(_ name: PathName) -> Bool { !latest.isEmpty && latest[name] != nil }

    /// The first name of a cpio file whose data comes on a later name (newc): it waits until that
    /// name's data has been verified (`release`), so that it never stands empty, nor is left
    /// empty by a damaged archive. If the archive ends first, the file was empty.
    static let awaitingData = Int64.max

    /// The data for `name` has come, on a hard link whose bytes reach `streamEnd`: the entries of
    /// that name waiting for it take their names with it.
    mutating func release(_ name: PathName, at streamEnd: Int64) {
        guard let place = latest[name], entries[place - taken].streamEnd == Self.awaitingData else { return }
        entries[place - taken].streamEnd = streamEnd
    }

    /// The temporary that will become `name`, if one is waiting.
    func temporary(for name: PathName) -> PathName? { waiting(for: name)?.temporary }

    /// A directory takes `name`: the entries waiting for it will never have it. Returns their
    /// temporaries, which the caller removes (a hard link waiting with one keeps its own name of
    /// the file, as the file's earlier names keep it when tar replaces a name).
    /// The entries of the name are found through each one's `earlierOfName`, not by a scan: an
    /// archive may name a directory and a file by turns thousands of times.
    mutating func supersede(_ name: PathName) -> [PathName] {
        var temporaries: [PathName] = []
        var place = latest.removeValue(forKey: name)
        while let found = place, found >= taken {
            entries[found - taken].isSuperseded = true
            temporaries.append(entries[found - taken].temporary)
            place = entries[found - taken].earlierOfName
        }
        return temporaries
    }

    /// The entries, in archive order, whose bytes `isVerified` now vouches for: they may take their names.
    mutating func takeVerified(_ isVerified: (Int64) -> Bool) -> [Entry] {
        let count = entries.prefix { isVerified($0.streamEnd) }.count
        guard count > 0 else { return [] }
        // All of them (the stream's end, or a member that verified what was waiting): no index to keep.
        guard count < entries.count else { return takeAll() }
        let verified = Array(entries.prefix(count))
        for (index, entry) in verified.enumerated() {
            if let slot = latest.index(forKey: entry.name), latest.values[slot] == taken + index { latest.remove(at: slot) }
        }
        entries.removeFirst(count)
        taken += count
        return verified
    }

    /// Every entry still waiting (the stream failed, or the run stops).
    mutating func takeAll() -> [Entry] {
        defer { (entries, latest, taken) = ([], [:], taken + entries.count) }
        return entries
    }

    /// What an entry whose bytes could not be verified is reported with. `links`: the names that
    /// were to be hard links of it, which go with it.
    static func failure(_ entry: Entry, because error: any Error, links: [PathName] = []) -> FileOutcome {
        let cause = "the archive's data could not be verified up to the end of this entry: \(error)"
        let withLinks = links.isEmpty ? "" : " (nor its hard link\(links.count == 1 ? "" : "s") \(links.map { "'\($0)'" }.joined(separator: ", ")))"
        if let file = entry.linkTarget { return failure(entry, "not extracted (a hard link to '\(file)'): \(cause)") }
        return failure(entry, "not extracted\(withLinks): \(cause)")
    }

    /// What an entry that never took its name is reported with.
    static func failure(_ entry: Entry, _ message: String) -> FileOutcome {
        var outcome = entry.outcome
        outcome.output = nil
        outcome.bytesOut = 0
        outcome.warning = nil
        outcome.status = .failed(message)
        return outcome
    }
}
