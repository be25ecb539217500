/// Assembles a `RunReport` from what a run measured and what its collector gathered.
public struct RunReportBuilder: Sendable {
    /// Which side of a run is compressed, for the ratio.
    public enum CompressedSide: Sendable { case input, output }

    public var command: String
    public var settings: RunReport.Settings
    public var compressedSide: CompressedSide
    public var startTime: Double
    public var startUsage: ResourceUsage
    public var skipped: [SkippedPath] = []
    public var failures: [FileFailure] = []
    public var warnings: [FileFailure] = []

    /// Starts the clocks now.
    public init(command: String, settings: RunReport.Settings, compressedSide: CompressedSide) {
        self.command = command
        self.settings = settings
        self.compressedSide = compressedSide
        startTime = MonotonicClock.now()
        startUsage = ResourceUsage.current()
    }

    public func build(collector: any ResultRecording, interrupted: Bool) -> RunReport {
        let wall = max(MonotonicClock.now() - startTime, 1e-9)
        let usage = ResourceUsage.current().since(startUsage)
        let outcomes = collector.outcomes()
        let totals = collector.totals()

        var failures = failures.map { RunReport.Notice(path: "\($0.path)", message: $0.message) }
        var warnings = warnings.map { RunReport.Notice(path: "\($0.path)", message: $0.message) }
        var files: [RunReport.FileEntry] = []
        var skipped = skipped
        for outcome in outcomes {
            switch outcome.status {
            case .done:
                files.append(RunReport.FileEntry(
                    path: "\(outcome.source)", output: outcome.output.map { "\($0)" },
                    bytesIn: outcome.bytesIn, bytesOut: outcome.bytesOut, seconds: outcome.seconds,
                    outputCRC32: outcome.outputChecksum, listing: outcome.listing))
            case .failed(let message):
                failures.append(RunReport.Notice(path: "\(outcome.source)", message: message))
            case .skipped(let reason):
                skipped.append(SkippedPath(path: outcome.source, reason: reason))
            }
            if let warning = outcome.warning {
                warnings.append(RunReport.Notice(path: "\(outcome.source)", message: warning))
            }
        }
        for skip in skipped where skip.reason.isWarning {
            warnings.append(RunReport.Notice(path: "\(skip.path)", message: skip.reason.description))
        }
        let cpu = usage.userSeconds + usage.systemSeconds
        let (compressed, uncompressed) = compressedSide == .output
            ? (totals.bytesOut, totals.bytesIn) : (totals.bytesIn, totals.bytesOut)
        let exitStatus: Int32 = interrupted ? 130 : !failures.isEmpty ? 1 : !warnings.isEmpty ? 2 : 0
        return RunReport(
            command: command, settings: settings,
            filesDone: totals.filesDone, filesSkipped: skipped.count, filesFailed: failures.count,
            bytesIn: totals.bytesIn, bytesOut: totals.bytesOut,
            compressionRatio: compressed > 0 ? Double(uncompressed) / Double(compressed) : 0,
            wallSeconds: wall, userSeconds: usage.userSeconds, systemSeconds: usage.systemSeconds,
            cpuSeconds: cpu, cpuUtilisation: cpu / wall,
            megabytesPerSecond: Double(totals.bytesIn) / 1e6 / wall,
            filesPerSecond: Double(totals.filesDone) / wall,
            peakMemoryBytes: usage.peakResidentBytes,
            interrupted: interrupted, exitStatus: exitStatus,
            skippedByReason: Dictionary(skipped.map { ($0.reason.category, 1) }, uniquingKeysWith: +),
            skipped: skipped.map { RunReport.Notice(path: "\($0.path)", message: $0.reason.description) },
            failures: failures, warnings: warnings, files: files)
    }
}
