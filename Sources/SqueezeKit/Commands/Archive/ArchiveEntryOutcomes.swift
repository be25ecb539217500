/// What became of each entry of an archive, kept until the archive is complete (an entry is done
/// only once the archive holding it is): for an entry done, its index among the items and a few
/// numbers, not a `FileOutcome` with its paths, so that an archive of a million entries keeps
/// megabytes, not hundreds of them. Entries that failed are rare and kept whole.
struct ArchiveEntryOutcomes: Sendable {
    /// The entries, as the producer wrote them: known once the walk ends.
    var items = ScannedFiles()
    private var done: [DoneEntry] = []
    /// Input bytes of the entries done.
    private(set) var bytesInDone: Int64 = 0
    private(set) var failed: [FileOutcome] = []

    private struct DoneEntry {
        var item: Int32
        var seconds: Float32
        var bytesIn: Int64
    }

    /// What `ArchiveEntryWriter` made of item `index`.
    mutating func add(_ outcome: FileOutcome, item index: Int) {
        if outcome.status == .done {
            done.append(DoneEntry(item: Int32(index), seconds: Float32(outcome.seconds), bytesIn: outcome.bytesIn))
            bytesInDone += outcome.bytesIn
        } else {
            failed.append(outcome)
        }
    }

    /// Input bytes of entries that failed but whose data the archive holds all the same.
    var failedBytesStored: Int64 { failed.reduce(0) { $0 + $1.bytesIn } }

    /// How many entries were done.
    var doneCount: Int { done.count }

    /// Calls `body` with the outcome of every entry done, its output the archive.
    func forEachDone(archive: PathName, _ body: (FileOutcome) -> Void) {
        for entry in done {
            var outcome = FileOutcome(
                source: items[Int(entry.item)].path, output: archive, bytesIn: entry.bytesIn, bytesOut: 0,
                seconds: Double(entry.seconds), status: .done)
            // Counted as worked through when it went into the stream.
            outcome.progressFiles = 0
            body(outcome)
        }
    }
}
