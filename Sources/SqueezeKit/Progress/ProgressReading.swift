/// Where a run stands, as the progress line shows it.
public struct ProgressReading: Sendable, Equatable {
    /// False while the inputs are still being scanned: nothing is known about the total yet.
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

    /// Done, from 0 to 1: by bytes, or by files when there are no bytes to count.
    public var fraction: Double {
        let fraction = bytesTotal > 0
            ? Double(bytesDone) / Double(bytesTotal)
            : filesTotal > 0 ? Double(filesDone) / Double(filesTotal) : 0
        return min(max(fraction, 0), 1)
    }
}
