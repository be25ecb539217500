import SqueezeKit

/// A bench as a self-contained SVG chart (no scripts, no external fonts or styles): one bar per
/// row at its median wall time, a whisker from the fastest to the slowest run, the speedup above
/// it, labelled axes with ticks, and a title naming the input and the settings.
public struct BenchChartSVG: Sendable {
    public var height: Int = 440
    /// Horizontal room per bar.
    public var slot: Int = 92

    public init() {}

    private let margin = (top: 78.0, right: 24.0, bottom: 72.0, left: 76.0)

    public func render(_ report: BenchReport) -> String {
        // Wide enough for the bars and the titles (under 10 px a character in bold 16 px, 7 in 12 px).
        let width = max(
            600, Int(margin.left + margin.right) + slot * report.rows.count, title(report).count * 10 + 40,
            subtitle(report).count * 7 + 40)
        let plotTop = margin.top
        let plotBottom = Double(height) - margin.bottom
        let plotLeft = margin.left
        let plotRight = Double(width) - margin.right
        let largest = report.rows.map(\.wallSeconds.maximum).max() ?? 1
        // Headroom above the tallest whisker for its labels.
        let axis = ChartAxis(covering: largest * 1.18)
        let y = { (seconds: Double) in plotBottom - seconds / axis.maximum * (plotBottom - plotTop) }
        let slotWidth = (plotRight - plotLeft) / Double(max(report.rows.count, 1))

        var svg: [String] = []
        svg.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">"##)
        svg.append("<title>\(Self.escape(title(report)))</title>")
        svg.append("<desc>\(Self.escape(subtitle(report))). Bars: median wall time; whiskers: fastest to slowest run.</desc>")
        svg.append(##"<rect x="0" y="0" width="\##(width)" height="\##(height)" fill="#ffffff"/>"##)
        svg.append(##"<text x="\##(Self.number(Double(width) / 2))" y="26" text-anchor="middle" font-size="16" font-weight="bold">\##(Self.escape(title(report)))</text>"##)
        svg.append(##"<text x="\##(Self.number(Double(width) / 2))" y="46" text-anchor="middle" fill="#444444">\##(Self.escape(subtitle(report)))</text>"##)

        // Value axis: grid lines, ticks and their labels, the axis title.
        for tick in axis.ticks {
            let tickY = Self.number(y(tick))
            svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(tickY)" x2="\##(Self.number(plotRight))" y2="\##(tickY)" stroke="#e4e4e4"/>"##)
            svg.append(##"<line x1="\##(Self.number(plotLeft - 5))" y1="\##(tickY)" x2="\##(Self.number(plotLeft))" y2="\##(tickY)" stroke="#333333"/>"##)
            svg.append(##"<text x="\##(Self.number(plotLeft - 8))" y="\##(Self.number(y(tick) + 4))" text-anchor="end">\##(axis.label(tick))</text>"##)
        }
        let axisTitleY = Self.number((plotTop + plotBottom) / 2)
        svg.append(##"<text x="20" y="\##(axisTitleY)" text-anchor="middle" transform="rotate(-90 20 \##(axisTitleY))">median wall time (s), shorter is faster</text>"##)
        svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(Self.number(plotTop))" x2="\##(Self.number(plotLeft))" y2="\##(Self.number(plotBottom))" stroke="#333333"/>"##)
        svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(Self.number(plotBottom))" x2="\##(Self.number(plotRight))" y2="\##(Self.number(plotBottom))" stroke="#333333"/>"##)

        for (index, row) in report.rows.enumerated() {
            let center = plotLeft + slotWidth * (Double(index) + 0.5)
            let barWidth = min(slotWidth * 0.6, 64)
            let top = y(row.wallSeconds.median)
            let runs = row.runs.map { ReportFormatter.decimal($0.wallSeconds, places: 3) }.joined(separator: ", ")
            svg.append("<g>")
            svg.append("<title>\(Self.escape("\(row.label): median \(ReportFormatter.seconds(row.wallSeconds.median)), runs \(runs) s"))</title>")
            svg.append(##"<rect x="\##(Self.number(center - barWidth / 2))" y="\##(Self.number(top))" width="\##(Self.number(barWidth))" height="\##(Self.number(plotBottom - top))" fill="\##(Self.colour(of: row, kind: report.kind))"/>"##)
            let low = Self.number(y(row.wallSeconds.minimum))
            let high = Self.number(y(row.wallSeconds.maximum))
            let capLeft = Self.number(center - 7)
            let capRight = Self.number(center + 7)
            svg.append(##"<line x1="\##(Self.number(center))" y1="\##(low)" x2="\##(Self.number(center))" y2="\##(high)" stroke="#222222" stroke-width="1.5"/>"##)
            svg.append(##"<line x1="\##(capLeft)" y1="\##(low)" x2="\##(capRight)" y2="\##(low)" stroke="#222222" stroke-width="1.5"/>"##)
            svg.append(##"<line x1="\##(capLeft)" y1="\##(high)" x2="\##(capRight)" y2="\##(high)" stroke="#222222" stroke-width="1.5"/>"##)
            let labelY = y(row.wallSeconds.maximum) - 8
            svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(labelY))" text-anchor="middle">\##(ReportFormatter.seconds(row.wallSeconds.median))</text>"##)
            if let speedup = row.speedup {
                svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(labelY - 15))" text-anchor="middle" font-weight="bold">\##(ReportFormatter.decimal(speedup, places: 2))x</text>"##)
            }
            svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(plotBottom + 18))" text-anchor="middle">\##(Self.escape(row.label))</text>"##)
            svg.append("</g>")
        }
        let categoryTitle = report.kind == .modes ? "scheduling mode (speedup vs sequential above each bar)"
            : "result collector (speed vs the production \(CollectorKind.production.rawValue) collector above each bar)"
        svg.append(##"<text x="\##(Self.number((plotLeft + plotRight) / 2))" y="\##(Self.number(plotBottom + 46))" text-anchor="middle">\##(categoryTitle)</text>"##)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    func title(_ report: BenchReport) -> String {
        let input = report.input.count <= 44 ? report.input : "…/" + "\(PathName(report.input).lastComponent)"
        return "squeeze bench: \(input), \(ReportFormatter.count(report.files)) files, \(ReportFormatter.megabytes(report.bytes))"
    }

    func subtitle(_ report: BenchReport) -> String {
        let jobs = Array(Set(report.rows.filter { $0.configuration.mode != .sequential }.map(\.configuration.jobs))).sorted()
        let settings = report.settings
        var parts: [String] = []
        if !jobs.isEmpty { parts.append("jobs \(jobs.map(String.init).joined(separator: ", "))") }
        parts.append("\(settings.codec.rawValue) level \(settings.level)")
        parts.append("qos \(settings.qos.rawValue)")
        parts.append(settings.discard ? "in memory" : "outputs written")
        parts.append("median of \(settings.repetitions) (whiskers: fastest to slowest)")
        parts.append("\(report.activeCores) core\(report.activeCores == 1 ? "" : "s")")
        return parts.joined(separator: ", ")
    }

    static func colour(of row: BenchRow, kind: BenchKind) -> String {
        switch kind {
        case .modes:
            switch row.configuration.mode {
            case .sequential: "#9a9a9a"
            case .group: "#4e79a7"
            case .apply: "#59a14f"
            case .operation: "#e15759"
            }
        case .collectors:
            switch row.configuration.collector {
            case .sync: "#4e79a7"
            case .async: "#f28e2b"
            case .barrier: "#b07aa1"
            case .mutex: "#76b7b2"
            }
        }
    }

    /// A coordinate with one decimal and no grouping (`1234.5`).
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// Text safe inside an element or an attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
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
            let speedup = row.speedup.map { "  \(ReportFormatter.decimal($0, places: 2))x" } ?? ""
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
