/// Entries written from archive bytes whose checksum has not been checked yet, waiting under a
/// temporary name: "no byte reaches a final name before the CRC that covers it has been checked".
///
/// squeeze's own `.tar.gz` is checked a member (1 MiB by default) at a time, before or soon after
/// its bytes reach libarchive, so only the entries of the last few members ever wait here. Any
/// other gzip (`gzip -c`, `tar czf`) has one member, whose only CRC is at the end of the file:
/// then every regular file with data waits until the whole stream has been verified, and this
/// list grows by one small record per such entry (its names and outcome, never its data). Empty
/// files have no bytes to wait for. A damaged stream leaves none of them behind: each is removed
/// and reported by name.
struct UnverifiedEntries {
    struct Entry {
        /// Where the entry's data is, relative to the destination.
        var temporary: PathName
        /// The name it takes once verified, relative to the destination.
        var name: PathName
        /// How far into the decoded archive the entry's bytes reach.
        var streamEnd: Int64
        /// What is recorded once it has its name.
        var outcome: FileOutcome
        /// For a hard link waiting with its target: the file whose other name it is.
        var linkTarget: PathName?
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// The temporary that will become `name`, if one is waiting.
    func temporary(for name: PathName) -> PathName? {
        entries.last { $0.name == name }?.temporary
    }

    /// The entries, in archive order, whose bytes `isVerified` now vouches for: they may take their names.
    mutating func takeVerified(_ isVerified: (Int64) -> Bool) -> [Entry] {
        let count = entries.prefix { isVerified($0.streamEnd) }.count
        defer { entries.removeFirst(count) }
        return Array(entries.prefix(count))
    }

    /// Every entry still waiting (the stream failed, or the run stops).
    mutating func takeAll() -> [Entry] {
        defer { entries = [] }
        return entries
    }

    /// What an entry that never took its name is reported with.
    static func failure(_ entry: Entry, because error: any Error) -> FileOutcome {
        var outcome = entry.outcome
        outcome.output = nil
        outcome.bytesOut = 0
        outcome.warning = nil
        outcome.status = .failed("not extracted: the archive's data could not be verified up to the end of this entry: \(error)")
        return outcome
    }
}
