import CSystem
import Glibc

/// `--rm` and `--sync`: outputs made durable before a source goes, or before the run says it is done.
///
/// A rename is atomic but not durable: after a power cut, an output renamed a moment ago (its
/// data and its directory entry) may be gone, and with it, under `--rm`, the only copy if its
/// source had been unlinked at once. An `fsync` of every output and its directory would cost two
/// disk flushes a file. Instead committed files wait in a batch: when the batch is full, and at
/// the end of the run, one `syncfs` per file system written to makes every output in it durable,
/// and only then are the batch's sources removed and their outcomes recorded. `--sync` alone
/// syncs each file system once, at the end.
///
/// A source is also kept, and the user told why, when its file had a warning (its output may be
/// less than the user thinks: trailing garbage ignored, say) or the sync failed.
final class DurableCommits: Sendable {
    let removeSources: Bool
    let syncOutputs: Bool
    private let collector: any ResultRecording
    private let state = Locked(State())
    /// Files whose sources wait for one sync: bounds both the memory held and how long a
    /// source outlives its output's commit.
    static let batchLimit = 1_000

    private struct State: Sendable {
        var batch: [Commit] = []
        /// A directory on each file system written to since the last sync, by device.
        var fileSystems: [UInt64: PathName] = [:]
        /// The device of each directory outputs went to (one `stat` per directory), forgotten at
        /// each sync so that it stays small.
        var devices: [PathName: UInt64] = [:]
        /// File systems a sync during the run failed on, for the report at its end.
        var failures: [FileFailure] = []

        /// Notes that an output went to `directory`; its file system's device, when known.
        mutating func noteOutput(in directory: PathName) -> UInt64? {
            if devices[directory] == nil, let status = try? FileStatus.of(directory, followingSymlinks: true) {
                devices[directory] = status.device
            }
            guard let device = devices[directory] else { return nil }
            if fileSystems[device] == nil { fileSystems[device] = directory }
            return device
        }

        /// What waits for the next sync, taken out.
        mutating func take() -> (batch: [Commit], fileSystems: [UInt64: PathName]) {
            defer {
                batch = []
                fileSystems = [:]
                devices = [:]
            }
            return (batch, fileSystems)
        }
    }

    private struct Commit: Sendable {
        var outcome: FileOutcome
        let source: PathName
        /// Files that go with the source (its checkpoint indexes), removed after it.
        var companions: [PathName] = []
        let device: UInt64?
    }

    init(output: OutputOptions, collector: any ResultRecording) {
        removeSources = output.removeSources && !output.discard
        syncOutputs = (output.sync || removeSources) && !output.discard
        self.collector = collector
    }

    /// Records `outcome`, a file whose output was committed at `output` (nil when nothing was
    /// kept, such as standard output): at once, or under `--rm` once its output is durable and its
    /// source removed, and after it its `companions`. `keepSource` says why the source must stay
    /// even under `--rm`.
    func record(
        _ outcome: FileOutcome, output: PathName?, source: PathName, companions: [PathName] = [], keepSource reason: String? = nil
    ) {
        guard syncOutputs, let output, outcome.status == .done else {
            collector.record(outcome)
            return
        }
        var outcome = outcome
        let removes = removeSources && reason == nil
        if removeSources, let reason { outcome.appendWarning("the source was kept: \(reason)") }
        let full = state.withLock { state -> (batch: [Commit], fileSystems: [UInt64: PathName])? in
            let device = state.noteOutput(in: output.parent)
            guard removes else { return nil }
            state.batch.append(Commit(outcome: outcome, source: source, companions: companions, device: device))
            return state.batch.count >= Self.batchLimit ? state.take() : nil
        }
        if !removes { collector.record(outcome) }
        if let full {
            let failures = settle(full.batch, syncing: full.fileSystems)
            if !failures.isEmpty { state.withLock { $0.failures += failures } }
        }
    }

    /// Syncs what is still waiting and removes its sources: the end of the run. Returns the file
    /// systems that could not be synced (their outputs may not survive a power cut).
    func finish() -> [FileFailure] {
        guard syncOutputs else { return [] }
        let (waiting, earlierFailures) = state.withLock { ($0.take(), $0.failures) }
        return earlierFailures + settle(waiting.batch, syncing: waiting.fileSystems)
    }

    /// Syncs `fileSystems` (every one written to since the last sync, so every output of the
    /// batch is among them), then removes the sources of the outputs now durable and records
    /// every outcome of the batch.
    private func settle(_ batch: [Commit], syncing fileSystems: [UInt64: PathName]) -> [FileFailure] {
        var failures: [FileFailure] = []
        var unsynced: Set<UInt64> = []
        for (device, directory) in fileSystems {
            if let error = Self.syncFileSystem(of: directory) {
                unsynced.insert(device)
                failures.append(FileFailure(path: directory, message: "\(error); outputs on its file system may not survive a power cut"))
            }
        }
        for var commit in batch {
            if commit.device.map(unsynced.contains) ?? true {
                commit.outcome.appendWarning("the source was kept: its output could not be made durable")
            } else if commit.source.withCString({ unlink($0) }) != 0 {
                commit.outcome.appendWarning("\(SystemError("remove", commit.source, code: errno)); the output is complete")
            } else {
                for companion in commit.companions where companion.withCString({ unlink($0) }) != 0 && errno != ENOENT {
                    commit.outcome.appendWarning("\(SystemError("remove", companion, code: errno))")
                }
            }
            collector.record(commit.outcome)
        }
        return failures
    }

    /// `syncfs` on the file system holding `directory`: its data and metadata, directory entries
    /// included, reach the disk.
    private static func syncFileSystem(of directory: PathName) -> SystemError? {
        do {
            let descriptor = try systemCall("open", directory) {
                directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            }
            defer { close(descriptor) }
            try systemCall("sync the file system of", directory) { syncfs(descriptor) }
            return nil
        } catch {
            return error
        }
    }
}

extension FileOutcome {
    /// Adds `warning` to the file's warnings.
    mutating func appendWarning(_ text: String) {
        warning = [warning, text].compactMap { $0 }.joined(separator: "; ")
    }
}
