import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The README's snippets for pipes and scripts, taken from README.md itself and run as pasted: the
/// logrotate block by Debian's logrotate, the shell block by bash with squeeze on PATH, the cron
/// line as cron runs it. Only the paths of the machine they were written for are moved into a
/// scratch directory (`/srv/`, `/var/log/`, `/usr/local/bin/`, `~`), and the programs the snippets
/// talk to that a test machine lacks (mysqldump, mysql, ssh) are shell functions that pass bytes
/// through. (The GNU parallel line and the Kubernetes Job: `ManyMachinesRecipeTests`; the Slurm
/// scripts: `scripts/test-slurm`; the install block: `scripts/test-install`.) Every block of the
/// README must be claimed by one of these: `everyBlockIsRunByATest`.
@Suite struct ReadmeSnippetTests {
    /// A scratch directory whose `bin` holds squeeze and squeeze-gzip, and gunzip as the install
    /// links it (to squeeze-gzip).
    static func scratchWithSqueeze() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch("bin/squeeze"), withDestinationPath: Squeeze.binary)
        try FileManager.default.createSymbolicLink(atPath: scratch("bin/squeeze-gzip"), withDestinationPath: Squeeze.gzipNamesBinary)
        try FileManager.default.createSymbolicLink(atPath: scratch("bin/gunzip"), withDestinationPath: Squeeze.gzipNamesBinary)
        return scratch
    }

    /// `script` run by bash in `scratch`, with its `bin` first on PATH and HOME in it.
    static func bash(_ script: String, in scratch: TemporaryDirectory) throws -> CommandResult {
        let path = "\(scratch("bin")):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        return try CommandRunner.run(
            "env", ["PATH=\(path)", "HOME=\(scratch("home"))", "bash", "-c", "set -euo pipefail\n" + script],
            currentDirectory: scratch.path)
    }

    @Test(.enabled(if: getuid() == 0 && CommandRunner.isInstalled("logrotate"), "needs root and logrotate"))
    func theLogrotateBlock() throws {
        let block = try ReadmeSnippets.block(containing: "compresscmd")
        let scratch = try Self.scratchWithSqueeze()
        var data = TestData(seed: 29)
        let log = data.text(300_000)
        try TreeBuilder.write(log, to: scratch("var/log/app/web.log"))
        let configuration = block
            .replacingOccurrences(of: "/var/log/app/", with: scratch("var/log/app/"))
            .replacingOccurrences(of: "/usr/local/bin/", with: scratch("bin/"))
        try TreeBuilder.write(configuration, to: scratch("logrotate.conf"))
        chmod(scratch("logrotate.conf"), 0o644)
        let result = try CommandRunner.run("logrotate", ["-f", "-v", "-s", scratch("state"), scratch("logrotate.conf")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
        let rotated = try CommandRunner.run("gzip", ["-dc", scratch("var/log/app/web.log.1.gz")])
        #expect(rotated.status == 0, "\(rotated.standardError)")
        #expect(Array(rotated.standardOutput) == log)
        #expect(!FileManager.default.fileExists(atPath: scratch("var/log/app/web.log.1")))
    }

    @Test func thePipesAndScriptsBlock() throws {
        let block = try ReadmeSnippets.block(containing: "tar -I 'squeeze gzip' -cf src.tar.gz src/")
        let scratch = try Self.scratchWithSqueeze()
        var data = TestData(seed: 30)
        for index in 0..<12 { try TreeBuilder.write(data.text(index * 9_000), to: scratch("src/d\(index % 2)/f\(index).c")) }
        for index in 0..<6 { try TreeBuilder.write(data.text(index * 20_000), to: scratch("srv/data/sub/r\(index)")) }
        let dump = data.text(2_500_000)
        try TreeBuilder.write(dump, to: scratch("dump-source.sql"))
        for name in ["old.log", "sub/older.log", "new.log"] { try TreeBuilder.write(data.text(40_000), to: scratch("var/log/\(name)")) }
        try FileManager.default.createDirectory(atPath: scratch("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch("srv/restore"), withIntermediateDirectories: true)
        let stubs = """
            mysqldump() { cat "$OLDPWD/dump-source.sql"; }
            mysql() { cat > "$OLDPWD/dump-restored.sql"; }
            ssh() { shift; bash -c "$1"; }
            touch -d '10 days ago' var/log/old.log var/log/sub/older.log
            cp -a src src.original
            OLDPWD=$PWD

            """
        let script = block
            .replacingOccurrences(of: "/srv/", with: scratch("srv/"))
            .replacingOccurrences(of: "/var/log", with: scratch("var/log"))
        let result = try Self.bash(stubs + script, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let checks = try Self.bash("""
            diff -r src.original src
            gzip -t src.tar.gz && mkdir t && tar xzf src.tar.gz -C t && diff -r src.original t/src
            test "$(readlink home/bin/gzip)" = "$(command -v squeeze-gzip)"
            cmp dump-source.sql dump-restored.sql && gzip -t dump.sql.gz
            diff -r srv/data srv/restore/data
            test -f var/log/old.log.gz && test ! -e var/log/old.log && test -f var/log/sub/older.log.gz
            test -f var/log/new.log && test ! -e var/log/new.log.gz
            """, in: scratch)
        #expect(checks.status == 0, "\(checks.standardError)")
    }

    /// The zstd block, as pasted: the tree compressed to `.zst` in place and back (checked by zstd
    /// in between), the archive (zstd's level 19, chosen by its name) extracted by GNU tar through
    /// zstd and by squeeze, the dump read back by zstd, and the bench of the modes writing zstd
    /// beside zstd itself.
    @Test func theZstdBlock() throws {
        let block = try ReadmeSnippets.block(containing: "squeeze compress --format zstd --rm logs/")
        let scratch = try Self.scratchWithSqueeze()
        var data = TestData(seed: 31)
        for index in 0..<5 { try TreeBuilder.write(data.text(index * 700_000 + 10), to: scratch("logs/d\(index % 2)/l\(index).log")) }
        for index in 0..<4 { try TreeBuilder.write(data.text(index * 30_000), to: scratch("src/f\(index).c")) }
        try TreeBuilder.write(data.text(1_500_000), to: scratch("dump-source.sql"))
        let stubs = """
            mysqldump() { cat dump-source.sql; }
            cp -a logs logs.original
            mkdir restore

            """
        // Between the first two lines, every .zst is read by zstd itself, and no source is left.
        let (first, rest) = try #require(block.firstRange(of: "\n").map { (String(block[..<$0.upperBound]), String(block[$0.upperBound...])) })
        let between = "test -z \"$(find logs -name '*.log')\"; for f in logs/*/*.zst; do zstd -t -q \"$f\"; done\n"
        let result = try Self.bash(stubs + first + between + rest, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let checks = try Self.bash("""
            diff -r logs.original logs
            mkdir by-tar && tar -I zstd -xf src.tar.zst -C by-tar && diff -r src by-tar/src && diff -r src restore/src
            zstd -dc db.sql.zst | cmp - dump-source.sql
            """, in: scratch)
        #expect(checks.status == 0, "\(checks.standardError)")
        #expect(result.output.contains("zstd level 3,") && result.output.contains("zstd -T"), "\(result.output)")
        #expect(result.output.contains("identical output: yes, 5 files"), "\(result.output)")
    }

    /// The nightly cron line, run as cron runs it: the command after the five time fields, with
    /// cron's `\\%` turned into `%`.
    @Test func theCronLine() throws {
        let block = try ReadmeSnippets.block(containing: "--qos background --rm")
        let line = try #require(block.split(separator: "\n").first { !$0.hasPrefix("#") && $0.contains("squeeze") })
        let command = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last!
            .trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "\\%", with: "%")
        let scratch = try Self.scratchWithSqueeze()
        let year = try Self.bash("date +%Y", in: scratch).output.trimmingCharacters(in: .whitespacesAndNewlines)
        var data = TestData(seed: 31)
        let text = data.text(70_000)
        try TreeBuilder.write(text, to: scratch("srv/archive/\(year)/a/report.csv"))
        let result = try Self.bash(command.replacingOccurrences(of: "/srv/", with: scratch("srv/")), in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.isEmpty && result.standardError.isEmpty, "-q prints nothing: \(result.output)\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("srv/archive/\(year)/a/report.csv")))
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("srv/archive/\(year)/a/report.csv.gz")])
        #expect(Array(decoded.standardOutput) == text)
    }

    /// Each fenced block of the README and what runs it: a block that none of these claims fails
    /// `everyBlockIsRunByATest`, so a command added to the README comes with its test.
    static let blockRunners: [(marker: String, runner: String)] = [
        ("cp -r /usr/include /dev/shm/include", "theReportExample"),
        ("scripts/uninstall", "scripts/test-install"),
        ("scripts/demo    #", "scripts/test itself, which ends with the demo"),
        ("cp -r /usr/include/linux tree", "theFirstRun"),
        ("squeeze compress [PATH...]", "theCommandsBlock"),
        ("tar -I 'squeeze gzip' -cf src.tar.gz src/", "thePipesAndScriptsBlock"),
        ("compresscmd", "theLogrotateBlock"),
        ("--qos background --rm", "theCronLine"),
        ("examples/slurm/submit.sh", "scripts/test-slurm"),
        ("JOB_COMPLETION_INDEX", "theKubernetesPodLine (and ManyMachinesRecipeTests.theKubernetesIndexedJob)"),
        ("parallel -j 2 squeeze compress --plan plan", "ManyMachinesRecipeTests.theGNUParallelLine"),
        ("Sources/SqueezeKit/", "theDevelopmentMap"),
        ("squeeze compress --format zstd --rm logs/", "theZstdBlock"),
        ("squeeze index plain.gz", "RandomAccessReadmeTests.theRandomAccessBlock"),
        ("squeeze extract -q logs.tar.gz", "ArchiveEntryIndexTests.theReadmeBlock"),
        ("squeeze index -q logs.tgz", "SidecarEntryIndexTests.theReadmeBlock"),
    ]

    @Test func everyBlockIsRunByATest() throws {
        for block in try ReadmeSnippets.blocks() {
            let claims = Self.blockRunners.filter { block.contains($0.marker) }
            #expect(claims.count == 1, "a README block claimed by \(claims.map(\.runner)), not by one test:\n\(block)")
        }
    }

    /// The first run, as pasted, in a scratch directory: every step succeeds, the tree ends as
    /// `.gz` files that decode to `/usr/include/linux`, and the copies made on the way are it too.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/include/linux"), "needs /usr/include/linux"))
    func theFirstRun() throws {
        let block = try ReadmeSnippets.block(containing: "cp -r /usr/include/linux tree")
        let scratch = try Self.scratchWithSqueeze()
        let result = try Self.bash(block, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let files = (try FileManager.default.subpathsOfDirectory(atPath: "/usr/include/linux")).filter {
            var status = stat()
            return lstat("/usr/include/linux/\($0)", &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        }
        #expect(files.count > 100)
        // The second compress found every output done; the last one removed the sources.
        #expect(result.output.contains("(0 compressed, \(files.count) found done)"), "\(result.output)")
        for name in files {
            let original = try TreeBuilder.read("/usr/include/linux/\(name)")
            #expect(!FileManager.default.fileExists(atPath: scratch("tree/\(name)")), "\(name) was kept under --rm")
            #expect(Array(try CommandRunner.run("gzip", ["-dc", scratch("tree/\(name).gz")]).standardOutput) == original, "\(name)")
            #expect(try TreeBuilder.read(scratch("restored/\(name)")) == original, "restored/\(name)")
            #expect(try TreeBuilder.read(scratch("copy/tree/\(name)")) == original, "copy/tree/\(name)")
        }
    }

    /// The report at the top of the README, made again on `/usr/include/linux` (the whole of
    /// `/usr/include` takes longer than a test should): the same lines, in the same words.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/include/linux"), "needs /usr/include/linux"))
    func theReportExample() throws {
        let block = try ReadmeSnippets.block(containing: "cp -r /usr/include /dev/shm/include")
        let lines = block.split(separator: "\n").map(String.init)
        let command = try #require(lines.first?.dropFirst(2)).description
        let scratch = try Self.scratchWithSqueeze()
        let result = try Self.bash(command
            .replacingOccurrences(of: "/usr/include ", with: "/usr/include/linux ")
            .replacingOccurrences(of: "/dev/shm/include", with: scratch("include")), in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // Each line's words, figures aside: "squeeze compress: # files done, # skipped, # failed".
        func shape(_ line: some StringProtocol) -> String {
            line.replacingOccurrences(of: #"[0-9][0-9.,]*"#, with: "#", options: .regularExpression)
        }
        let expected = lines.dropFirst().filter { !$0.contains("skipped: ") }.map(shape)
        let actual = result.output.split(separator: "\n").filter { !$0.contains("skipped: ") }.map(shape)
        #expect(actual == expected)
    }

    /// The commands block: each subcommand it names exists, and each option it shows is in that
    /// subcommand's help.
    @Test func theCommandsBlock() throws {
        let block = try ReadmeSnippets.block(containing: "squeeze compress [PATH...]")
        let subcommands = ["compress", "decompress", "test", "list", "index", "archive", "extract", "gzip", "plan", "bench"]
        for subcommand in subcommands {
            #expect(block.contains("squeeze \(subcommand)"), "\(subcommand) is not in the README's block")
            let help = try Squeeze.run([subcommand, "--help"])
            #expect(help.status == 0, "\(subcommand) --help: \(help.standardError)")
        }
        let report = try Squeeze.run(["report", "merge", "--help"])
        #expect(report.status == 0)
        // A line may show several commands: each "squeeze NAME ..." up to the next.
        for usage in block.split(separator: "\n").flatMap({ $0.split(separator: "squeeze ").dropFirst() }) {
            let words = usage.split(separator: " ")
            guard let subcommand = words.first.map(String.init), subcommands.contains(subcommand), subcommand != "gzip" else { continue }
            let help = try Squeeze.run([subcommand, "--help"]).output
            for option in usage.matches(of: #/(--[a-z-]+|-[a-zA-Z])\b/#).map({ String($0.output.1) }) {
                #expect(help.contains(option), "squeeze \(subcommand) --help does not show \(option)")
            }
        }
    }

    /// The Kubernetes pod's command in the README is the manifest's, word for word.
    @Test func theKubernetesPodLine() throws {
        let block = try ReadmeSnippets.block(containing: "JOB_COMPLETION_INDEX")
        let manifest = try String(contentsOfFile: "\(Squeeze.repositoryRoot)/examples/kubernetes/squeeze-shards.yaml", encoding: .utf8)
        let words = manifest.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
        let line = try #require(block.split(separator: "\n").first)
        for word in line.split(separator: " ") {
            #expect(words.contains(String(word)), "\(word) is not in the manifest's command")
        }
    }

    /// The development map names folders and files that exist.
    @Test func theDevelopmentMap() throws {
        let block = try ReadmeSnippets.block(containing: "Sources/SqueezeKit/")
        for line in block.split(separator: "\n") where !line.hasPrefix(" ") {
            let path = try #require(line.split(separator: " ").first)
            #expect(FileManager.default.fileExists(atPath: "\(Squeeze.repositoryRoot)/\(path)"), "\(path)")
        }
    }
}
