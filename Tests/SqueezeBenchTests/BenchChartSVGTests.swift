import Foundation
import FoundationXML
import SqueezeBench
import SqueezeKit
import Testing

@Suite struct BenchChartSVGTests {
    static func parse(_ svg: String) throws -> XMLDocument {
        try XMLDocument(data: Data(svg.utf8))
    }

    /// (FoundationXML's `attribute(forName:)` finds nothing on an element in a default namespace.)
    static func attribute(_ name: String, of node: XMLNode) -> Double? {
        (node as? XMLElement)?.attributes?.first { $0.name == name }?.stringValue.flatMap(Double.init)
    }

    static func children(_ name: String, of node: XMLNode) -> [XMLNode] {
        node.children?.filter { $0.localName == name } ?? []
    }

    @Test func itIsWellFormedSVGWithoutScripts() throws {
        let document = try Self.parse(BenchChartSVG().render(BenchReportFixture.fourModes))
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(root.uri == "http://www.w3.org/2000/svg")
        #expect(try document.nodes(forXPath: "//*[local-name()='script']").isEmpty)
        #expect(try document.nodes(forXPath: "//*[@href or @*[local-name()='href']]").isEmpty)
    }

    @Test func barHeightsAreProportionalToTheMedians() throws {
        let report = BenchReportFixture.fourModes
        let document = try Self.parse(BenchChartSVG().render(report))
        let bars = try document.nodes(forXPath: "//*[local-name()='g']/*[local-name()='rect']")
        #expect(bars.count == 4)
        let heights = bars.compactMap { Self.attribute("height", of: $0) }
        #expect(heights.count == 4)
        // Bars stand on the same baseline.
        let bottoms = bars.compactMap { bar in Self.attribute("y", of: bar).map { $0 + Self.attribute("height", of: bar)! } }
        #expect(Set(bottoms.map { ($0 * 10).rounded() }).count == 1)
        for (height, row) in zip(heights, report.rows) {
            let expected = heights[0] * row.wallSeconds.median / report.rows[0].wallSeconds.median
            #expect(abs(height - expected) < 0.2, "\(row.label): \(height) vs \(expected)")
        }
    }

    @Test func labelsAxesAndTitleAreThere() throws {
        let document = try Self.parse(BenchChartSVG().render(BenchReportFixture.fourModes))
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        for label in ["sequential", "group", "apply", "operation"] { #expect(texts.contains(label)) }
        #expect(texts.contains("2.00x"))  // apply: 1.0 / 0.5
        #expect(texts.contains("median wall time (s), shorter is faster"))
        #expect(texts.contains { $0.hasPrefix("scheduling mode") })
        #expect(texts.contains("squeeze bench: /data/tree, 7,914 files, 114.6 MB"))
        #expect(texts.contains { $0.contains("jobs 2") && $0.contains("libdeflate level 6") && $0.contains("median of 3") })
        // Ticks from 0 up past the slowest run (1.2 s, and room for its labels).
        #expect(texts.contains("0.0") && texts.contains("1.5"))
    }

    @Test func whiskersSpanTheFastestToTheSlowestRun() throws {
        let report = BenchReportFixture.fourModes
        let document = try Self.parse(BenchChartSVG().render(report))
        let groups = try document.nodes(forXPath: "//*[local-name()='g']")
        let operation = try #require(groups.last)
        let stem = try #require(Self.children("line", of: operation).first)
        let (low, high) = (Self.attribute("y1", of: stem)!, Self.attribute("y2", of: stem)!)
        let bar = try #require(Self.children("rect", of: operation).first)
        let bottom = Self.attribute("y", of: bar)! + Self.attribute("height", of: bar)!
        let pixelsPerSecond = Self.attribute("height", of: bar)! / report.rows[3].wallSeconds.median
        #expect(abs((bottom - low) / pixelsPerSecond - 0.6) < 0.01)
        #expect(abs((bottom - high) / pixelsPerSecond - 0.9) < 0.01)
    }

    @Test func textIsEscaped() throws {
        let report = BenchReportFixture.report([("sequential", .sequential, 1, [1])], input: "/data/a&b <c>")
        let svg = BenchChartSVG().render(report)
        #expect(svg.contains("/data/a&amp;b &lt;c&gt;"))
        let texts = try Self.parse(svg).nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains { $0.contains("/data/a&b <c>") })
    }
}
