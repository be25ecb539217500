import Foundation
import SqueezeTestSupport
import Testing

/// The committed fixtures in testdata/gzip, each with what `squeeze test` and `squeeze
/// decompress` must do with it (testdata/gzip/EXPECTED, written by scripts/make-gzip-fixtures).
@Suite struct GzipFixtureTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var status: Int32
        /// The expected output's file under testdata/gzip/expected, if the file decodes.
        var output: String?
        var message: String?

        var description: String { file }
    }

    static let expectations: [Expectation] = {
        let text = (try? String(contentsOfFile: Squeeze.fixture("gzip/EXPECTED"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Expectation(
                file: fields[0], status: Int32(fields[1])!,
                output: fields[2] == "-" ? nil : fields[2], message: fields[3] == "-" ? nil : fields[3])
        }
    }()

    @Test func everyFixtureHasAnExpectation() {
        #expect(Self.expectations.count >= 30)
        let files = TreeBuilder.files(under: Squeeze.fixture("gzip")).filter { !$0.contains("/") && $0 != "EXPECTED" }
        #expect(Set(files) == Set(Self.expectations.map(\.file)))
    }

    @Test(arguments: expectations)
    func decompressMeetsTheExpectation(_ expectation: Expectation) throws {
        let scratch = try TemporaryDirectory()
        let result = try Squeeze.run(["decompress", Squeeze.fixture("gzip/\(expectation.file)"), "-o", scratch("out")])
        #expect(result.status == expectation.status, "\(result.standardError)")
        if let message = expectation.message {
            #expect(result.standardError.contains("gzip/\(expectation.file): \(message)") || result.standardError.contains(message),
                    "\(result.standardError)")
        }
        let written = TreeBuilder.files(under: scratch("out"))
        if let output = expectation.output {
            let name = expectation.file.hasSuffix(".tgz") ? expectation.file.dropLast(4) + ".tar" : String(expectation.file.dropLast(3))
            #expect(written == [name])
            let expected = try TreeBuilder.read(Squeeze.fixture("gzip/expected/\(output)"))
            #expect(ByteDifference.between(try TreeBuilder.read(scratch("out/\(name)")), expected) == nil)
        } else {
            #expect(written.isEmpty, "no output, not even a temporary, for a bad file")
        }
    }

    @Test func testReportsEveryBadFileWithItsReasonAndGoesOn() throws {
        let result = try Squeeze.run(["test", Squeeze.fixture("gzip"), "--json", "-"])
        #expect(result.status == 1)
        let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        let failures = (report?["failures"] as? [[String: String]]) ?? []
        let warnings = (report?["warnings"] as? [[String: String]]) ?? []
        for expectation in Self.expectations {
            let path = "\(Squeeze.fixture("gzip"))/\(expectation.file)"
            switch expectation.status {
            case 1:
                let failure = failures.first { $0["path"] == path }
                #expect(failure != nil, "\(expectation.file) is reported bad")
                if let message = expectation.message { #expect(failure?["message"]?.contains(message) == true, "\(expectation.file)") }
                #expect(result.standardError.contains("\(path): "), "\(expectation.file) is printed")
            case 2:
                #expect(warnings.contains { $0["path"] == path }, "\(expectation.file) has a warning")
            default:
                #expect(!failures.contains { $0["path"] == path }, "\(expectation.file) is good")
            }
        }
        #expect(report?["filesDone"] as? Int == Self.expectations.filter { $0.status != 1 }.count)
    }
}
