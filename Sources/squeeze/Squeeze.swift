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
        subcommands: [
            Compress.self, Decompress.self, Test.self, List.self, Archive.self, Extract.self, Gzip.self, Plan.self, Report.self,
            Bench.self,
        ]
    )

    static func main() {
        StandardStreams.reserveClosedDescriptors()
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let personality = ProgramName.personality(of: CommandLine.arguments.first ?? "") {
            arguments = personality + arguments
        } else if let unknown = ProgramName.unknownSubcommand(in: arguments, known: configuration.subcommands.map { $0._commandName }) {
            StandardStreams.message(unknown)
            Foundation.exit(64)
        }
        main(spellingOptionalValues(arguments))
    }

    /// `--resume=verify` (an option whose value is optional, which ArgumentParser has not) as the
    /// flag it parses; nothing after `--` is touched.
    static func spellingOptionalValues(_ arguments: [String]) -> [String] {
        var spelled: [String] = []
        var operandsOnly = false
        for argument in arguments {
            if argument == "--" { operandsOnly = true }
            if !operandsOnly && argument == "--resume=verify" {
                spelled.append("--resume-verify")
            } else if !operandsOnly && argument == "--resume=check" {
                spelled.append("--resume")
            } else {
                spelled.append(argument)
            }
        }
        return spelled
    }
}
