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
/// scripts: `scripts/test-slurm`.)
@Suite struct ReadmeSnippetTests {
    /// A scratch directory whose `bin` holds squeeze, and links to it named gzip and gunzip.
    static func scratchWithSqueeze() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("bin"), withIntermediateDirectories: true)
        for name in ["squeeze", "gunzip"] {
            try FileManager.default.createSymbolicLink(atPath: scratch("bin/\(name)"), withDestinationPath: Squeeze.binary)
        }
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
            test "$(readlink home/bin/gzip)" = "$(command -v squeeze)"
            cmp dump-source.sql dump-restored.sql && gzip -t dump.sql.gz
            diff -r srv/data srv/restore/data
            test -f var/log/old.log.gz && test ! -e var/log/old.log && test -f var/log/sub/older.log.gz
            test -f var/log/new.log && test ! -e var/log/new.log.gz
            """, in: scratch)
        #expect(checks.status == 0, "\(checks.standardError)")
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
}
