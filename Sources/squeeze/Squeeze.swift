import ArgumentParser
import Foundation
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
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let personality = ProgramName.personality(of: CommandLine.arguments.first ?? "") {
            arguments = personality + arguments
        } else if let unknown = ProgramName.unknownSubcommand(in: arguments, known: { configuration.subcommands.map { $0._commandName } }) {
            StandardStreams.message(unknown)
            Foundation.exit(64)
        }
        main(ArgumentSpelling.rewritten(arguments))
    }
}
