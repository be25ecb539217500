import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Outputs that are not regular files (issue 9, defect 3): a device, FIFO or socket is written into
/// in place, a symbolic link the user named is written through (its target replaced atomically,
/// the link kept), a directory is refused; nothing that is not a regular file is ever replaced, and
/// no temporary is left behind.
@Suite struct SpecialOutputTests {
    /// A small tree to compress: one file split into blocks, one small.
    static func makeTree(in root: String) throws -> (large: [UInt8], small: [UInt8]) {
        var data = TestData(seed: 29)
        let large = data.text(300_000), small = data.text(5_000)
        try TreeBuilder.write(large, to: "\(root)/large.log")
        try TreeBuilder.write(small, to: "\(root)/small.txt")
        return (large, small)
    }

    /// Whether this process may make device nodes (root, outside a user namespace that forbids it).
    static let canMakeDevices: Bool = {
        guard let scratch = try? TemporaryDirectory() else { return false }
        return (try? CommandRunner.run("mknod", [scratch("probe"), "c", "1", "3"]))?.status == 0
    }()

    /// A character device node at `path` with the numbers `major`, `minor` (1 3 is /dev/null, 1 7
    /// is /dev/full).
    static func makeDevice(_ path: String, major: Int, minor: Int) throws {
        let made = try CommandRunner.run("mknod", [path, "c", "\(major)", "\(minor)"])
        try #require(made.status == 0, "mknod \(path): \(made.standardError)")
    }

    /// `lstat` of `path`: what is there now, not what it points to.
    static func linkStatus(_ path: String) throws -> stat {
        var status = stat()
        try #require(lstat(path, &status) == 0, "lstat \(path): \(String(cString: strerror(errno)))")
        return status
    }

    static func isCharacterDevice(_ path: String, major: UInt32, minor: UInt32) throws -> Bool {
        let status = try linkStatus(path)
        // glibc's encoding of a device number (`makedev`), whose macros Swift does not import.
        let device = UInt64(status.st_rdev)
        let deviceMajor = UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff))
        let deviceMinor = UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
        return status.st_mode & S_IFMT == S_IFCHR && deviceMajor == major && deviceMinor == minor
    }

    static func isFIFO(_ path: String) throws -> Bool { try linkStatus(path).st_mode & S_IFMT == S_IFIFO }

    /// Names of squeeze's temporaries left in `directory`.
    static func temporaries(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".squeeze-") }
    }

    /// Starts `cat fifo` before squeeze opens the FIFO, as a user would; its standard output is
    /// what came through.
    static func startReader(of fifo: String, scratch: TemporaryDirectory) throws -> Process {
        try CommandRunner.start("cat", [fifo], scratch: scratch)
    }

    /// The result of `process`, killed if it has not finished within `seconds`: a FIFO that was
    /// replaced leaves its reader, or a squeeze that opens it, waiting forever, and the test must
    /// fail rather than hang. (SIGKILL, because children inherit the test runner's blocked
    /// signals: neither `timeout` nor SIGTERM can be relied on to end them.)
    static func finish(_ process: Process, scratch: TemporaryDirectory, within seconds: Double = 30) throws -> CommandResult {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return try CommandRunner.result(of: process, scratch: scratch)
    }

    /// Runs squeeze where a FIFO may be opened, killed after 30 s (see `finish`).
    static func runBounded(_ arguments: [String]) throws -> CommandResult {
        let scratch = try TemporaryDirectory("squeeze-command")
        return try finish(try CommandRunner.start(Squeeze.binary, arguments, scratch: scratch), scratch: scratch)
    }

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object")
    }

    // MARK: - Reports

    @Test(.enabled(if: canMakeDevices, "needs root, to make device nodes with mknod"))
    func aReportOntoACharacterDeviceIsWrittenIntoIt() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try Self.makeDevice(scratch("null"), major: 1, minor: 3)

        let result = try Squeeze.run(["compress", scratch("tree"), "-q", "--json", scratch("null")])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.isCharacterDevice(scratch("null"), major: 1, minor: 3))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    @Test(.enabled(if: canMakeDevices, "needs root, to make device nodes with mknod"))
    func aReportOntoAFullDeviceFailsWithOneLineNamingIt() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try Self.makeDevice(scratch("full"), major: 1, minor: 7)

        let result = try Squeeze.run(["compress", scratch("tree"), "-q", "--json", scratch("full")])

        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(lines.first?.contains("'\(scratch("full"))'") == true, "\(result.standardError)")
        #expect(lines.first?.contains("No space left on device") == true, "\(result.standardError)")
        #expect(try Self.isCharacterDevice(scratch("full"), major: 1, minor: 7))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
        // The compression itself was done; only the report could not be written.
        #expect(FileManager.default.fileExists(atPath: scratch("tree/small.txt.gz")))
    }

    @Test func aReportIntoAFIFOReachesItsReader() throws {
        let scratch = try TemporaryDirectory(), readerScratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.makeFIFO(scratch("report.fifo"))
        let reader = try Self.startReader(of: scratch("report.fifo"), scratch: readerScratch)

        let result = try Self.runBounded(["compress", scratch("tree"), "-q", "--json", scratch("report.fifo")])
        let read = try Self.finish(reader, scratch: readerScratch)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(read.status == 0, "the reader was killed or failed: \(read.standardError)")
        let report = try Self.jsonObject(read.standardOutput)
        #expect(report["filesDone"] as? Int == 2, "\(read.output)")
        #expect(try Self.isFIFO(scratch("report.fifo")))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    @Test func aReportThroughASymlinkReplacesItsTargetAtomicallyAndKeepsTheLink() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.write("an earlier report\n", to: scratch("reports/latest.json"))
        try FileManager.default.createDirectory(atPath: scratch("links"), withIntermediateDirectories: true)
        try TreeBuilder.makeSymlink(scratch("links/report.json"), to: "../reports/latest.json")
        let before = try Self.linkStatus(scratch("reports/latest.json"))

        let result = try Squeeze.run(["compress", scratch("tree"), "-q", "--json", scratch("links/report.json")])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.linkStatus(scratch("links/report.json")).st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch("links/report.json")) == "../reports/latest.json")
        let after = try Self.linkStatus(scratch("reports/latest.json"))
        #expect(after.st_mode & S_IFMT == S_IFREG)
        // Atomically: a new file took the old one's name, rather than the old one being rewritten.
        #expect(after.st_ino != before.st_ino)
        let report = try Self.jsonObject(Data(contentsOf: URL(fileURLWithPath: scratch("reports/latest.json"))))
        #expect(report["filesDone"] as? Int == 2)
        #expect(try Self.temporaries(in: scratch("reports")).isEmpty)
        #expect(try Self.temporaries(in: scratch("links")).isEmpty)
    }

    @Test func aReportThroughADanglingSymlinkCreatesItsTarget() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.makeSymlink(scratch("report.json"), to: "reports-not-yet.json")

        let result = try Squeeze.run(["compress", scratch("tree"), "-q", "--json", scratch("report.json")])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.linkStatus(scratch("report.json")).st_mode & S_IFMT == S_IFLNK)
        let report = try Self.jsonObject(Data(contentsOf: URL(fileURLWithPath: scratch("reports-not-yet.json"))))
        #expect(report["filesDone"] as? Int == 2)
    }

    @Test func aReportThroughASymlinkToAFIFOReachesItsReader() throws {
        let scratch = try TemporaryDirectory(), readerScratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.makeFIFO(scratch("report.fifo"))
        try TreeBuilder.makeSymlink(scratch("report.json"), to: "report.fifo")
        let reader = try Self.startReader(of: scratch("report.fifo"), scratch: readerScratch)

        let result = try Self.runBounded(["compress", scratch("tree"), "-q", "--json", scratch("report.json")])
        let read = try Self.finish(reader, scratch: readerScratch)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(read.status == 0, "the reader was killed or failed: \(read.standardError)")
        #expect(try Self.jsonObject(read.standardOutput)["filesDone"] as? Int == 2)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch("report.json")) == "report.fifo")
        #expect(try Self.isFIFO(scratch("report.fifo")))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    @Test func aReportToAProcessSubstitutionReachesTheProcess() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        // `wait $!` waits for the substituted process, so out.json is complete when bash exits.
        let script = "'\(Squeeze.binary)' compress '\(scratch("tree"))' -q --json >(cat > '\(scratch("out.json"))'); status=$?; wait $!; exit $status"

        let bashScratch = try TemporaryDirectory("squeeze-command")
        let result = try Self.finish(try CommandRunner.start("bash", ["-c", script], scratch: bashScratch), scratch: bashScratch)

        #expect(result.status == 0, "\(result.standardError)")
        let report = try Self.jsonObject(Data(contentsOf: URL(fileURLWithPath: scratch("out.json"))))
        #expect(report["filesDone"] as? Int == 2)
    }

    @Test func aReportOntoADirectoryIsRefusedNamingIt() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.write("kept\n", to: scratch("reports/kept.txt"))

        let result = try Squeeze.run(["compress", scratch("tree"), "-q", "--json", scratch("reports")])

        #expect(result.status == 1)
        #expect(result.standardError.contains("'\(scratch("reports"))': it is a directory"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("reports")) == ["kept.txt"])
    }

    @Test(.enabled(if: canMakeDevices, "needs root, to make device nodes with mknod"))
    func aBenchChartGoesIntoADeviceAndAFIFO() throws {
        let scratch = try TemporaryDirectory(), readerScratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        let bench = try Self.runBounded([
            "bench", scratch("tree"), "--repeat", "1", "--warmup", "0", "--discard", "--modes", "sequential",
            "--json", scratch("bench.json"),
        ])
        try #require(bench.status == 0, "\(bench.standardError)")
        try Self.makeDevice(scratch("null"), major: 1, minor: 3)
        try TreeBuilder.makeFIFO(scratch("chart.fifo"))
        let reader = try Self.startReader(of: scratch("chart.fifo"), scratch: readerScratch)

        let onDevice = try Self.runBounded(["bench", "--from-json", scratch("bench.json"), "--svg", scratch("null")])
        let intoFIFO = try Self.runBounded(["bench", "--from-json", scratch("bench.json"), "--svg", scratch("chart.fifo")])
        let read = try Self.finish(reader, scratch: readerScratch)

        #expect(onDevice.status == 0, "\(onDevice.standardError)")
        #expect(intoFIFO.status == 0, "\(intoFIFO.standardError)")
        #expect(read.output.contains("<svg"), "\(read.standardError)")
        #expect(try Self.isCharacterDevice(scratch("null"), major: 1, minor: 3))
        #expect(try Self.isFIFO(scratch("chart.fifo")))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    // MARK: - Archives

    @Test(.enabled(if: canMakeDevices, "needs root, to make device nodes with mknod"))
    func anArchiveOntoADeviceWithForceIsWrittenIntoIt() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try Self.makeDevice(scratch("null"), major: 1, minor: 3)

        let refused = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("null"), "-q"])
        let forced = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("null"), "-f", "-q"])

        #expect(refused.status == 1)
        #expect(refused.standardError.contains("already exists"), "\(refused.standardError)")
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try Self.isCharacterDevice(scratch("null"), major: 1, minor: 3))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    @Test func anArchiveIntoAFIFOWithForceIsATarGzItsReaderDecodes() throws {
        let scratch = try TemporaryDirectory(), readerScratch = try TemporaryDirectory()
        let (large, _) = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.makeFIFO(scratch("out.tar.gz"))
        let reader = try Self.startReader(of: scratch("out.tar.gz"), scratch: readerScratch)

        let result = try Self.runBounded(["archive", scratch("tree"), "-o", scratch("out.tar.gz"), "-f", "-q", "--block-size", "64KiB"])
        let read = try Self.finish(reader, scratch: readerScratch)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(read.status == 0, "the reader was killed or failed: \(read.standardError)")
        try read.standardOutput.write(to: URL(fileURLWithPath: scratch("read.tar.gz")))
        let extracted = try CommandRunner.run("tar", ["-xOzf", scratch("read.tar.gz"), "tree/large.log"])
        #expect(extracted.status == 0, "\(extracted.standardError)")
        #expect(extracted.standardOutput == Data(large), "the archive held other bytes")
        #expect(try Self.isFIFO(scratch("out.tar.gz")))
        #expect(try Self.temporaries(in: scratch.path).isEmpty)
    }

    // MARK: - Compressed and decompressed files

    @Test func aCompressedFileIntoAFIFOWaitsForForceAndThenReachesItsReader() throws {
        let scratch = try TemporaryDirectory(), readerScratch = try TemporaryDirectory()
        let (large, _) = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.makeFIFO(scratch("tree/large.log.gz"))

        let skipped = try Self.runBounded(["compress", scratch("tree/large.log"), "-v"])
        #expect(skipped.status == 2, "\(skipped.standardError)")
        #expect(skipped.standardError.contains("exists") || skipped.output.contains("exists"), "\(skipped.output)\(skipped.standardError)")

        let reader = try Self.startReader(of: scratch("tree/large.log.gz"), scratch: readerScratch)
        let forced = try Self.runBounded(["compress", scratch("tree/large.log"), "-f", "-q", "--block-size", "64KiB"])
        let read = try Self.finish(reader, scratch: readerScratch)

        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(read.status == 0, "the reader was killed or failed: \(read.standardError)")
        try read.standardOutput.write(to: URL(fileURLWithPath: scratch("read.gz")))
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("read.gz")])
        #expect(decoded.status == 0, "\(decoded.standardError)")
        #expect(decoded.standardOutput == Data(large), "the FIFO carried other bytes")
        #expect(try Self.isFIFO(scratch("tree/large.log.gz")))
        #expect(try Self.temporaries(in: scratch("tree")).isEmpty)
    }

    @Test(.enabled(if: canMakeDevices, "needs root, to make device nodes with mknod"))
    func aDecompressedFileOntoADeviceWithForceIsWrittenIntoIt() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        let compressed = try Squeeze.run(["compress", scratch("tree/large.log"), "-q"])
        try #require(compressed.status == 0, "\(compressed.standardError)")
        try FileManager.default.removeItem(atPath: scratch("tree/large.log"))
        try Self.makeDevice(scratch("tree/large.log"), major: 1, minor: 3)

        let result = try Squeeze.run(["decompress", scratch("tree/large.log.gz"), "-f", "-q"])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.isCharacterDevice(scratch("tree/large.log"), major: 1, minor: 3))
        #expect(try Self.temporaries(in: scratch("tree")).isEmpty)
    }

    /// Under `--force` a link where squeeze names an output after its source is replaced, as
    /// `gzip -f` replaces it, and never written through: a link planted in a tree must not aim a
    /// run's output at a file elsewhere.
    @Test func aCompressedFileReplacesALinkUnderForceAndLeavesItsTargetAlone() throws {
        let scratch = try TemporaryDirectory()
        let (_, small) = try Self.makeTree(in: scratch("tree"))
        try TreeBuilder.write("not to be touched\n", to: scratch("elsewhere/precious"))
        try TreeBuilder.makeSymlink(scratch("tree/small.txt.gz"), to: "../elsewhere/precious")

        let skipped = try Squeeze.run(["compress", scratch("tree/small.txt"), "-q"])
        #expect(skipped.status == 2, "\(skipped.standardError)")
        #expect(try Self.linkStatus(scratch("tree/small.txt.gz")).st_mode & S_IFMT == S_IFLNK)

        let forced = try Squeeze.run(["compress", scratch("tree/small.txt"), "-f", "-q"])

        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try Self.linkStatus(scratch("tree/small.txt.gz")).st_mode & S_IFMT == S_IFREG)
        #expect(try TreeBuilder.read(scratch("elsewhere/precious")) == Array("not to be touched\n".utf8))
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("tree/small.txt.gz")])
        #expect(decoded.standardOutput == Data(small), "the output holds other bytes")
    }

    @Test func aCompressedFileOntoADirectoryIsRefusedBeforeAnyWork() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.makeTree(in: scratch("tree"))
        try FileManager.default.createDirectory(atPath: scratch("tree/small.txt.gz"), withIntermediateDirectories: true)

        let result = try Squeeze.run(["compress", scratch("tree/small.txt"), "-f", "-q"])

        #expect(result.status == 1)
        #expect(result.standardError.contains("'\(scratch("tree/small.txt.gz"))': it is a directory"), "\(result.standardError)")
        #expect(try Self.temporaries(in: scratch("tree")).isEmpty)
    }
}
