import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze decompress -c FILE --range START:LENGTH`: exactly the bytes `gzip -dc FILE | tail -c
/// +START+1 | head -c LENGTH` gives, for squeeze's and bgzip's files (read only where the range
/// lies) and any other gzip (decoded from the start, as stderr says).
@Suite struct RangeReadTests {
    /// Text and incompressible bytes, so that members differ in size; 64 KiB blocks for squeeze.
    static func files(in scratch: TemporaryDirectory) throws -> (original: [UInt8], files: [String: String]) {
        try #require(CommandRunner.isInstalled("bgzip"), "bgzip is not installed (scripts/bootstrap installs tabix)")
        var data = TestData(seed: 31)
        let original = data.text(300_000) + data.randomBytes(100_000) + data.text(90_000)
        try TreeBuilder.write(original, to: scratch("data"))
        var files: [String: String] = [:]
        let squeezed = try Squeeze.run(["compress", "-c", "--block-size", "64K", scratch("data")])
        try #require(squeezed.status == 0, "\(squeezed.standardError)")
        try squeezed.standardOutput.write(to: URL(fileURLWithPath: scratch("squeeze.gz")))
        files["squeeze"] = scratch("squeeze.gz")
        for (name, command) in [
            ("bgzip", "bgzip -c data > bgzip.gz"), ("gzip", "gzip -6 -c data > gzip.gz"),
            // An indexed part, then a plain member: seeked through the first, streamed after it.
            ("mixed", "head -c 200000 data | gzip -c > tail.gz && cat squeeze.gz tail.gz > mixed.gz"),
        ] {
            let made = try CommandRunner.run("sh", ["-c", command], currentDirectory: scratch.path)
            try #require(made.status == 0, "\(command): \(made.standardError)")
            files[name] = scratch("\(name).gz")
        }
        return (original, files)
    }

    /// What the real tools give for a range of `path`.
    static func expected(_ path: String, _ range: String) throws -> Data {
        let parts = range.split(separator: ":", omittingEmptySubsequences: false)
        let start = Int(parts[0])!
        // pipefail-ok: sh, whose status is head's (the tools before it may see a broken pipe).
        let pipeline = "gzip -dc '\(path)' | tail -c +\(start + 1)" + (parts[1].isEmpty ? "" : " | head -c \(parts[1])")
        let result = try CommandRunner.run("sh", ["-c", pipeline])
        #expect(result.status == 0, "\(pipeline): \(result.standardError)")
        return result.standardOutput
    }

    static let ranges = [
        "0:10", "0:", "65530:20", "131072:65536", "300000:100000", "65536:1", "489990:10", "489990:1000",
        "490000:", "490000:5", "9999999:5", "123:0", "200100:200000", "65535:196609",
    ]

    @Test func everyRangeIsWhatTheRealToolsGive() throws {
        let scratch = try TemporaryDirectory()
        let (original, files) = try Self.files(in: scratch)
        let mixedLength = original.count + 200_000
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            for range in Self.ranges + (kind == "mixed" ? ["\(original.count - 10):30", "\(mixedLength - 5):"] : []) {
                let result = try Squeeze.run(["decompress", "-c", path, "--range", range])
                #expect(result.status == 0, "\(kind) \(range): \(result.standardError)")
                #expect(result.standardOutput == (try Self.expected(path, range)), "\(kind) \(range)")
                let noticed = result.standardError.contains("decoding from the start")
                #expect(noticed == (kind == "gzip" && !range.hasSuffix(":0")), "\(kind) \(range): \(result.standardError)")
            }
        }
    }

    /// Several ranges are written in the order given, whichever way they go, also from a pipe as
    /// long as they go forwards.
    @Test func severalRangesInTheOrderGiven() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let ranges = ["400000:70000", "10:100", "10:100", "131000:2000", "489000:"]
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            let result = try Squeeze.run(["decompress", "-c", path] + ranges.flatMap { ["--range", $0] })
            #expect(result.status == 0, "\(kind): \(result.standardError)")
            let expected = try ranges.reduce(into: Data()) { $0 += try Self.expected(path, $1) }
            #expect(result.standardOutput == expected, "\(kind)")
        }
        // Through a real pipe, which is read once.
        let piped = { (ranges: [String]) in
            try CommandRunner.run(
                "sh", ["-c", "cat '\(files["squeeze"]!)' | '\(Squeeze.binary)' decompress -c - " + ranges.map { "--range \($0)" }.joined(separator: " ")])
        }
        let forwards = ["10:100", "110:5", "65000:1000", "400000:"]
        let forwardsRead = try piped(forwards)
        #expect(forwardsRead.status == 0, "\(forwardsRead.standardError)")
        #expect(forwardsRead.standardOutput == (try forwards.reduce(into: Data()) { $0 += try Self.expected(files["squeeze"]!, $1) }))
        let backwards = try piped(["100:10", "50:10"])
        #expect(backwards.status == 1)
        #expect(backwards.standardError.contains("range 50:10 starts before the end of the range before it"), "\(backwards.standardError)")
    }

    @Test(arguments: ["5", "5:x", ":5", "-1:5", "5:-1", "1:2:3", "0x10:5"])
    func aMalformedRangeIsAUsageError(range: String) throws {
        let result = try Squeeze.run(["decompress", "-c", "/dev/null", "--range=\(range)"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("expected START:LENGTH or START:"), "\(result.standardError)")
    }

    @Test func binarySuffixes() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let result = try Squeeze.run(["decompress", "-c", files["squeeze"]!, "--range", "64K:1k"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (try Self.expected(files["squeeze"]!, "65536:1024")))
    }

    /// A member damaged outside the range is never read (so the range is still given, where
    /// `squeeze test` fails the file); one inside it fails the read, naming the file and the
    /// cause, and no byte of it is written. For a plain gzip, the range's bytes wait for the
    /// trailer of the member they are in.
    @Test func damageInsideAndOutsideTheRange() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        for kind in ["squeeze", "bgzip", "gzip"] {
            var bytes = try TreeBuilder.read(files[kind]!)
            // A byte of DEFLATE data in the file's last quarter: in the last members for squeeze
            // and bgzip; in gzip's single member, of which every byte is then suspect.
            bytes[bytes.count * 7 / 8] ^= 0x55
            let damaged = scratch("damaged-\(kind).gz")
            try TreeBuilder.write(bytes, to: damaged)
            let tested = try Squeeze.run(["test", damaged])
            #expect(tested.status == 1, "\(kind): the damage must be real")

            let early = try Squeeze.run(["decompress", "-c", damaged, "--range", "1000:70000"])
            if kind == "gzip" {
                #expect(early.status == 1, "\(kind)")
                #expect(early.standardOutput.isEmpty, "\(kind): no unchecked bytes")
                #expect(early.standardError.contains("damaged-gzip.gz: invalid compressed data"), "\(early.standardError)")
            } else {
                #expect(early.status == 0, "\(kind): \(early.standardError)")
                #expect(early.standardOutput == (try Self.expected(files[kind]!, "1000:70000")), "\(kind)")
            }
            let late = try Squeeze.run(["decompress", "-c", damaged, "--range", "0:"])
            #expect(late.status == 1, "\(kind)")
            #expect(late.standardError.contains("damaged-\(kind).gz: invalid compressed data"), "\(kind): \(late.standardError)")
            let before = try Self.expected(files[kind]!, "0:")
            // Only whole checked members before the damaged one were written, never a wrong byte.
            #expect(before.starts(with: late.standardOutput), "\(kind)")
            #expect(late.standardOutput.count < before.count * 7 / 8, "\(kind)")
        }
    }

    /// Two plain members, the second damaged: decoded from the start, the first member's bytes
    /// are written once its trailer is checked, and none of the second's.
    @Test func theCheckedMembersBeforeDamageAreWritten() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 33)
        let first = data.text(200_000), second = data.text(150_000)
        try TreeBuilder.write(first, to: scratch("first"))
        try TreeBuilder.write(second, to: scratch("second"))
        let made = try CommandRunner.run("sh", ["-c", "gzip -c first > two.gz && gzip -c second >> two.gz"], currentDirectory: scratch.path)
        #expect(made.status == 0)
        var bytes = try TreeBuilder.read(scratch("two.gz"))
        bytes[bytes.count - 2000] ^= 0x10
        try TreeBuilder.write(bytes, to: scratch("two.gz"))
        let result = try Squeeze.run(["decompress", "-c", scratch("two.gz"), "--range", "100000:"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("two.gz: invalid compressed data"), "\(result.standardError)")
        #expect(Array(result.standardOutput) == Array(first[100_000...]))
    }

    /// A squeeze file cut short is still read where its members are whole: the range's members
    /// are all the reader needs.
    @Test func aTruncatedFileStillGivesItsWholeMembers() throws {
        let scratch = try TemporaryDirectory()
        let (_, files) = try Self.files(in: scratch)
        let bytes = try TreeBuilder.read(files["squeeze"]!)
        try TreeBuilder.write(Array(bytes.prefix(bytes.count / 2)), to: scratch("cut.gz"))
        let result = try Squeeze.run(["decompress", "-c", scratch("cut.gz"), "--range", "65530:20"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (try Self.expected(files["squeeze"]!, "65530:20")))
        let past = try Squeeze.run(["decompress", "-c", scratch("cut.gz"), "--range", "400000:10"])
        #expect(past.status == 1)
        #expect(past.standardError.contains("cut.gz: unexpected end of file"), "\(past.standardError)")
    }
}

/// The README's block of random-access commands, run as pasted.
@Suite struct RandomAccessReadmeTests {
    @Test func theRandomAccessBlock() throws {
        let block = try ReadmeSnippets.block(containing: "squeeze index plain.gz")
        let scratch = try ReadmeSnippetTests.scratchWithSqueeze()
        var data = TestData(seed: 32)
        let log = data.text(4_500_000)
        try TreeBuilder.write(log, to: scratch("access.log"))
        let result = try ReadmeSnippetTests.bash(block, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let expected = log[(2 << 20)..<((2 << 20) + 4096)] + log[0..<100] + log[(3 << 20)...] + log[(2 << 20)..<((2 << 20) + 4096)]
        #expect(Array(result.standardOutput) == Array(expected))
        // squeeze's file is seeked and the index is used: nothing is decoded from the start.
        #expect(!result.standardError.contains("decoding from the start"), "\(result.standardError)")
        #expect(result.standardError.contains("plain.gz.gzidx: "), "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch("plain.gz.gzidx")))
        #expect(FileManager.default.fileExists(atPath: scratch("fast.gz.gzidx")))
        if CommandRunner.isInstalled("gztool") {
            let fromGztool = try CommandRunner.run("gztool", ["-W", "-v", "0", "-b", "2M", "-r", "4096", scratch("plain.gz")])
            #expect(Array(fromGztool.standardOutput) == Array(log[(2 << 20)..<((2 << 20) + 4096)]), "\(fromGztool.standardError)")
        }
    }
}
