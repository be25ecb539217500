import Dispatch

/// The checks of existing outputs (every planned file's under `--resume`; otherwise those of the
/// files whose output the walk saw listed beside them, or that were named), run while the walk
/// that finds the files goes on: the walker hands in each file as it finds it, runs of consecutive
/// files are checked on other threads (at most `jobs` runs at once, so the walker and the checks
/// share the cores), and the outputs found complete (and, unless `--force`, those found to be
/// something else, which are refused) are recorded in the order the files were handed in. Consecutive files mostly share a
/// directory, so each run opens its outputs through one descriptor of it (`ParentDirectory`).
/// A process that may run on one core only (a 1-CPU Slurm task) checks each file as it is handed
/// in, on the walker's thread, through the descriptor the walk looked its source up in
/// (`walkersDirectory`: outputs beside their sources are in it too): another thread could not run
/// beside the walker, and handing runs over would cost the switches, a second descriptor of each
/// directory and the runs' copies.
///
/// The queue itself is the walker's (it is not shared); what the checking threads share is in
/// `Results`, under its lock.
struct ResumeCheckQueue {
    private let check: ResumeCheck
    /// Whether an output that is not the file's complete one is refused (recorded as a skip, the
    /// file not compressed), as it is without `--force`; with it, the file is redone.
    private let refusesDifferent: Bool
    private let qos: QualityOfService
    private let destination: @Sendable (ScannedFile) -> PathName
    private let results: Results
    /// Runs being checked at once: the walker waits for one to end before it hands in another.
    private let slots: Credits
    private let group = DispatchGroup()
    /// The run being filled, and its number (runs are recorded in this order).
    private var pending: [Pending] = []
    private var runNumber = 0
    /// Where files are checked on the walker's thread (one core).
    private let inline: InlineChecks?

    /// Files per run: a worker's consecutive outputs, which mostly share a directory.
    static let runLength = 256

    init(
        check: ResumeCheck, refusingDifferent: Bool, jobs: Int, qos: QualityOfService,
        destination: @escaping @Sendable (ScannedFile) -> PathName, record: @escaping @Sendable (FileOutcome) -> Void
    ) {
        self.check = check
        refusesDifferent = refusingDifferent
        self.qos = qos
        self.destination = destination
        results = Results(record: record)
        slots = Credits(capacity: max(jobs, 1))
        inline = SchedulingOptions.activeCores == 1 ? InlineChecks() : nil
    }

    /// The directory descriptor for the walk to look its listed files up in, when files are checked
    /// on the walker's thread: the check then finds the output's directory open already.
    var walkersDirectory: ParentDirectory? { inline?.directory }

    /// Hands in `file`, number `index` of the run's files; it is checked with the next files (at
    /// once, on one core). `output` is its output's name when the walk has made it already (else
    /// the check makes it).
    mutating func add(_ file: ScannedFile, at index: Int32, output: PathName? = nil) {
        if let inline {
            let output = output ?? destination(file)
            if let outcome = Self.decision(check.judge(file, at: output, in: inline.directory, head: &inline.head), file, output, refusesDifferent) {
                results.add(Found(index: index, outcome: outcome))
            }
            return
        }
        pending.append(Pending(index: index, file: file, output: output))
        if pending.count == Self.runLength { startRun() }
    }

    /// Waits for the last checks; returns which files are decided (found done, or refused), indexed
    /// as handed in, `fileCount` of them: the others are to be compressed.
    mutating func finish(fileCount: Int) -> [Bool] {
        startRun()
        group.wait()
        return results.finished(fileCount: fileCount)
    }

    /// What becomes of a file whose output was judged so: its outcome when it is decided (found
    /// done, or refused), nil when it is to be compressed.
    private static func decision(
        _ judgement: ResumeCheck.Judgement, _ file: ScannedFile, _ output: PathName, _ refusesDifferent: Bool
    ) -> FileOutcome? {
        switch judgement {
        case .complete(let outcome): return outcome
        case .absent: return nil
        case .different:
            guard refusesDifferent else { return nil }
            var outcome = FileOutcome(source: file.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0, status: .skipped(.outputDiffers(output)))
            outcome.progressBytes = file.status.size
            return outcome
        }
    }

    private mutating func startRun() {
        guard !pending.isEmpty else { return }
        let (run, number) = (pending, runNumber)
        pending = []
        pending.reserveCapacity(Self.runLength)
        runNumber += 1
        _ = slots.acquire(1)  // never closed: true once a run has ended
        let (check, refusesDifferent, qos, destination, results, slots) = (check, refusesDifferent, qos, destination, results, slots)
        DispatchQueue.global(qos: qos.dispatchClass).async(group: group) {
            WorkerThreads.lowering(qos) { Self.check(run, number, check, refusesDifferent, destination, results) }
            slots.release(1)
        }
    }

    /// Checks one run of files, on a pool thread, and hands what it decided to `results`.
    private static func check(
        _ run: [Pending], _ number: Int, _ check: ResumeCheck, _ refusesDifferent: Bool,
        _ destination: @Sendable (ScannedFile) -> PathName, _ results: Results
    ) {
        let directory = ParentDirectory()
        var head = [UInt8](repeating: 0, count: ResumeCheck.wholeRead)
        var found: [Found] = []
        found.reserveCapacity(run.count)
        for file in run {
            let output = file.output ?? destination(file.file)
            if let outcome = Self.decision(check.judge(file.file, at: output, in: directory, head: &head), file.file, output, refusesDifferent) {
                found.append(Found(index: file.index, outcome: outcome))
            }
        }
        results.add(found, ofRun: number)
    }

    /// The walk's directory and a read buffer, for checks on the walker's thread.
    private final class InlineChecks {
        let directory = ParentDirectory()
        /// Unchecked: only the walker's thread uses it, one check at a time (the runtime's check of
        /// each `inout` access cost about 75 instructions a file).
        @exclusivity(unchecked) var head = [UInt8](repeating: 0, count: ResumeCheck.wholeRead)
    }

    /// A file handed in, and one that was decided (its output found complete, or refused). (Structs, not tuples: arrays of
    /// tuples are copied and destroyed through the runtime's generic witnesses, a few hundred
    /// instructions a file.)
    private struct Pending {
        let index: Int32
        let file: ScannedFile
        let output: PathName?
    }

    private struct Found {
        let index: Int32
        let outcome: FileOutcome
    }

    /// What the checks found, recorded run by run in the order the runs were handed in.
    private final class Results: Sendable {
        private let record: @Sendable (FileOutcome) -> Void
        private let state = Locked(State())

        private struct State {
            /// The next run to record, and runs checked before it, waiting for it.
            var nextRun = 0
            var waiting: [Int: [Found]] = [:]
            var isDecided: [Bool] = []
        }

        init(record: @escaping @Sendable (FileOutcome) -> Void) {
            self.record = record
        }

        func add(_ found: [Found], ofRun number: Int) {
            state.withLock { state in
                state.waiting[number] = found
                while let ready = state.waiting.removeValue(forKey: state.nextRun) {
                    for found in ready { record(found, in: &state) }
                    state.nextRun += 1
                }
            }
        }

        /// Records one file found complete, where files are checked (and recorded) one at a
        /// time, in order, with no runs.
        func add(_ found: Found) {
            state.withLock { record(found, in: &$0) }
        }

        private func record(_ found: Found, in state: inout State) {
            // The outcome read in place: copied out (a tuple of the two), its paths were retained
            // and released once more.
            record(found.outcome)
            let position = Int(found.index)
            // Files come in order, so this is mostly one append (a `repeatElement` took the generic path).
            while state.isDecided.count <= position { state.isDecided.append(false) }
            state.isDecided[position] = true
        }

        func finished(fileCount: Int) -> [Bool] {
            state.withLock { state in
                var isDecided = state.isDecided
                if isDecided.count < fileCount {
                    isDecided.append(contentsOf: repeatElement(false, count: fileCount - isDecided.count))
                }
                return isDecided
            }
        }
    }
}
