import ArgumentParser
import Foundation
import Glibc
import SqueezeKit

@main
struct Squeeze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "squeeze",
        abstract: "Compress whole trees to gzip on every core, and see what it cost.",
        discussion: """
            Exit status: 0 all done; 1 some input failed (the others were still done); 2 done \
            with warnings; 64 bad usage; 130 interrupted.
            """,
        version: versionText,
        subcommands: [
            Compress.self, Decompress.self, Test.self, List.self, Archive.self, Extract.self, Gzip.self, Plan.self, Report.self,
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
        // gzip's and pigz's command lines go to their own parser, before anything else is made.
        let argument0 = CommandLine.unsafeArgv[0].map { String(cString: $0) } ?? "squeeze"
        if let tool = ProgramName.personality(of: argument0) {
            GzipStandIn.main(tool, arguments: rawArguments(from: 1), argument0: argument0)
        }
        if CommandLine.argc > 1, let first = CommandLine.unsafeArgv[1], strcmp(first, "gzip") == 0 {
            GzipStandIn.main(.gzip, arguments: rawArguments(from: 2), argument0: "gzip")
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
            do { try command.run() } catch { exit(withError: error) }
            return
        }
        main(arguments)
    }

    /// argv's words from `index` on, as the bytes the kernel passed (a name need not be UTF-8).
    private static func rawArguments(from index: Int) -> [[UInt8]] {
        (index..<Int(CommandLine.argc)).map { place in
            guard let word = CommandLine.unsafeArgv[place] else { return [] }
            return Array(UnsafeRawBufferPointer(start: word, count: strlen(word)))
        }
    }
}
