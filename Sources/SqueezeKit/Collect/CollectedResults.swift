/// What a collector keeps: the running totals and every outcome. The four collectors differ only
/// in how they make updates to it safe (serial queue with `sync` or `async`, barriers on a
/// concurrent queue, a mutex), which is what `squeeze bench --collectors` compares.
struct CollectedResults: Sendable {
    private(set) var totals = RunTotals()
    private(set) var outcomes: [FileOutcome] = []

    mutating func plan(files: Int, bytes: Int64) {
        totals.filesPlanned += files
        totals.bytesPlanned += bytes
    }

    mutating func addProgress(bytes: Int64, files: Int) {
        totals.addProgress(bytes: bytes, files: files)
    }

    mutating func record(_ outcome: FileOutcome) {
        totals.add(outcome)
        outcomes.append(outcome)
    }
}
