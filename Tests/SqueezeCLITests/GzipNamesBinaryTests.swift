import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze-gzip`, the binary `scripts/install --with-gzip-names` links gzip, gunzip, zcat, pigz
/// and unpigz to, beside `squeeze` called by the same names: one code path, so the same bytes,
/// messages and exit statuses, including for what the gzip names refuse (`--mode`, which only
/// `squeeze compress` takes). The other gzip-name suites run through `squeeze-gzip`'s links
/// (`GzipCommandTests.shell`); `squeeze gzip` and `SlowReportReaderTests` through `squeeze`.
@Suite struct GzipNamesBinaryTests {
    /// Links named as the tools in `directory/label`, to `binary`.
    private static func links(to binary: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["gzip", "gunzip", "zcat", "pigz", "unpigz"] {
            try FileManager.default.createSymbolicLink(atPath: "\(directory)/\(name)", withDestinationPath: binary)
        }
        return directory
    }

    @Test func bothBinariesAnswerAlikeUnderEachName() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 71)
        try TreeBuilder.write(data.text(300_000), to: scratch("big"))
        try TreeBuilder.write("tiny!\n", to: scratch("f"))
        try TreeBuilder.write("not gzip\n", to: scratch("plain"))
        #expect(try CommandRunner.run("/bin/gzip", ["-k", scratch("f")]).status == 0)
        let full = try Self.links(to: Squeeze.binary, in: scratch("full"))
        let lean = try Self.links(to: Squeeze.gzipNamesBinary, in: scratch("lean"))
        let lines = [
            "gzip -c f", "gzip -cn -9 big", "gzip -l f.gz", "gzip -tv f.gz", "zcat f.gz", "gunzip -c f.gz", "gzip -cd plain",
            "gzip -cdf plain", "pigz -p2 -c big", "unpigz -c f.gz", "gzip -c --indexed --jobs 2 big", "gzip -V", "pigz -V",
            "gzip --help", "pigz --help", "gzip -L", "gzip --mode operation f", "gzip -x f", "pigz --mode operation f", "gzip -d missing.gz",
        ]
        for line in lines {
            let ran = try [full, lean].map { bin in
                try CommandRunner.run("bash", ["-c", "PATH='\(bin)':\"$PATH\"; \(line)"], currentDirectory: scratch.path)
            }
            #expect(ran[0].status == ran[1].status, "\(line): exit \(ran[0].status) and \(ran[1].status)")
            #expect(ran[0].standardOutput == ran[1].standardOutput, "\(line): standard output differs")
            #expect(ran[0].standardError == ran[1].standardError, "\(line): '\(ran[0].standardError)' and '\(ran[1].standardError)'")
        }
        // What the gzip names do not take is refused as gzip refuses an unknown option.
        let refused = try CommandRunner.run("bash", ["-c", "'\(lean)/gzip' --mode operation f"], currentDirectory: scratch.path)
        #expect(refused.status == 1 && refused.standardError.contains("gzip: unrecognized option '--mode'"), "\(refused.standardError)")
    }

    /// Called by its own name, the binary is gzip, as GNU gzip reads it.
    @Test func underItsOwnNameItIsGzip() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 72)
        let text = data.text(100_000)
        try TreeBuilder.write(text, to: scratch("a"))
        let compressed = try CommandRunner.run(Squeeze.gzipNamesBinary, ["-c", scratch("a")])
        #expect(compressed.status == 0, "\(compressed.standardError)")
        let decoded = try CommandRunner.run("/bin/gzip", ["-dc"], input: compressed.standardOutput)
        #expect(decoded.status == 0 && decoded.standardOutput == Data(text))
        let version = try CommandRunner.run(Squeeze.gzipNamesBinary, ["-V"])
        #expect(version.output.hasPrefix("gzip (squeeze "), "\(version.output)")
    }
}
