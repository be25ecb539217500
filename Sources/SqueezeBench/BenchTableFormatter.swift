import SqueezeKit

/// The text of a bench: a heading, one table, the identical-output verdict, and (for collector
/// benches) the micro-benchmark. Tables are aligned plain text for a terminal, or Markdown for a
/// README.
public struct BenchTableFormatter: Sendable {
    public enum Style: Sendable {
        case text
        case markdown
    }

    public var style: Style

    public init(style: Style = .text) {
        self.style = style
    }

    public func format(_ report: BenchReport) -> String {
        var lines = [heading(report), ""]
        lines += table(report)
        lines += notes(report)
        lines.append("")
        lines.append(verdict(report))
        if let contention = report.contention, !contention.isEmpty {
            lines.append("")
            lines += contentionTable(contention)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func heading(_ report: BenchReport) -> String {
        let settings = report.settings
        let runs = "median of \(settings.repetitions) run\(settings.repetitions == 1 ? "" : "s")"
            + (settings.warmupRounds > 0 ? " after \(settings.warmupRounds) warm-up round\(settings.warmupRounds == 1 ? "" : "s")" : "")
        return "squeeze bench: \(report.input): \(ReportFormatter.count(report.files)) files, "
            + "\(ReportFormatter.size(report.bytes)); \(settings.compressionDescription), "
            + "qos \(settings.qos.rawValue), \(settings.discard ? "in memory (--discard)" : "outputs written"), "
            + "\(runs), \(report.activeCores) core\(report.activeCores == 1 ? "" : "s")"
            + (report.kind == .collectors ? "; result collectors compared in \(modes(report))" : "")
    }

    private func modes(_ report: BenchReport) -> String {
        var seen: [String] = []
        for row in report.rows where !seen.contains(row.configuration.mode.rawValue) { seen.append(row.configuration.mode.rawValue) }
        return seen.joined(separator: ", ")
    }

    func table(_ report: BenchReport) -> [String] {
        let isModes = report.kind == .modes
        var header = [isModes ? "mode" : "collector", "jobs", "wall (median)", "min-max", "MB/s", "files/s",
                      isModes ? "speedup" : "vs \(CollectorKind.production.rawValue)"]
        if isModes { header.append("efficiency") }
        header += ["CPU util", "user s", "sys s", "peak mem", "ratio", "out"]
        let hasPeers = report.rows.contains { $0.peer != nil }
        if hasPeers { header.append("squeeze vs it") }
        var rows = [header]
        for row in report.rows {
            var cells = [
                row.label, "\(row.configuration.jobs)", ReportFormatter.seconds(row.wallSeconds.median),
                "\(ReportFormatter.decimal(row.wallSeconds.minimum, places: 3))-\(ReportFormatter.decimal(row.wallSeconds.maximum, places: 3))",
                ReportFormatter.decimal(row.megabytesPerSecond, places: 1),
                ReportFormatter.count(Int(row.filesPerSecond.rounded())),
                row.speedup.map { "\(ReportFormatter.decimal($0, places: 2))x" + Self.noise(row.speedupWithinNoise) } ?? "-",
            ]
            if isModes { cells.append(row.efficiency.map { "\(ReportFormatter.decimal($0 * 100, places: 0))%" } ?? "-") }
            cells += [
                ReportFormatter.decimal(row.cpuUtilisation, places: 2),
                ReportFormatter.decimal(row.userSeconds, places: 3),
                ReportFormatter.decimal(row.systemSeconds, places: 3),
                row.peakMemoryBytes > 0 ? ByteCount.describe(row.peakMemoryBytes) : "-",
                "\(ReportFormatter.decimal(row.compressionRatio, places: 2))x",
                row.bytesOut.map(ReportFormatter.size) ?? "-",
            ]
            if hasPeers { cells.append(Self.versusSqueeze(row)) }
            rows.append(cells)
        }
        return layout(rows, leftAligned: [0])
    }

    /// ` (noise)` after a comparison whose runs' ranges overlap.
    static func noise(_ withinNoise: Bool?) -> String { withinNoise == true ? " (noise)" : "" }

    /// How squeeze's time compares with a peer's row: `2.41x faster`, `1.30x slower`.
    static func versusSqueeze(_ row: BenchRow) -> String {
        guard let ratio = row.squeezeSpeedup, ratio > 0 else { return "-" }
        let text = ratio >= 1 ? "\(ReportFormatter.decimal(ratio, places: 2))x faster" : "\(ReportFormatter.decimal(1 / ratio, places: 2))x slower"
        return text + noise(row.squeezeSpeedupWithinNoise)
    }

    /// What the table needs said beside it: comparisons inside the noise, how rows were timed.
    func notes(_ report: BenchReport) -> [String] {
        var notes: [String] = []
        if report.rows.contains(where: { $0.speedupWithinNoise == true || $0.squeezeSpeedupWithinNoise == true }) {
            notes.append("(noise): the fastest-to-slowest runs of the two overlap: the difference is within the noise of "
                + "these runs, not a speedup (more --repeat, or a quieter machine, may tell).")
        }
        if report.timedFromOutside == true {
            notes.append("Every row timed from outside its process (start and exit included), as the other tools report "
                + "nothing of themselves; all compressed the same files (squeeze with --recompress), each tool's outputs "
                + "removed between runs, untimed.")
        }
        if let missing = report.peersMissing, !missing.isEmpty {
            notes.append("Not installed, left out: \(missing.joined(separator: ", ")).")
        }
        return notes.isEmpty ? [] : [""] + notes
    }

    func verdict(_ report: BenchReport) -> String {
        if report.identicalOutput {
            return "identical output: yes, \(ReportFormatter.count(report.files)) files byte for byte in all "
                + "\(report.comparedRuns) runs\(report.settings.discard ? " (compared by CRC-32)" : "")"
        }
        return (["IDENTICAL OUTPUT: NO, runs produced different bytes:"] + report.mismatches.map { "  \($0)" })
            .joined(separator: "\n")
    }

    func contentionTable(_ results: [CollectorContentionResult]) -> [String] {
        guard let first = results.first else { return [] }
        var rows = [["collector", "ns/call (wall)", "ns/call (cpu)", "min-max s", "totals exact"]]
        for result in results {
            rows.append([
                result.collector.rawValue, ReportFormatter.decimal(result.nanosecondsPerCall, places: 0),
                ReportFormatter.decimal(result.cpuNanosecondsPerCall, places: 0),
                "\(ReportFormatter.decimal(result.seconds.minimum, places: 3))-\(ReportFormatter.decimal(result.seconds.maximum, places: 3))",
                result.exact ? "yes" : "NO",
            ])
        }
        return ["contention: \(first.threads) threads recording at once, \(ReportFormatter.count(first.calls)) calls, "
            + "median of \(first.seconds.count)", ""] + layout(rows, leftAligned: [0, 4])
    }

    func layout(_ rows: [[String]], leftAligned: Set<Int>) -> [String] {
        switch style {
        case .text: Self.align(rows, leftAligned: leftAligned)
        case .markdown: Self.markdown(rows, leftAligned: leftAligned)
        }
    }

    /// A Markdown table: the first row is the header; numbers right-aligned.
    static func markdown(_ rows: [[String]], leftAligned: Set<Int>) -> [String] {
        guard let header = rows.first else { return [] }
        let rule = header.indices.map { leftAligned.contains($0) ? "---" : "---:" }
        return ([header, rule] + rows.dropFirst()).map { "| " + $0.joined(separator: " | ") + " |" }
    }

    /// Columns padded to their widest cell, separated by two spaces; numbers right-aligned.
    static func align(_ rows: [[String]], leftAligned: Set<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return leftAligned.contains(column) ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
            .replacingTrailingSpaces()
        }
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
