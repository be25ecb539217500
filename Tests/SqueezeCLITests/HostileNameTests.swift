import Foundation
import SqueezeTestSupport
import Testing

/// Names are bytes an attacker may choose: printed, they must not drive the terminal (escaped as
/// `ls -b` does); in JSON, they must come back exactly.
@Suite struct HostileNameTests {
    static let escape: UInt8 = 0x1B

    @Test func controlCharactersInNamesArePrintedAsEscapes() throws {
        let scratch = try TemporaryDirectory()
        let name = Array("red\u{1B}[31m\u{1B}]0;owned\u{07}".utf8)
        let path = Array(scratch.path.utf8) + [UInt8(ascii: "/")] + name
        try TreeBuilder.write("data\n", to: String(decoding: path, as: UTF8.self))
        // An existing output: a warning naming the file, on standard error.
        try TreeBuilder.write("old", to: String(decoding: path + Array(".gz".utf8), as: UTF8.self))
        let result = try Squeeze.run(["compress", "-v", scratch.path])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(!result.standardOutput.contains(Self.escape) && !Array(result.standardError.utf8).contains(Self.escape))
        #expect(result.standardError.contains(#"red\033[31m\033]0;owned\007.gz"#), "\(result.standardError)")
    }

    @Test func archiveEntryNamesAreListedAsEscapes() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file(Array("evil\u{1B}[2J".utf8), Array("x".utf8))
            .write(to: scratch("evil.tar.gz"), compression: .gzip)
        let result = try Squeeze.run(["list", scratch("evil.tar.gz")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains(Self.escape))
        #expect(result.output.contains(#"evil\033[2J"#), "\(result.output)")
    }

    /// A name that is not UTF-8 shows U+FFFD in `path`, and its exact bytes in `pathBytes`.
    @Test func jsonKeepsTheExactBytesOfANameThatIsNotUTF8() throws {
        let scratch = try TemporaryDirectory()
        let name: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        let path = Array(scratch.path.utf8) + [UInt8(ascii: "/")] + name
        let file = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(file >= 0)
        close(file)
        let result = try Squeeze.run(["compress", scratch.path, "--json", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let entry = try #require(files.first)
        #expect((entry["path"] as? String)?.hasSuffix("caf\u{FFFD}") == true)
        let bytes = try #require((entry["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) })
        #expect(Array(bytes) == path)
        let output = try #require((entry["outputBytes"] as? String).flatMap { Data(base64Encoded: $0) })
        #expect(Array(output) == path + Array(".gz".utf8))
    }
}
