import Dispatch

/// `--resume`'s checks, run while the walk that finds the files goes on: the walker hands in each
/// planned file as it finds it, runs of consecutive files are checked on other threads (at most
/// `jobs` runs at once, so the walker and the checks share the cores), and the outputs found
/// complete are recorded in the order the files were handed in. Consecutive files mostly share a
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
    private let qos: QualityOfService
    private let destination: @Sendable (ScannedFile) -> PathName
    private let results: Results
    /// Runs being checked at once: the walker waits for one to end before it hands in another.
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    /// The run being filled, and its number (runs are recorded in this order).
    private var pending: [Pending] = []
    private var runNumber = 0
    /// Where files are checked on the walker's thread (one core).
    private let inline: InlineChecks?

    /// Files per run: a worker's consecutive outputs, which mostly share a directory.
    static let runLength = 256

    init(
        check: ResumeCheck, jobs: Int, qos: QualityOfService, destination: @escaping @Sendable (ScannedFile) -> PathName,
        record: @escaping @Sendable (FileOutcome) -> Void
    ) {
        self.check = check
        self.qos = qos
        self.destination = destination
        results = Results(record: record)
        slots = DispatchSemaphore(value: max(jobs, 1))
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
            if let outcome = check.completedOutput(of: file, at: output, in: inline.directory, head: &inline.head) {
                results.add(Found(index: index, outcome: outcome))
            }
            return
        }
        pending.append(Pending(index: index, file: file, output: output))
        if pending.count == Self.runLength { startRun() }
    }

    /// Waits for the last checks; returns which files' outputs are complete (indexed as handed
    /// in, `fileCount` of them), how many, and their bytes.
    mutating func finish(fileCount: Int) -> (isComplete: [Bool], files: Int, bytes: Int64) {
        startRun()
        group.wait()
        return results.finished(fileCount: fileCount)
    }

    private mutating func startRun() {
        guard !pending.isEmpty else { return }
        let (run, number) = (pending, runNumber)
        pending = []
        pending.reserveCapacity(Self.runLength)
        runNumber += 1
        slots.wait()
        let (check, qos, destination, results, slots) = (check, qos, destination, results, slots)
        DispatchQueue.global(qos: qos.dispatchClass).async(group: group) {
            WorkerThreads.adopt(qos)
            let directory = ParentDirectory()
            var head = [UInt8](repeating: 0, count: ResumeCheck.wholeRead)
            var found: [Found] = []
            found.reserveCapacity(run.count)
            for file in run {
                if let outcome = check.completedOutput(of: file.file, at: file.output ?? destination(file.file), in: directory, head: &head) {
                    found.append(Found(index: file.index, outcome: outcome))
                }
            }
            results.add(found, ofRun: number)
            slots.signal()
        }
    }

    /// The walk's directory and a read buffer, for checks on the walker's thread.
    private final class InlineChecks {
        let directory = ParentDirectory()
        /// Unchecked: only the walker's thread uses it, one check at a time (the runtime's check of
        /// each `inout` access cost about 75 instructions a file).
        @exclusivity(unchecked) var head = [UInt8](repeating: 0, count: ResumeCheck.wholeRead)
    }

    /// A file handed in, and one whose output was found complete. (Structs, not tuples: arrays of
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
            var isComplete: [Bool] = []
            var files = 0
            var bytes: Int64 = 0
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
            while state.isComplete.count <= position { state.isComplete.append(false) }
            state.isComplete[position] = true
            state.files += 1
            state.bytes += found.outcome.bytesIn
        }

        func finished(fileCount: Int) -> (isComplete: [Bool], files: Int, bytes: Int64) {
            state.withLock { state in
                var isComplete = state.isComplete
                if isComplete.count < fileCount {
                    isComplete.append(contentsOf: repeatElement(false, count: fileCount - isComplete.count))
                }
                return (isComplete, state.files, state.bytes)
            }
        }
    }
}
