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
        var samples: [BenchConfiguration: [BenchRunSample]] = [:]
        var reference: (fingerprint: OutputFingerprint, run: ScheduledRun)?
        var mismatches: [String] = []
        var firstReport: RunReport?
        for (index, scheduled) in schedule.enumerated() {
            if child.isInterrupted { throw .interrupted }
            let report = try execute(scheduled, number: index + 1, in: scratch)
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
                samples[scheduled.configuration, default: []].append(BenchRunSample(round: scheduled.round, report: report))
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
        return makeReport(samples: samples, firstReport: firstReport!, mismatches: mismatches, comparedRuns: schedule.count,
                          contention: contention)
    }

    /// One child run, to its decoded report; the run's files stay in the scratch directory
    /// (`run-N/`) for the caller to check, its report and messages are removed.
    private func execute(_ scheduled: ScheduledRun, number: Int, in scratch: ScratchDirectory) throws(BenchError) -> RunReport {
        let name = "run-\(number)"
        defer {
            scratch.remove("\(name).json")
            scratch.remove("\(name).stderr")
        }
        let arguments = plan.compressArguments(
            for: scheduled.configuration, reportPath: scratch("\(name).json"), outputDirectory: scratch(name))
        let status = try child.run(arguments, standardErrorPath: scratch("\(name).stderr"))
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
            return try JSONDecoder().decode(RunReport.self, from: data)
        } catch {
            throw .reportUnreadable("\(scratch("\(name).json")): \(error)")
        }
    }

    private func makeReport(
        samples: [BenchConfiguration: [BenchRunSample]], firstReport: RunReport, mismatches: [String], comparedRuns: Int,
        contention: [CollectorContentionResult]?
    ) -> BenchReport {
        let rows = plan.configurations.map { configuration in
            let baselineWall = plan.baseline(of: configuration).flatMap { samples[$0] }
                .flatMap { SampleSummary($0.map(\.wallSeconds))?.median }
            return BenchRow(
                configuration: configuration,
                label: BenchRow.label(of: configuration, among: plan.configurations, kind: plan.kind),
                runs: samples[configuration] ?? [], files: firstReport.filesDone, bytes: firstReport.bytesIn,
                compressionRatio: firstReport.compressionRatio, baselineWallSeconds: baselineWall, kind: plan.kind)
        }
        let baseline = switch plan.kind {
        case .modes: "sequential"
        case .collectors: "the \(CollectorKind.production.rawValue) collector (production) in the same mode and jobs"
        }
        return BenchReport(
            kind: plan.kind, input: "\(plan.input)", files: firstReport.filesDone, bytes: firstReport.bytesIn,
            settings: BenchReport.Settings(
                codec: plan.settings.codec, level: plan.settings.level, blockSize: plan.settings.blockSize, qos: plan.qos,
                discard: plan.discard, repetitions: plan.repetitions, warmupRounds: plan.warmupRounds),
            activeCores: SchedulingOptions.activeCores, baseline: baseline, rows: rows,
            identicalOutput: mismatches.isEmpty, comparedRuns: comparedRuns, mismatches: mismatches,
            contention: contention)
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        guard FileManager.default.createFile(atPath: standardErrorPath, contents: nil),
              let standardError = FileHandle(forWritingAtPath: standardErrorPath)
        else { throw .scratch("cannot create '\(standardErrorPath)'") }
        defer { try? standardError.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError
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
        running.withLock { $0 = nil }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
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

/// One run in a bench's schedule.
public struct ScheduledRun: Sendable, Equatable {
    public var configuration: BenchConfiguration
    /// 1, 2, … for measured runs; 0 and below for warm-ups.
    public var round: Int
    /// Run but not measured.
    public var isWarmup: Bool
}
