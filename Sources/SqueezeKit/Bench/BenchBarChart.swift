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
