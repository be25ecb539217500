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
