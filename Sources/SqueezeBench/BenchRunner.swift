import Foundation
import Glibc
import SqueezeKit

/// Runs a bench plan: every scheduled run as a `squeeze compress` child into a scratch directory,
/// checks that every run produced the same bytes as the first, and gathers the figures.
public final class BenchRunner: Sendable {
    public let plan: BenchPlan
    /// Where the scratch directory is made (outputs land there unless `discard`).
    public let scratchParent: String
    private let child: BenchChildProcess

    /// `executable` is the `squeeze` binary the runs use (normally the one running).
    public init(plan: BenchPlan, executable: String, scratchParent: String) {
        self.plan = plan
        self.scratchParent = scratchParent
        child = BenchChildProcess(executable: executable)
    }

    /// Stops the bench: the running child is interrupted and no other is started. `run` then
    /// throws `.interrupted`, once it has removed the scratch directory.
    public func interrupt() { child.interrupt() }

    public func run(observer: (BenchProgress) -> Void = { _ in }) throws(BenchError) -> BenchReport {
        guard FileStatus.exists(plan.input) else { throw .inputMissing("\(plan.input)") }
        let scratch = try ScratchDirectory(in: scratchParent)
        defer { scratch.removeAll() }

        let schedule = plan.schedule
        // Other tools write beside their inputs: they get a copy of the tree (made once, untimed).
        let peerFiles = plan.peers.isEmpty ? nil : try preparePeers(in: scratch)
        var peerBytesOut: [BenchConfiguration: Int64] = [:]
        var samples: [BenchConfiguration: [BenchRunSample]] = [:]
        var reference: (fingerprint: OutputFingerprint, run: ScheduledRun)?
        var mismatches: [String] = []
        var firstReport: RunReport?
        for (index, scheduled) in schedule.enumerated() {
            if child.isInterrupted { throw .interrupted }
            if let peer = scheduled.configuration.peer, let peerFiles {
                let (sample, written) = try executePeer(peer, scheduled, number: index + 1, files: peerFiles, in: scratch)
                if !scheduled.isWarmup {
                    samples[scheduled.configuration, default: []].append(sample)
                    peerBytesOut[scheduled.configuration] = written
                }
                observer(BenchProgress(index: index + 1, total: schedule.count, run: scheduled, wallSeconds: sample.wallSeconds))
                continue
            }
            let (report, measured) = try execute(scheduled, number: index + 1, in: scratch)
            let fingerprint = try plan.discard
                ? OutputFingerprint(discardedRun: report) : OutputFingerprint(writtenUnder: PathName(scratch("run-\(index + 1)")))
            scratch.remove("run-\(index + 1)")
            if let reference {
                let differences = reference.fingerprint.differences(from: fingerprint)
                if !differences.isEmpty {
                    mismatches.append("\(Self.describe(scheduled)) differs from \(Self.describe(reference.run)): "
                        + differences.joined(separator: "; "))
                }
            } else {
                reference = (fingerprint, scheduled)
                firstReport = report
            }
            if !scheduled.isWarmup {
                // Beside other tools, timed as they are: from outside, start and exit included.
                let sample = plan.peers.isEmpty
                    ? BenchRunSample(round: scheduled.round, report: report)
                    : BenchRunSample(round: scheduled.round, measured: measured, bytes: report.bytesIn, peakMemoryBytes: report.peakMemoryBytes)
                samples[scheduled.configuration, default: []].append(sample)
            }
            observer(BenchProgress(index: index + 1, total: schedule.count, run: scheduled, wallSeconds: report.wallSeconds))
        }

        // An interrupt between runs (or after the last) is noticed here, not by a child.
        if child.isInterrupted { throw .interrupted }
        let contention: [CollectorContentionResult]? = plan.kind == .collectors
            ? CollectorKind.allCases.map { kind in
                CollectorContention(threads: max(plan.configurations.map(\.jobs).max() ?? 2, 2), recordsPerThread: 50_000)
                    .measure(kind, repetitions: plan.repetitions)
            }
            : nil
        return makeReport(
            samples: samples, firstReport: firstReport!, mismatches: mismatches,
            comparedRuns: schedule.filter { $0.configuration.peer == nil }.count, contention: contention,
            peerBytesOut: peerBytesOut)
    }

    /// The peers' copy of the input, and the files in it squeeze compresses (with
    /// `--recompress`), as a NUL-terminated list for `xargs -0`.
    private struct PeerFiles {
        let list: String
        let paths: [String]
        let bytes: Int64
    }

    private func preparePeers(in scratch: ScratchDirectory) throws(BenchError) -> PeerFiles {
        let copy = scratch("peers-tree")
        let copied = try child.run(
            executable: "/bin/cp", ["-a", "\(plan.input)", copy], standardInputPath: nil, standardErrorPath: scratch("copy.stderr"))
        scratch.remove("copy.stderr")
        guard copied.status == 0 else { throw .scratch("cannot copy '\(plan.input)' for the other tools to compress") }
        let files = TreeScanner(options: ScanOptions(selection: .uncompressed)).scan([PathName(copy)]).files
        var (list, paths, bytes) = ([UInt8](), [String](), Int64(0))
        for index in files.indices {
            let file = files[index]
            list += file.path.bytes + [0]
            paths.append("\(file.path)")
            bytes += file.status.size
        }
        guard FileManager.default.createFile(atPath: scratch("peers.list"), contents: Data(list)) else {
            throw .scratch("cannot write '\(scratch("peers.list"))'")
        }
        return PeerFiles(list: scratch("peers.list"), paths: paths, bytes: bytes)
    }

    /// One run of another tool over the peers' copy; its outputs are measured and removed
    /// (untimed), so that every run starts from the same tree.
    private func executePeer(
        _ peer: BenchPeer, _ scheduled: ScheduledRun, number: Int, files: PeerFiles, in scratch: ScratchDirectory
    ) throws(BenchError) -> (BenchRunSample, written: Int64) {
        let standardError = scratch("run-\(number).stderr")
        defer { scratch.remove("run-\(number).stderr") }
        let (status, measured) = try child.run(
            executable: "/usr/bin/env", peer.arguments(jobs: scheduled.configuration.jobs, level: plan.level(of: peer)),
            standardInputPath: files.list, standardErrorPath: standardError)
        if status == 128 + SIGINT { throw .interrupted }
        var written: Int64 = 0
        for path in files.paths {
            let output = path + peer.suffix
            if let size = try? FileStatus.of(PathName(output), followingSymlinks: false).size {
                written += size
                unlink(output)
            }
        }
        guard status == 0 else {
            let message = (try? String(contentsOfFile: standardError, encoding: .utf8)) ?? ""
            throw .runFailed(
                configuration: Self.describe(scheduled), status: status, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (BenchRunSample(round: scheduled.round, measured: measured, bytes: files.bytes), written)
    }

    /// One child run, to its decoded report; the run's files stay in the scratch directory
    /// (`run-N/`) for the caller to check, its report and messages are removed.
    private func execute(
        _ scheduled: ScheduledRun, number: Int, in scratch: ScratchDirectory
    ) throws(BenchError) -> (RunReport, ExternalMeasurement) {
        let name = "run-\(number)"
        defer {
            scratch.remove("\(name).json")
            scratch.remove("\(name).stderr")
        }
        let arguments = plan.compressArguments(
            for: scheduled.configuration, reportPath: scratch("\(name).json"), outputDirectory: scratch(name))
        let (status, measured) = try child.run(
            executable: nil, arguments, standardInputPath: nil, standardErrorPath: scratch("\(name).stderr"))
        if status == 128 + SIGINT { throw .interrupted }
        // 2 is "done, with warnings" (a file that changed is reported, not fatal to a bench).
        guard status == 0 || status == 2 else {
            let message = (try? String(contentsOfFile: scratch("\(name).stderr"), encoding: .utf8)) ?? ""
            throw .runFailed(
                configuration: Self.describe(scheduled), status: status,
                message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: scratch("\(name).json")))
            return (try JSONDecoder().decode(RunReport.self, from: data), measured)
        } catch {
            throw .reportUnreadable("\(scratch("\(name).json")): \(error)")
        }
    }

    private func makeReport(
        samples: [BenchConfiguration: [BenchRunSample]], firstReport: RunReport, mismatches: [String], comparedRuns: Int,
        contention: [CollectorContentionResult]?, peerBytesOut: [BenchConfiguration: Int64]
    ) -> BenchReport {
        let summary = { (configuration: BenchConfiguration?) in configuration.flatMap { samples[$0] }.flatMap { SampleSummary($0.map(\.wallSeconds)) } }
        let rows = plan.configurations.map { configuration in
            let baselineConfiguration = plan.baseline(of: configuration)
            let baseline = summary(baselineConfiguration)
            let written = configuration.peer == nil ? firstReport.bytesOut : peerBytesOut[configuration] ?? 0
            return BenchRow(
                configuration: configuration,
                label: BenchRow.label(of: configuration, among: plan.configurations, kind: plan.kind),
                runs: samples[configuration] ?? [], files: firstReport.filesDone, bytes: firstReport.bytesIn,
                compressionRatio: written > 0 ? Double(firstReport.bytesIn) / Double(written) : 0,
                baselineWallSeconds: baseline?.median, kind: plan.kind,
                baseline: baselineConfiguration == configuration ? nil : baseline, bytesOut: written,
                squeeze: configuration.peer == nil ? nil : summary(plan.squeezeReference(for: configuration)))
        }
        let baseline = switch plan.kind {
        case .modes: "sequential"
        case .collectors: "the \(CollectorKind.production.rawValue) collector (production) in the same mode and jobs"
        }
        return BenchReport(
            kind: plan.kind, input: "\(plan.input)", files: firstReport.filesDone, bytes: firstReport.bytesIn,
            settings: BenchReport.Settings(
                format: plan.settings.format, codec: plan.settings.codec, level: plan.settings.level, blockSize: plan.settings.blockSize, qos: plan.qos,
                discard: plan.discard, repetitions: plan.repetitions, warmupRounds: plan.warmupRounds),
            activeCores: SchedulingOptions.activeCores, baseline: baseline, rows: rows,
            identicalOutput: mismatches.isEmpty, comparedRuns: comparedRuns, mismatches: mismatches,
            contention: contention, timedFromOutside: plan.peers.isEmpty ? nil : true)
    }

    private static func describe(_ run: ScheduledRun) -> String {
        "\(run.configuration.description) (\(run.isWarmup ? "warm-up" : "round \(run.round)"))"
    }
}

/// Runs `squeeze compress` as a child process of the same binary, one run at a time. Each run
/// then has its own `ru_maxrss` (peak memory is per process) and measures its own wall time, so
/// starting it, reading its report and cleaning up after it stay outside the figures.
public final class BenchChildProcess: Sendable {
    /// The `squeeze` binary to run.
    public let executable: String
    /// The running child, so an interrupt can be passed on to it.
    private let running = Locked<pid_t?>(nil)
    private let cancellation = CancellationFlag()

    public init(executable: String) {
        self.executable = executable
    }

    /// Runs `squeeze arguments…` to the end, its standard error into `standardErrorPath`, and
    /// returns its exit status (128 + the signal's number if a signal ended it).
    public func run(_ arguments: [String], standardErrorPath: String) throws(BenchError) -> Int32 {
        try run(executable: nil, arguments, standardInputPath: nil, standardErrorPath: standardErrorPath).status
    }

    /// Runs `executable` (squeeze when nil) to the end, reading `standardInputPath` (or nothing),
    /// its standard error into `standardErrorPath`; returns its exit status and what it cost
    /// measured from outside.
    public func run(
        executable other: String?, _ arguments: [String], standardInputPath: String?, standardErrorPath: String
    ) throws(BenchError) -> (status: Int32, measured: ExternalMeasurement) {
        let executable = other ?? self.executable
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        guard FileManager.default.createFile(atPath: standardErrorPath, contents: nil),
              let standardError = FileHandle(forWritingAtPath: standardErrorPath)
        else { throw .scratch("cannot create '\(standardErrorPath)'") }
        defer { try? standardError.close() }
        let input = standardInputPath.flatMap { FileHandle(forReadingAtPath: $0) }
        defer { try? input?.close() }
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError
        let before = ExternalMeasurement.childrenCPU()
        let start = MonotonicClock.now()
        do {
            try process.run()
        } catch {
            throw .launchFailed(executable: executable, reason: error.localizedDescription)
        }
        running.withLock { pid in
            pid = process.processIdentifier
            // An interrupt that came while it was starting.
            if cancellation.isCancelled { kill(process.processIdentifier, SIGINT) }
        }
        process.waitUntilExit()
        let wall = MonotonicClock.now() - start
        let after = ExternalMeasurement.childrenCPU()
        running.withLock { $0 = nil }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, ExternalMeasurement(wallSeconds: wall, userSeconds: after.user - before.user, systemSeconds: after.system - before.system))
    }

    /// Whether `interrupt()` was called.
    public var isInterrupted: Bool { cancellation.isCancelled }

    /// Passes an interrupt on to the running child (which stops and removes its temporaries),
    /// and to any child started after this.
    public func interrupt() {
        running.withLock { pid in
            cancellation.cancel()
            if let pid { kill(pid, SIGINT) }
        }
    }
}

/// What a child cost, measured from outside it: wall time from just before its start to its exit,
/// and the CPU time of it and its own children (`getrusage(RUSAGE_CHILDREN)` before and after; the
/// bench runs one child at a time).
public struct ExternalMeasurement: Sendable, Equatable {
    public var wallSeconds: Double
    public var userSeconds: Double
    public var systemSeconds: Double

    static func childrenCPU() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}

/// One run in a bench's schedule.
public struct ScheduledRun: Sendable, Equatable {
    public var configuration: BenchConfiguration
    /// 1, 2, … for measured runs; 0 and below for warm-ups.
    public var round: Int
    /// Run but not measured.
    public var isWarmup: Bool
}
