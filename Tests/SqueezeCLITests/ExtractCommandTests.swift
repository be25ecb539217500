import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze extract` as a user runs it: exit codes, messages naming each refused entry and why,
/// the report, and what is left on disk.
@Suite struct ExtractCommandTests {
    /// Issue 26's example, as a new user tries it: GNU tar's `.tar.gz` of a header tree with a
    /// script and a hard link to it. Its one CRC is at the end, after 8 MiB that do not compress,
    /// so every file waits until then, the link with it: squeeze extracts what GNU tar extracts.
    @Test func aGNUTarArchiveWithAHardLinkExtractsAsGNUTarExtractsIt() throws {
        let scratch = try TemporaryDirectory()
        #expect(try CommandRunner.run("cp", ["-r", "/usr/include/linux", scratch("tree")]).status == 0)
        try TreeBuilder.write("#!/bin/sh\n", to: scratch("tree/run.sh"))
        #expect(try CommandRunner.run("ln", [scratch("tree/run.sh"), scratch("tree/hard.sh")]).status == 0)
        var data = TestData(seed: 2601)
        try TreeBuilder.write(data.randomBytes(8 << 20), to: scratch("tree/zz-random.bin"))
        #expect(try CommandRunner.run("tar", ["--sort=name", "-czf", scratch("gnu.tar.gz"), "-C", scratch.path, "tree"]).status == 0)

        let result = try Squeeze.run(["extract", scratch("gnu.tar.gz"), "-C", scratch("out")])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        try FileManager.default.createDirectory(atPath: scratch("gnu"), withIntermediateDirectories: true)
        #expect(try CommandRunner.run("tar", ["-xzf", scratch("gnu.tar.gz"), "-C", scratch("gnu")]).status == 0)
        let expected = TreeSnapshot(of: scratch("gnu")).subtree("tree"), extracted = TreeSnapshot(of: scratch("out")).subtree("tree")
        #expect(extracted == expected, "\(extracted.differences(from: expected))")
        #expect(extracted.nodes["hard.sh"]?.linkCount == 2 && extracted.nodes["run.sh"]?.sameFileAs == "hard.sh")
    }

    /// With two jobs plain files are created on a second thread: the tree is the one a single
    /// thread makes, and GNU tar's, for squeeze's `.tar.zst` (its frames verified as they come,
    /// so files are handed over) and GNU tar's `.tar.gz` (its one CRC at the end: files wait).
    @Test(arguments: ["squeeze.tar.zst", "gnu.tar.gz"])
    func theSameTreeWhateverTheJobs(archive: String) throws {
        let scratch = try TemporaryDirectory()
        #expect(try CommandRunner.run("cp", ["-r", "/usr/include/linux", scratch("tree")]).status == 0)
        try EveryKindTree.make(at: scratch("tree/kinds"))
        #expect(try Squeeze.run(["archive", scratch("tree"), "-o", scratch("squeeze.tar.zst")]).status == 0)
        #expect(try CommandRunner.run("tar", ["-czf", scratch("gnu.tar.gz"), "-C", scratch.path, "tree"]).status == 0)
        try FileManager.default.createDirectory(atPath: scratch("gnu"), withIntermediateDirectories: true)
        #expect(try CommandRunner.run("tar", ["-xf", scratch(archive), "-C", scratch("gnu")]).status == 0)
        let expected = TreeSnapshot(of: scratch("gnu")).subtree("tree")

        for jobs in ["1", "2"] {
            // As GNU tar as root: special files made, setuid bits kept (those files stay on one thread).
            let result = try Squeeze.run([
                "extract", "-j", jobs, "--allow-special-files", "--keep-setuid", scratch(archive), "-C", scratch("out-\(jobs)"),
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let extracted = TreeSnapshot(of: scratch("out-\(jobs)")).subtree("tree")
            #expect(extracted == expected, "-j \(jobs): \(extracted.differences(from: expected))")
        }
    }

    @Test func aHostileArchiveIsReportedEntryByEntryAndNothingOutsideChanges() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("victim\n", to: scratch("outside/victim"))
        try TarBuilder()
            .file("fine.txt", "fine\n")
            .file(scratch("outside/absolute"), "pwned\n")
            .file("../outside/climbed", "pwned\n")
            .symlink("link", to: "../outside")
            .file("link/through", "pwned\n")
            .hardlink("hard", to: "../outside/victim", contents: "pwned\n")
            .characterDevice("zero", major: 1, minor: 5)
            .file("setuid", "tool\n", permissions: 0o4755)
            .write(to: scratch("hostile.tar.gz"), compression: .gzip)
        // Everything squeeze may write is made beforehand, so the scratch directory itself must
        // not change either (a file created beside the destination would change its time).
        try FileManager.default.createDirectory(atPath: scratch("dest"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch("reports"), withIntermediateDirectories: true)
        let before = TreeSnapshot(of: scratch.path, excluding: ["dest", "reports"])

        let result = try Squeeze.run(["extract", scratch("hostile.tar.gz"), "-C", scratch("dest"), "--json", scratch("reports/report.json")])

        #expect(result.status == 1)
        let after = TreeSnapshot(of: scratch.path, excluding: ["dest", "reports"])
        #expect(after == before, "\(after.differences(from: before))")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains("squeeze: \(scratch("outside/absolute")): refused: absolute name (entries may only be extracted inside the destination)"))
        #expect(lines.contains("squeeze: ../outside/climbed: refused: the name contains '..' (entries may only be extracted inside the destination)"))
        #expect(lines.contains { $0.hasPrefix("squeeze: link/through: cannot extract 'link/through': ") && $0.contains("symlink") })
        #expect(lines.contains("squeeze: hard: refused: hard link to '../outside/victim', outside the destination"))
        #expect(lines.contains("squeeze: zero: refused: a character device (use --allow-special-files to create device nodes and FIFOs)"))
        #expect(result.output.contains("squeeze extract: 3 files done, 0 skipped, 5 failed"))
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == [".", "fine.txt", "link", "setuid"])
        #expect(dest.nodes["setuid"]?.permissions == 0o755)

        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("reports/report.json")))) as? [String: Any]
        #expect(report?["exitStatus"] as? Int == 1)
        #expect((report?["failures"] as? [[String: Any]])?.count == 5)
    }

    /// An archive on standard input, a pipe, in each compression: every entry extracted (an xz
    /// tar from a pipe once extracted nothing, and said nothing: a pipe's size reads as 0); a
    /// plain tar is listed entry by entry by `list -`.
    @Test func everyCompressionIsExtractedFromAPipe() throws {
        let scratch = try TemporaryDirectory()
        let result = try GzipCommandTests.shell("""
            mkdir -p tree/sub && printf 'hello\\n' > tree/sub/h && seq 1 20000 > tree/n \
            && for c in cat 'gzip -c' 'xz -c' 'bzip2 -c'; do
                 rm -rf out && mkdir out && tar cf - tree | $c | "$SQ" extract - -C out -q && diff -r tree out/tree || exit 1
               done && tar cf - tree | "$SQ" list -q - | grep '^-rw.* tree/n$' >/dev/null
            """, in: scratch.path)
        #expect(result.status == 0, "\(result.output) \(result.standardError)")
    }

    @Test func existingFilesAreKeptWithAWarningUnlessForced() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("mine\n", to: scratch("dest/a.txt"))
        try TarBuilder().file("a.txt", "theirs\n").file("b.txt", "new\n").write(to: scratch("a.tar"))
        let kept = try Squeeze.run(["extract", scratch("a.tar"), "-C", scratch("dest")])
        #expect(kept.status == 2)
        #expect(kept.standardError.hasPrefix("squeeze: warning: a.txt: '"))
        #expect(kept.standardError.hasSuffix("/dest/a.txt' already exists (use --force to overwrite)\n"))
        #expect(try TreeBuilder.read(scratch("dest/a.txt")) == Array("mine\n".utf8))
        #expect(try TreeBuilder.read(scratch("dest/b.txt")) == Array("new\n".utf8))
        let forced = try Squeeze.run(["extract", scratch("a.tar"), "-C", scratch("dest"), "--force", "-q"])
        #expect(forced.status == 0)
        #expect(try TreeBuilder.read(scratch("dest/a.txt")) == Array("theirs\n".utf8))
    }

    @Test func malformedArchivesFailClearly() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("plain text, no archive here\n", to: scratch("text.tar"))
        var data = TestData(seed: 9)
        try TarBuilder().file("ok.txt", "ok\n").file(Array("big.bin".utf8), data.randomBytes(200_000))
            .write(to: scratch("whole.tar.gz"), compression: .gzip)
        let whole = try TreeBuilder.read(scratch("whole.tar.gz"))
        try TreeBuilder.write(Array(whole.prefix(whole.count - 5_000)), to: scratch("cut.tar.gz"))

        let text = try Squeeze.run(["extract", scratch("text.tar"), "-C", scratch("d1"), "-q"])
        #expect(text.status == 1)
        #expect(text.standardError == "squeeze: \(scratch("text.tar")): cannot read it as an archive: Unrecognized archive format\n")

        let cut = try Squeeze.run(["extract", scratch("cut.tar.gz"), "-C", scratch("d2"), "-q"])
        #expect(cut.status == 1)
        #expect(cut.standardError.contains("squeeze: \(scratch("cut.tar.gz")): stopped at 'big.bin', which could not be extracted: "))
        // One gzip member, whose CRC never came: the entry before the cut was not verified either.
        #expect(cut.standardError.hasPrefix(
            "squeeze: ok.txt: not extracted: the archive's data could not be verified up to the end of this entry: "))
        #expect(TreeSnapshot(of: scratch("d2")).paths == ["."])

        let missing = try Squeeze.run(["extract", scratch("missing.tar"), "-C", scratch("d3"), "-q"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("No such file or directory"))
    }

    /// Damage at an entry's header: where libarchive can read past it, the lost entry is reported
    /// and the rest extracted; where it cannot, extraction stops, saying after which entry.
    @Test func damagedHeadersSayWhere() throws {
        let scratch = try TemporaryDirectory()
        // Each of these entries is 2,048 bytes: pax header, pax records, ustar header, data.
        var tar = TarBuilder().file("first.txt", "1\n").file("second.txt", "2\n").file("third.txt", "3\n").bytes()
        try TreeBuilder.write(Array(tar.prefix(2048 + 100)), to: scratch("cut.tar"))
        tar[2048] ^= 0x20  // the second entry's pax header and ustar header
        tar[2048 + 1024] ^= 0x20
        try TreeBuilder.write(tar, to: scratch("damaged.tar"))

        let damaged = try Squeeze.run(["extract", scratch("damaged.tar"), "-C", scratch("d1"), "-q"])
        #expect(damaged.status == 1)
        #expect(damaged.standardError == """
            squeeze: \(scratch("damaged.tar")): the entry after 'first.txt' could not be read: \
            cannot read the next entry: Damaged tar archive (2,048 bytes passed over)\n
            """)
        #expect(TreeSnapshot(of: scratch("d1")).paths == [".", "first.txt", "third.txt"])

        let cut = try Squeeze.run(["extract", scratch("cut.tar"), "-C", scratch("d2"), "-q"])
        #expect(cut.status == 1)
        #expect(cut.standardError == """
            squeeze: \(scratch("cut.tar")): stopped at the entry after 'first.txt', whose header could not be read: \
            cannot read the next entry: Truncated tar archive\n
            """)
        #expect(TreeSnapshot(of: scratch("d2")).paths == [".", "first.txt"])
    }
}
