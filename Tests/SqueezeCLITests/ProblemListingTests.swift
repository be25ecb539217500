import Foundation
import SqueezeTestSupport
import Testing

/// Problems are listed in full up to 10,000 of a kind; past that the report says how many more
/// there were, and the JSON still has every one.
@Suite struct ProblemListingTests {
    @Test func warningsPastTheLimitAreCountedAndTheJSONHasThemAll() throws {
        let scratch = try TemporaryDirectory()
        let tree = scratch("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        let count = 10_003
        for index in 0..<count {
            // Each source's output is there already: a warning per file, and nothing replaced.
            #expect(FileManager.default.createFile(atPath: "\(tree)/f\(index)", contents: Data("x\n".utf8)))
            #expect(FileManager.default.createFile(atPath: "\(tree)/f\(index).gz", contents: Data("mine\n".utf8)))
        }
        let result = try Squeeze.run(["compress", tree, "--json", scratch("report.json"), "--progress", "never"])
        #expect(result.status == 2)
        let warnings = result.standardError.split(separator: "\n").filter { $0.hasPrefix("squeeze: warning: ") }
        #expect(warnings.count == 10_000)
        #expect(result.standardError.contains("squeeze: 3 more warnings not listed (10,000 shown; the JSON report lists them all)"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("report.json")))) as? [String: Any])
        #expect((report["warnings"] as? [Any])?.count == count)
        #expect(try String(contentsOfFile: "\(tree)/f17.gz", encoding: .utf8) == "mine\n")
    }
}
