import ArgumentParser
import Foundation
import Glibc
import SqueezeCommandLine
import SqueezeKit

@main
struct Squeeze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "squeeze",
        abstract: "Compress whole trees to gzip on every core, and see what it cost.",
        discussion: """
            squeeze compresses whole directory trees to gzip on every core: many files at once, \
            and a large file cut into blocks compressed in parallel. Each FILE becomes FILE.gz \
            beside it (or under --output-dir), written whole or not at all, with the source's \
            mode and times; sources are kept unless --rm, which removes each only once its output \
            is durable. Every run ends with a report (files, bytes, ratio, time, CPU, MB/s), as \
            text and, with --json, as JSON. Running the same command again after an interrupt \
            or a failure finishes the job: outputs found complete are counted as found done, \
            the rest redone.

            squeeze decompresses, tests and lists gzip (in parallel for its own files, BGZF and \
            most others), makes and extracts .tar.gz archives on every core, splits a tree into \
            shards for many machines (plan, compress --plan, report merge), and stands in for \
            gzip, gunzip, zcat, pigz and unpigz when called by those names. With no path, \
            compress and decompress are filters from standard input to standard output.

            -V or --version prints the version and the libraries squeeze runs with. \
            'squeeze help COMMAND' or 'squeeze COMMAND --help' describes each command.

            Exit status: 0 all done; 1 some input failed (the others were still done); 2 done \
            with warnings (an output that exists and does not match its source, trailing \
            garbage, ...); 64 bad usage; 127 a library it needs could not be loaded; 130 \
            interrupted (by SIGINT, SIGTERM or SIGHUP); 141 the reader of standard output went \
            away (a closed pipe).
            """,
        version: versionText,
        subcommands: [
            Compress.self, Decompress.self, Test.self, List.self, Index.self, Archive.self, Extract.self, Gzip.self, Plan.self, Report.self,
            Bench.self,
        ]
    )

    /// The libraries' versions only when asked for: asking libarchive for its own loads it, which
    /// a command that touches no archive does not otherwise do. Any other run shows only that
    /// there is a `--version` (in the help), never the text itself.
    private static var versionText: String {
        ArgumentSpelling.asksForVersion(CommandLine.arguments) ? VersionReport.text : "squeeze \(VersionReport.squeeze)"
    }

    static func main() {
        StandardStreams.reserveClosedDescriptors()
        FreedMemory.keepForReuse()
        // gzip's and pigz's command lines go to their own parser, before anything else is made.
        let argument0 = CommandLine.unsafeArgv[0].map { String(cString: $0) } ?? "squeeze"
        if let tool = GzipStandIn.Tool(calledAs: argument0) {
            GzipStandIn.main(tool, arguments: GzipStandIn.arguments(from: 1), argument0: argument0)
        }
        if CommandLine.argc > 1, let first = CommandLine.unsafeArgv[1], strcmp(first, "gzip") == 0 {
            GzipStandIn.main(.gzip, arguments: GzipStandIn.arguments(from: 2), argument0: "gzip")
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = ProgramName.unknownSubcommand(in: arguments, known: { configuration.subcommands.map { $0._commandName } }) {
            StandardStreams.message(unknown)
            Foundation.exit(64)
        }
        arguments = ArgumentSpelling.rewritten(arguments)
        // The subcommand named first is parsed on its own first, as the root of its own tree: the
        // parser of the whole tree built each option set of the subcommand twice more before its
        // own parse (to ask whether it takes all remaining input), 5.6 M instructions of a resumed
        // shard's 80 M, and a start costs every `squeeze gzip` in a pipe. Only a clean parse into
        // the subcommand itself is run from there: an error, or `--help` (which parses into the
        // parser's own help command), goes through the whole tree again, whose messages and help
        // name `squeeze <command>`. Only for a command without subcommands of its own.
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
           subcommand.configuration.subcommands.isEmpty,
           var command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
           ObjectIdentifier(type(of: command)) == ObjectIdentifier(subcommand) {
            // As `main(_:)` runs what it parsed.
            run(&command)
        }
        do {
            var command = try parseAsRoot(arguments)
            run(&command)
        } catch {
            exit(withError: error)
        }
    }

    /// Runs a parsed command and exits as its outcome says: the status a run ended with
    /// (`ExitStatus`, which the runs shared with the gzip names throw), or the parser's exit for
    /// its own errors. As `main(_:)` runs what it parsed.
    private static func run(_ command: inout any ParsableCommand) -> Never {
        do {
            try command.run()
        } catch let status as ExitStatus {
            Glibc.exit(status.code)
        } catch {
            exit(withError: error)
        }
        exit(withError: nil)
    }
}
