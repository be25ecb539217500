/// The one line of text a progress reading becomes, fitted to the terminal's width:
///
///     37% ███████▍             3,012/8,123 files  84.6 MB/s  ETA 0:07
///
/// When the width is short, the bar goes first, then the time left, then the speed; the percentage
/// and the file count stay.
public struct ProgressLine: Sendable {
    /// Columns the bar takes when there is room for it.
    public var barWidth: Int

    public init(barWidth: Int = 20) {
        self.barWidth = barWidth
    }

    public func format(_ reading: ProgressReading, width: Int) -> String {
        guard reading.isPlanned else { return String("scanning…".prefix(max(width, 0))) }
        let percent = "\(Self.percent(reading.fraction))%"
        // A stream (an archive being extracted) has no count of files until its end.
        let files = reading.filesTotal > 0
            ? "\(ReportFormatter.count(reading.filesDone))/\(ReportFormatter.count(reading.filesTotal)) files"
            : "\(ReportFormatter.count(reading.filesDone)) files"
        let speed = reading.bytesPerSecond.map { "\(ReportFormatter.decimal($0 / 1e6, places: 1)) MB/s" } ?? "-- MB/s"
        let eta = "ETA \(reading.secondsRemaining.map(Self.duration) ?? "--:--")"
        let bar = Self.bar(reading.fraction, width: barWidth)

        // From fullest to barest; the first that fits is shown.
        let candidates = [
            [percent, bar, files, speed, eta],
            [percent, files, speed, eta],
            [percent, files, speed],
            [percent, files],
            [percent],
        ]
        for parts in candidates {
            let line = parts.joined(separator: "  ")
            if line.count <= width { return line }
        }
        return String(percent.prefix(max(width, 0)))
    }

    /// Whole percent, rounded down: 100 only when everything is done.
    static func percent(_ fraction: Double) -> Int {
        Int((fraction * 100).rounded(.down))
    }

    /// `fraction` of `width` cells filled, in eighths of a cell, padded with spaces.
    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let partials: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if bar.count < width { bar.append(partials[eighths % 8]) }
        return bar + String(repeating: " ", count: max(width - bar.count, 0))
    }

    /// `0:07`, `12:34`, `1:02:03`; whole seconds, rounded up so the estimate does not reach 0:00
    /// before the end.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let total = Int(min(seconds, 359_999).rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
