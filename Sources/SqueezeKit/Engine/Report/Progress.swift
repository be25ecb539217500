/// Turns successive collector snapshots into a reading with a speed and an estimated time left.
///
/// The speed is measured over the last `window` seconds, not since the start: a run that does its
/// big files first slows down on the small ones, and a whole-run average would promise too early
/// an end. Time spent scanning, before the run is planned, does not count.
public struct ProgressEstimator: Sendable {
    /// How far back the speed looks, in seconds.
    public let window: Double
    private var samples: [Sample] = []

    private struct Sample: Sendable {
        var time: Double
        var bytes: Int64
    }

    public init(window: Double = 5) {
        precondition(window > 0)
        self.window = window
    }

    /// The reading for `totals`, observed at `time` (seconds on a monotonic clock).
    public mutating func observe(_ totals: RunTotals, at time: Double) -> ProgressReading {
        let isPlanned = totals.filesPlanned > 0 || totals.bytesPlanned > 0
        var reading = ProgressReading(
            isPlanned: isPlanned, filesDone: totals.filesProcessed, filesTotal: totals.filesPlanned,
            bytesDone: totals.bytesProcessed, bytesTotal: totals.bytesPlanned)
        guard isPlanned else { return reading }

        samples.append(Sample(time: time, bytes: totals.bytesProcessed))
        // Keep the newest sample at least `window` old as the base, and nothing older.
        while samples.count > 2 && samples[1].time <= time - window { samples.removeFirst() }
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return reading }
        let speed = Double(last.bytes - first.bytes) / (last.time - first.time)
        reading.bytesPerSecond = max(speed, 0)
        // No time left to give while the size is unknown (a pipe): "0:00" would be a lie.
        if speed > 0 && totals.bytesPlanned > 0 {
            reading.secondsRemaining = Double(max(totals.bytesPlanned - totals.bytesProcessed, 0)) / speed
        }
        return reading
    }
}

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
        guard reading.isPlanned else {
            // Work may start before the walk ends: what is done so far, with no total yet.
            let scanning = reading.filesDone > 0 ? "scanning…  \(ReportFormatter.count(reading.filesDone)) files done" : "scanning…"
            return String(scanning.prefix(max(width, 0)))
        }
        // Input of unknown size (a pipe): how much went through, with no percent nor time left.
        let percent = reading.isSizeUnknown ? ReportFormatter.size(reading.bytesDone) : "\(Self.percent(reading.fraction))%"
        // A stream (an archive being extracted) has no count of files until its end.
        let files = reading.filesTotal > 0
            ? "\(ReportFormatter.count(reading.filesDone))/\(ReportFormatter.count(reading.filesTotal)) files"
            : "\(ReportFormatter.count(reading.filesDone)) files"
        let speed = reading.bytesPerSecond.map { "\(ReportFormatter.decimal($0 / 1e6, places: 1)) MB/s" } ?? "-- MB/s"
        let eta = "ETA \(reading.secondsRemaining.map(Self.duration) ?? "--:--")"
        let bar = Self.bar(reading.fraction, width: barWidth)

        // From fullest to barest; the first that fits is shown.
        let candidates = reading.isSizeUnknown
            ? [[percent, files, speed], [percent, files], [percent]]
            : [
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

/// When the live progress line is shown (`--progress`).
public enum ProgressMode: String, CaseIterable, Sendable {
    /// On when standard error is a terminal and the run is not `--quiet`.
    case auto
    /// On, even into a file or pipe and under `--quiet`: the user asked for it by name.
    case always
    /// Off.
    case never

    public func isEnabled(standardErrorIsTerminal: Bool, quiet: Bool) -> Bool {
        switch self {
        case .auto: standardErrorIsTerminal && !quiet
        case .always: true
        case .never: false
        }
    }
}

/// Where a run stands, as the progress line shows it.
public struct ProgressReading: Sendable, Equatable {
    /// False while the inputs are still being scanned: nothing is known about the total yet
    /// (files already done are, when work started before the walk ended).
    public var isPlanned: Bool
    /// Files finished, failures included.
    public var filesDone: Int
    public var filesTotal: Int
    public var bytesDone: Int64
    public var bytesTotal: Int64
    /// Input bytes per second over the last few seconds; nil until there are two samples.
    public var bytesPerSecond: Double?
    /// Nil while the speed is unknown or zero.
    public var secondsRemaining: Double?

    public init(
        isPlanned: Bool, filesDone: Int, filesTotal: Int, bytesDone: Int64, bytesTotal: Int64,
        bytesPerSecond: Double? = nil, secondsRemaining: Double? = nil
    ) {
        self.isPlanned = isPlanned
        self.filesDone = filesDone
        self.filesTotal = filesTotal
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.bytesPerSecond = bytesPerSecond
        self.secondsRemaining = secondsRemaining
    }

    /// Whether bytes are being worked through towards no known total (a pipe's): no fraction of
    /// them can be given.
    public var isSizeUnknown: Bool { bytesTotal == 0 && bytesDone > 0 }

    /// Done, from 0 to 1: by bytes, or by files when there are no bytes to count.
    public var fraction: Double {
        let fraction = bytesTotal > 0
            ? Double(bytesDone) / Double(bytesTotal)
            : filesTotal > 0 ? Double(filesDone) / Double(filesTotal) : 0
        return min(max(fraction, 0), 1)
    }
}
