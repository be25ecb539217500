import SqueezeBench
import Testing

@Suite struct ChartAxisTests {
    @Test(arguments: [
        (0.83, 0.2, 1.0),
        (1.0, 0.2, 1.0),
        (7.0, 2.0, 8.0),
        (1.32, 0.5, 1.5),
        (0.0123, 0.005, 0.015),
        (240.0, 50.0, 250.0),
    ])
    func stepsAreOneTwoOrFiveTimesAPowerOfTen(value: Double, step: Double, maximum: Double) {
        let axis = ChartAxis(covering: value)
        #expect(abs(axis.step - step) < step * 1e-9, "step \(axis.step) for \(value)")
        #expect(abs(axis.maximum - maximum) < step * 1e-9, "maximum \(axis.maximum) for \(value)")
        #expect(axis.maximum >= value)
    }

    @Test func ticksRunFromZeroToTheTop() {
        let axis = ChartAxis(covering: 0.83)
        #expect(axis.ticks.count == 6)
        #expect(axis.ticks.first == 0)
        #expect(abs(axis.ticks.last! - 1.0) < 1e-9)
    }

    @Test func labelsHaveTheDecimalsTheStepNeeds() {
        #expect(ChartAxis(covering: 0.83).label(0.4) == "0.4")
        #expect(ChartAxis(covering: 7).label(4) == "4")
        #expect(ChartAxis(covering: 0.0123).label(0.005) == "0.005")
        #expect(ChartAxis(covering: 1.32).label(1.5) == "1.5")
    }

    @Test func nothingToShowStillGivesAnAxis() {
        let axis = ChartAxis(covering: 0)
        #expect(axis.maximum > 0)
        #expect(axis.ticks.count >= 2)
    }
}
