import SqueezeKit

/// A bench as a self-contained SVG chart (no scripts, no external fonts or styles): one bar per
/// row at its median wall time, a whisker from the fastest to the slowest run, the speedup above
/// it, labelled axes with ticks, and a title naming the input and the settings.
public struct BenchChartSVG: Sendable {
    public var height: Int = 440
    /// Horizontal room per bar.
    public var slot: Int = 92

    public init() {}

    public func render(_ report: BenchReport) -> String {
        let categoryTitle = report.kind == .modes
            ? (report.rows.contains { $0.peer != nil } ? "squeeze's mode or another tool (speedup vs sequential, or squeeze vs the tool, above each bar; ≈ within noise)"
                : "scheduling mode (speedup vs sequential above each bar; ≈ within noise)")
            : "result collector (speed vs the production \(CollectorKind.production.rawValue) collector above each bar)"
        let bars = report.rows.map { row in
            let runs = row.runs.map { ReportFormatter.decimal($0.wallSeconds, places: 3) }.joined(separator: ", ")
            return BarChartSVG.Bar(
                label: row.label, value: row.wallSeconds.median, low: row.wallSeconds.minimum, high: row.wallSeconds.maximum,
                valueLabel: ReportFormatter.seconds(row.wallSeconds.median),
                emphasis: Self.emphasis(of: row),
                tooltip: "\(row.label): median \(ReportFormatter.seconds(row.wallSeconds.median)), runs \(runs) s",
                colour: Self.colour(of: row, kind: report.kind))
        }
        let chart = BarChartSVG(
            title: title(report), subtitle: subtitle(report),
            description: "\(subtitle(report)). Bars: median wall time; whiskers: fastest to slowest run.",
            valueAxisTitle: "median wall time (s), shorter is faster", categoryAxisTitle: categoryTitle, bars: bars,
            height: height, slot: slot)
        return chart.render()
    }

    func title(_ report: BenchReport) -> String {
        let input = report.input.count <= 44 ? report.input : "…/" + "\(PathName(report.input).lastComponent)"
        return "squeeze bench: \(input), \(ReportFormatter.count(report.files)) files, \(ReportFormatter.size(report.bytes))"
    }

    func subtitle(_ report: BenchReport) -> String {
        let jobs = Array(Set(report.rows.filter { $0.configuration.mode != .sequential }.map(\.configuration.jobs))).sorted()
        let settings = report.settings
        var parts: [String] = []
        if !jobs.isEmpty { parts.append("jobs \(jobs.map(String.init).joined(separator: ", "))") }
        parts.append(settings.compressionDescription)
        parts.append("qos \(settings.qos.rawValue)")
        parts.append(settings.discard ? "in memory" : "outputs written")
        parts.append("median of \(settings.repetitions) (whiskers: fastest to slowest)")
        parts.append("\(report.activeCores) core\(report.activeCores == 1 ? "" : "s")")
        return parts.joined(separator: ", ")
    }

    /// Above a bar: its speedup, or for another tool how squeeze compares; `≈` when within noise.
    static func emphasis(of row: BenchRow) -> String? {
        if row.peer != nil {
            return row.squeezeSpeedup.map { (row.squeezeSpeedupWithinNoise == true ? "≈ " : "") + "squeeze \(ReportFormatter.decimal($0, places: 2))x" }
        }
        return row.speedup.map { (row.speedupWithinNoise == true ? "≈ " : "") + "\(ReportFormatter.decimal($0, places: 2))x" }
    }

    /// Colours that carry no judgement: one for squeeze's runs, grey for the baseline they are
    /// measured against, a sand for other tools. (Red for one mode read as "bad" whatever its result.)
    static func colour(of row: BenchRow, kind: BenchKind) -> String {
        if row.peer != nil { return "#bab0ac" }
        switch kind {
        case .modes: return row.configuration.mode == .sequential ? "#9a9a9a" : "#4e79a7"
        case .collectors: return row.configuration.collector == .production ? "#9a9a9a" : "#4e79a7"
        }
    }
}

/// The bar chart under a bench's table: one bar per row, its length the median wall time, with a
/// whisker to the slowest run.
///
///     sequential  ██████████████████████████████████████▌─┤  1.532 s  1.00x
///     group       ████████████████████▍─┤                    0.812 s  1.89x
public struct BenchBarChart: Sendable {
    /// Columns for the longest bar.
    public var width: Int

    public init(width: Int = 40) {
        precondition(width >= 4)
        self.width = width
    }

    public func format(_ report: BenchReport) -> String {
        guard let longest = report.rows.map(\.wallSeconds.maximum).max(), longest > 0 else { return "" }
        let labelWidth = report.rows.map(\.label.count).max() ?? 0
        var lines = ["median wall time, whisker to the slowest run (shorter is faster):"]
        for row in report.rows {
            let scale = Double(width) / longest
            let bar = Self.bar(median: row.wallSeconds.median * scale, maximum: row.wallSeconds.maximum * scale, width: width)
            let label = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            let speedup = row.speedup.map { "  \(ReportFormatter.decimal($0, places: 2))x" + BenchTableFormatter.noise(row.speedupWithinNoise) }
                ?? row.squeezeSpeedup.map { _ in "  squeeze " + BenchTableFormatter.versusSqueeze(row) } ?? ""
            lines.append("\(label)  \(bar)  \(ReportFormatter.seconds(row.wallSeconds.median))\(speedup)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `width` columns: a bar to `median` (in eighths of a column), then, when the slowest run
    /// ends a column or more past it, a whisker `─┤` to `maximum`. (The fastest run is inside
    /// the bar, always; the table gives it.)
    static func bar(median: Double, maximum: Double, width: Int) -> String {
        let eighths = min(max(Int((median * 8).rounded()), 1), width * 8)
        var cells: [Character] = Array(repeating: "█", count: eighths / 8)
        let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        if eighths % 8 > 0 { cells.append(partials[eighths % 8 - 1]) }
        let end = min(Int(maximum.rounded()), width)
        if end > cells.count {
            cells += Array(repeating: "─", count: end - cells.count - 1)
            cells.append("┤")
        }
        cells += Array(repeating: " ", count: max(width - cells.count, 0))
        return String(cells)
    }
}

/// A value axis from zero with "nice" ticks (1, 2 or 5 times a power of ten), for the charts.
public struct ChartAxis: Sendable, Equatable {
    /// The top of the axis: the last tick, at or above the largest value.
    public var maximum: Double
    public var step: Double

    /// An axis covering 0…`value` with about `targetTicks` intervals.
    public init(covering value: Double, targetTicks: Int = 5) {
        precondition(targetTicks >= 1)
        let value = value.isFinite && value > 0 ? value : 1
        let rough = value / Double(targetTicks)
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        self.step = step
        maximum = (value / step).rounded(.up) * step
    }

    /// 0, step, 2·step, … up to `maximum`.
    public var ticks: [Double] {
        let count = Int((maximum / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// A tick's label with as many decimals as the step needs: `0.25`, `1.5`, `20`.
    public func label(_ value: Double) -> String {
        var places = 0
        var scaled = step
        while places < 6 && (scaled - scaled.rounded()).magnitude > 1e-9 * max(scaled, 1) {
            scaled *= 10
            places += 1
        }
        return ReportFormatter.decimal(value, places: places)
    }
}
