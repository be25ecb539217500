/// The text form of a `RunReport`.
public struct ReportFormatter: Sendable {
    public var verbose: Bool

    public init(verbose: Bool = false) {
        self.verbose = verbose
    }

    /// The summary: counts, sizes, times, speed, and skips by reason.
    public func summary(_ report: RunReport) -> String {
        var lines: [String] = []
        if verbose {
            for file in report.files {
                let arrow = file.output.map { " -> \($0)" } ?? ""
                lines.append("\(file.path)\(arrow)  \(Self.count(file.bytesIn)) -> \(Self.count(file.bytesOut)) bytes")
            }
            for skip in report.skipped { lines.append("skipped \(skip.path): \(skip.message)") }
        }
        // Files an earlier run had done (a rerun's) are told apart from those this run compressed.
        let foundDone = report.filesResumed.map { " (\(Self.count(report.filesDone - $0)) compressed, \(Self.count($0)) found done)" } ?? ""
        let headline = "squeeze \(report.command): \(Self.count(report.filesDone)) file\(report.filesDone == 1 ? "" : "s") done\(foundDone), "
            + "\(Self.count(report.filesSkipped)) skipped, \(Self.count(report.filesFailed)) failed"
            + (report.interrupted ? " (interrupted)" : "")
        lines.append(headline)
        lines.append("  " + settingsLine(report.settings))
        lines.append("  in \(Self.size(report.bytesIn)), out \(Self.size(report.bytesOut)), ratio \(Self.ratio(report.compressionRatio))")
        lines.append("  wall \(Self.seconds(report.wallSeconds)), cpu \(Self.seconds(report.cpuSeconds)) "
            + "(user \(Self.seconds(report.userSeconds)), sys \(Self.seconds(report.systemSeconds))), "
            + "utilisation \(Self.decimal(report.cpuUtilisation, places: 2)) of \(report.settings.jobs) core\(report.settings.jobs == 1 ? "" : "s")")
        // A listing reads indexes, not data: a byte rate would measure nothing (no MB/s).
        let byteRate = report.rateOf.map { "\(Self.size(bytes: report.megabytesPerSecond * 1e6))/s \($0 == .decoded ? "decoded" : "in"), " } ?? ""
        lines.append("  \(byteRate)\(Self.rate(report.filesPerSecond)) files/s, peak memory \(ByteCount.describe(report.peakMemoryBytes))")
        if !report.skippedByReason.isEmpty {
            let reasons = report.skippedByReason.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            lines.append("  skipped: " + reasons.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per failure and warning, for standard error.
    public func problems(_ report: RunReport, includingWarnings: Bool) -> String {
        var lines = report.failures.map { "squeeze: \($0.path): \($0.message)" }
        if includingWarnings { lines += report.warnings.map { "squeeze: warning: \($0.path): \($0.message)" } }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    func settingsLine(_ settings: RunReport.Settings) -> String {
        var jobs = "\(settings.jobs) job\(settings.jobs == 1 ? "" : "s")"
        if let requested = settings.requestedJobs {
            jobs += " (\(requested) asked; \(settings.mode.rawValue) runs at most one per active core)"
        }
        var qos = "qos \(settings.qos.rawValue)"
        if let applied = settings.workerPriority?.description { qos += " (\(applied))" }
        var parts = ["mode \(settings.mode.rawValue)", jobs, qos]
        if let codec = settings.codec, let level = settings.level { parts.append("\(codec.rawValue) level \(level)") }
        if let blockSize = settings.blockSize { parts.append("blocks of \(ByteCount.describe(Int64(blockSize)))") }
        return parts.joined(separator: ", ")
    }

    /// `7,914`: digits grouped by thousands.
    public static func count(_ value: some BinaryInteger) -> String {
        let digits = Array(String(value.magnitude))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `1,532.25` with `places` decimals, grouped like `count`; `-` when not finite.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "-" }
        if places <= 0 { return count(Int(value.rounded())) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled % Int(scale)))
        let padded = String(repeating: "0", count: places - fraction.count) + fraction
        return "\(value < 0 && whole == 0 ? "-" : "")\(count(whole)).\(padded)"
    }

    /// `1.532 s`, or `12.3 s` from ten seconds up.
    public static func seconds(_ value: Double) -> String {
        value < 10 ? "\(decimal(value, places: 3)) s" : "\(decimal(value, places: 1)) s"
    }

    /// A size in decimal units, to a tenth from a kilobyte up: `512 bytes`, `12.3 kB`,
    /// `114.6 MB` (10^6 bytes), `2.1 GB`, so that a small run does not read `0.0 MB`.
    public static func size(_ bytes: Int64) -> String { size(bytes: Double(bytes)) }

    /// A size, or a rate's bytes, that need not be whole.
    static func size(bytes: Double) -> String {
        guard bytes.isFinite else { return "-" }
        if bytes.rounded() < 1000 { return "\(count(Int(bytes.rounded()))) byte\(bytes.rounded() == 1 ? "" : "s")" }
        // Each unit from where the one below would read 1,000.0.
        for (unit, scale) in [("kB", 1e3), ("MB", 1e6)] where bytes < scale * 999.95 {
            return "\(decimal(bytes / scale, places: 1)) \(unit)"
        }
        return "\(decimal(bytes / 1e9, places: 1)) GB"
    }

    /// The ratio, uncompressed over compressed whichever way the run went: `4.61x (compressed
    /// 21.7% of uncompressed)`, or, for data that did not compress, `0.11x (grew by 775.0%)`.
    static func ratio(_ ratio: Double) -> String {
        guard ratio > 0 else { return "n/a" }
        let percent = 100 / ratio
        return percent <= 100
            ? "\(decimal(ratio, places: 2))x (compressed \(decimal(percent, places: 1))% of uncompressed)"
            : "\(decimal(ratio, places: 2))x (grew by \(decimal(percent - 100, places: 1))%)"
    }

    /// A per-second rate: whole from 100 up, else to two significant digits, so that `0` means
    /// none (a run of one file in 3 ms did 333 a second; one of a file in 40 s, 0.025).
    static func rate(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        if value >= 100 { return count(Int(value.rounded())) }
        var places = 1
        var scaled = value
        while scaled < 10 && places < 6 {
            scaled *= 10
            places += 1
        }
        return decimal(value, places: places - 1)
    }
}
