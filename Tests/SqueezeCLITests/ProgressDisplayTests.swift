import Foundation
import SqueezeTestSupport
import Testing

/// The live progress line of `squeeze compress`: on a terminal by default, never in a pipe unless
/// asked, erased before the report and before an interrupt message.
@Suite struct ProgressDisplayTests {
    /// Long enough (a second or more at level 12, one job) for several frames after planning.
    static func makeSlowTree(in root: String) throws {
        var data = TestData(seed: 7)
        let text = data.text(2_000_000)
        for index in 0..<6 { try TreeBuilder.write(text, to: "\(root)/part-\(index).txt") }
    }

    static let erase = "\r\u{1B}[K"

    func compressArguments(_ scratch: TemporaryDirectory, _ extra: [String]) -> [String] {
        ["compress", scratch("tree"), "-o", scratch("out"), "--level", "12", "--mode", "sequential", "-j", "1"] + extra
    }

    @Test func showsOnATerminalAndIsErasedBeforeTheReport() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try PseudoTerminal.run(Squeeze.binary, compressArguments(scratch, []))
        #expect(result.status == 0, "\(result.output)")
        let output = result.output
        // A frame after planning: percent, files done of total, speed, time left.
        let frame = try #require(output.split(separator: "\r").first { $0.contains("/6 files") }, "no progress frame in \(output.debugDescription)")
        #expect(frame.contains("%"))
        #expect(frame.contains("MB/s"))
        #expect(frame.contains("ETA"))
        // Erased, and only then the report.
        let report = try #require(output.range(of: "squeeze compress: 6 files done"))
        #expect(output[..<report.lowerBound].hasSuffix(Self.erase), "\(output.debugDescription)")
        #expect(!output[report.lowerBound...].contains("ETA"))
    }

    @Test func neverIsOffEvenOnATerminal() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try PseudoTerminal.run(Squeeze.binary, compressArguments(scratch, ["--progress", "never"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("squeeze compress: 6 files done"))
        #expect(!result.output.contains("\u{1B}[K"))
        #expect(!result.output.contains("ETA"))
    }

    @Test func quietIsOffOnATerminal() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try PseudoTerminal.run(Squeeze.binary, compressArguments(scratch, ["--quiet"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output.debugDescription)")
    }

    @Test func offInAPipe() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try Squeeze.run(compressArguments(scratch, []))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("squeeze compress: 6 files done"))
        #expect(!result.standardError.contains("\u{1B}[K"))
        #expect(!result.standardError.contains("ETA"))
        #expect(!result.output.contains("\u{1B}[K"))
    }

    @Test func alwaysShowsInAPipe() throws {
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try Squeeze.run(compressArguments(scratch, ["--progress", "always"]))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("/6 files"), "\(result.standardError.debugDescription)")
        #expect(result.standardError.hasSuffix(Self.erase))
        // Standard output keeps only the report.
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func erasedBeforeTheInterruptMessage() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        let result = try PseudoTerminal.run(Squeeze.binary, compressArguments(scratch, []), interruptOn: "/6 files")
        #expect(result.status == 130, "\(result.output)")
        let message = try #require(result.output.range(of: "squeeze: interrupted"), "\(result.output.debugDescription)")
        #expect(result.output[..<message.lowerBound].hasSuffix(Self.erase), "\(result.output.debugDescription)")
        // Nothing is drawn after it.
        #expect(!result.output[message.lowerBound...].contains("ETA"))
        #expect(result.output.contains("(interrupted)"))
    }

    /// Archive, extract and decompress report to the same collector the line reads: each shows
    /// it (the first frame is drawn at once) and erases it before its report.
    @Test func everyBatchCommandShowsAndErasesIt() throws {
        try #require(PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal")
        let scratch = try TemporaryDirectory()
        try Self.makeSlowTree(in: scratch("tree"))
        // Archive at level 12 runs long enough for frames counting the files.
        let archive = try PseudoTerminal.run(
            Squeeze.binary, ["archive", scratch("tree"), "-o", scratch("tree.tar.gz"), "--level", "12", "-j", "1"])
        #expect(archive.status == 0, "\(archive.output)")
        // Six files and their directory.
        #expect(archive.output.contains("/7 files") && archive.output.contains("MB/s"), "\(archive.output.debugDescription)")
        // A tree of .gz files for decompress.
        #expect(try Squeeze.run(["compress", scratch("tree"), "-o", scratch("out"), "-q"]).status == 0)
        let steps: [(name: String, arguments: [String])] = [
            ("extract", ["extract", scratch("tree.tar.gz"), "-C", scratch("extracted")]),
            ("decompress", ["decompress", scratch("out"), "-q", "--progress", "auto"]),
        ]
        for (name, arguments) in steps {
            let result = try PseudoTerminal.run(Squeeze.binary, arguments)
            #expect(result.status == 0, "\(name): \(result.output)")
            if arguments.contains("-q") {
                // --quiet wins over auto: nothing at all.
                #expect(!result.output.contains("\u{1B}[K"), "\(name): \(result.output.debugDescription)")
                continue
            }
            let report = try #require(result.output.range(of: "squeeze \(name):"), "\(name): \(result.output.debugDescription)")
            let before = result.output[..<report.lowerBound]
            #expect(before.hasPrefix("\r"), "\(name): no frame in \(result.output.debugDescription)")
            #expect(before.hasSuffix(Self.erase), "\(name): \(result.output.debugDescription)")
        }
        let decompress = try PseudoTerminal.run(Squeeze.binary, ["decompress", scratch("out"), "--force"])
        #expect(decompress.status == 0, "\(decompress.output)")
        let report = try #require(decompress.output.range(of: "squeeze decompress:"), "\(decompress.output.debugDescription)")
        #expect(decompress.output[..<report.lowerBound].hasSuffix(Self.erase))
        #expect(decompress.output.hasPrefix("\r"))
    }
}
