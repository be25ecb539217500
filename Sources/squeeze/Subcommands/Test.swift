import ArgumentParser
import SqueezeKit

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check gzip files: decode every member and compare its CRC-32 and length with its trailer.",
        discussion: """
            Files named on the command line are checked whatever their name; under directories, \
            files ending in .gz or .tgz. Nothing is written. Each bad file is printed with the \
            reason, and the exit status is 1 if any is bad (2 if some only have trailing garbage).

            Files are checked in parallel, and the members of a file squeeze wrote in blocks are \
            checked in parallel too.
            """
    )

    @Argument(help: ArgumentHelp("gzip files, and directories to search for them.", valueName: "path"))
    var paths: [String]

    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var reporting: ReportArguments

    func run() throws {
        let request = DecompressionRequest(
            roots: CommandLinePath.pathNames(paths), purpose: .test, filter: selection.filter,
            followSymlinks: selection.followSymlinks, scheduling: scheduling.options)
        let session = RunSession(reporting: reporting)
        try session.perform {
            DecompressionRun(
                request: request, collector: session.collector, cancellation: session.cancellation,
                registry: session.registry
            ).run()
        }
    }
}
