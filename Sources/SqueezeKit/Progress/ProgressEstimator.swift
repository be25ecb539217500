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
        if speed > 0 {
            reading.secondsRemaining = Double(max(totals.bytesPlanned - totals.bytesProcessed, 0)) / speed
        }
        return reading
    }
}
