/// The median and range of repeated measurements of one thing.
public struct SampleSummary: Codable, Sendable, Equatable {
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    /// Nil when there are no samples.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        count = sorted.count
    }
}
