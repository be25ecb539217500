import SqueezeKit

/// A self-contained SVG bar chart (no scripts, no external fonts or styles): one bar per category
/// with an optional whisker from `low` to `high`, its value and an emphasised label above it,
/// labelled axes with ticks, a title and a subtitle. The bench's chart and `report merge`'s chart
/// of shards are both drawn by it.
public struct BarChartSVG: Sendable {
    public struct Bar: Sendable {
        public var label: String
        public var value: Double
        /// The whisker's ends; a bar without one has both at `value`.
        public var low: Double
        public var high: Double
        /// Above the whisker: the value as text.
        public var valueLabel: String
        /// Above that, in bold (a speedup, say).
        public var emphasis: String?
        /// Shown when the pointer is on the bar.
        public var tooltip: String
        public var colour: String

        public init(
            label: String, value: Double, low: Double, high: Double, valueLabel: String, emphasis: String?, tooltip: String,
            colour: String
        ) {
            self.label = label
            self.value = value
            self.low = low
            self.high = high
            self.valueLabel = valueLabel
            self.emphasis = emphasis
            self.tooltip = tooltip
            self.colour = colour
        }
    }

    public var title: String
    public var subtitle: String
    /// The SVG's `desc`, for readers that do not see it.
    public var description: String
    public var valueAxisTitle: String
    public var categoryAxisTitle: String
    public var bars: [Bar]
    public var height: Int = 440
    /// Horizontal room per bar.
    public var slot: Int = 92

    public init(
        title: String, subtitle: String, description: String, valueAxisTitle: String, categoryAxisTitle: String, bars: [Bar],
        height: Int = 440, slot: Int = 92
    ) {
        self.title = title
        self.subtitle = subtitle
        self.description = description
        self.valueAxisTitle = valueAxisTitle
        self.categoryAxisTitle = categoryAxisTitle
        self.bars = bars
        self.height = height
        self.slot = slot
    }

    private let margin = (top: 78.0, right: 24.0, bottom: 72.0, left: 76.0)

    public func render() -> String {
        // Wide enough for the bars and the titles (under 10 px a character in bold 16 px, 7 in 12 px).
        let width = max(
            600, Int(margin.left + margin.right) + slot * bars.count, title.count * 10 + 40, subtitle.count * 7 + 40)
        let plotTop = margin.top
        let plotBottom = Double(height) - margin.bottom
        let plotLeft = margin.left
        let plotRight = Double(width) - margin.right
        let largest = bars.map(\.high).max() ?? 1
        // Headroom above the tallest whisker for its labels.
        let axis = ChartAxis(covering: largest * 1.18)
        let y = { (value: Double) in plotBottom - value / axis.maximum * (plotBottom - plotTop) }
        let slotWidth = (plotRight - plotLeft) / Double(max(bars.count, 1))

        var svg: [String] = []
        svg.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">"##)
        svg.append("<title>\(Self.escape(title))</title>")
        svg.append("<desc>\(Self.escape(description))</desc>")
        svg.append(##"<rect x="0" y="0" width="\##(width)" height="\##(height)" fill="#ffffff"/>"##)
        svg.append(##"<text x="\##(Self.number(Double(width) / 2))" y="26" text-anchor="middle" font-size="16" font-weight="bold">\##(Self.escape(title))</text>"##)
        svg.append(##"<text x="\##(Self.number(Double(width) / 2))" y="46" text-anchor="middle" fill="#444444">\##(Self.escape(subtitle))</text>"##)

        // Value axis: grid lines, ticks and their labels, the axis title.
        for tick in axis.ticks {
            let tickY = Self.number(y(tick))
            svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(tickY)" x2="\##(Self.number(plotRight))" y2="\##(tickY)" stroke="#e4e4e4"/>"##)
            svg.append(##"<line x1="\##(Self.number(plotLeft - 5))" y1="\##(tickY)" x2="\##(Self.number(plotLeft))" y2="\##(tickY)" stroke="#333333"/>"##)
            svg.append(##"<text x="\##(Self.number(plotLeft - 8))" y="\##(Self.number(y(tick) + 4))" text-anchor="end">\##(axis.label(tick))</text>"##)
        }
        let axisTitleY = Self.number((plotTop + plotBottom) / 2)
        svg.append(##"<text x="20" y="\##(axisTitleY)" text-anchor="middle" transform="rotate(-90 20 \##(axisTitleY))">\##(Self.escape(valueAxisTitle))</text>"##)
        svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(Self.number(plotTop))" x2="\##(Self.number(plotLeft))" y2="\##(Self.number(plotBottom))" stroke="#333333"/>"##)
        svg.append(##"<line x1="\##(Self.number(plotLeft))" y1="\##(Self.number(plotBottom))" x2="\##(Self.number(plotRight))" y2="\##(Self.number(plotBottom))" stroke="#333333"/>"##)

        for (index, bar) in bars.enumerated() {
            let center = plotLeft + slotWidth * (Double(index) + 0.5)
            let barWidth = min(slotWidth * 0.6, 64)
            let top = y(bar.value)
            svg.append("<g>")
            svg.append("<title>\(Self.escape(bar.tooltip))</title>")
            svg.append(##"<rect x="\##(Self.number(center - barWidth / 2))" y="\##(Self.number(top))" width="\##(Self.number(barWidth))" height="\##(Self.number(plotBottom - top))" fill="\##(bar.colour)"/>"##)
            let low = Self.number(y(bar.low))
            let high = Self.number(y(bar.high))
            let capLeft = Self.number(center - 7)
            let capRight = Self.number(center + 7)
            svg.append(##"<line x1="\##(Self.number(center))" y1="\##(low)" x2="\##(Self.number(center))" y2="\##(high)" stroke="#222222" stroke-width="1.5"/>"##)
            svg.append(##"<line x1="\##(capLeft)" y1="\##(low)" x2="\##(capRight)" y2="\##(low)" stroke="#222222" stroke-width="1.5"/>"##)
            svg.append(##"<line x1="\##(capLeft)" y1="\##(high)" x2="\##(capRight)" y2="\##(high)" stroke="#222222" stroke-width="1.5"/>"##)
            let labelY = y(bar.high) - 8
            svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(labelY))" text-anchor="middle">\##(Self.escape(bar.valueLabel))</text>"##)
            if let emphasis = bar.emphasis {
                svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(labelY - 15))" text-anchor="middle" font-weight="bold">\##(Self.escape(emphasis))</text>"##)
            }
            svg.append(##"<text x="\##(Self.number(center))" y="\##(Self.number(plotBottom + 18))" text-anchor="middle">\##(Self.escape(bar.label))</text>"##)
            svg.append("</g>")
        }
        svg.append(##"<text x="\##(Self.number((plotLeft + plotRight) / 2))" y="\##(Self.number(plotBottom + 46))" text-anchor="middle">\##(Self.escape(categoryAxisTitle))</text>"##)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
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
