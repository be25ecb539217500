import ArgumentParser
import Foundation
import SqueezeCommandLine
import SqueezeKit

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List gzip files (size, ratio, members, original name and time) and the entries of archives.",
        discussion: """
            Sizes are exact, not modulo 4 GiB. A file squeeze wrote in blocks is listed from its \
            member index, without decoding (fast at any size): its sizes and member count are \
            what the index claims, unchecked; `squeeze test` decodes every member and checks it \
            against the index. Any other gzip file is decoded in full, output dropped, to count its members and measure \
            it (so a damaged file is reported as such). Files are listed in parallel; the table \
            is sorted by path and ends with the totals. Files named on the command line are listed \
            whatever their name; under directories, files ending in .gz or .tgz.

            An archive (.tar, .tar.gz, .tgz, .tar.xz, .zip, ... or a tar or zip recognized by its \
            first bytes) is also listed entry by entry, as `tar tv` does, after the table, its \
            gzip decoded by squeeze with every CRC checked; an archive squeeze wrote is listed \
            from the entry index it carries, decoding nothing.
            """
    )

    @Argument(help: ArgumentHelp("gzip files, and directories to search for them; '-' for standard input.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @OptionGroup var fileList: FileListArguments

    func validate() throws { try fileList.requireInput(paths) }

    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var reporting: ReportArguments

    func run() throws {
        let roots = try fileList.decodingRoots(paths)
        try StreamInputs.refuseTerminalInput(roots, program: "squeeze list")
        let session = try RunSession(reporting: reporting)
        let request = ListingRequest(
            roots: roots, filter: selection.filter, followSymlinks: selection.followSymlinks,
            scheduling: scheduling.options, entryHandler: session.stream.entryHandler)
        let tableToStandardError = reporting.json == "-"
        try session.perform {
            ListingRun(request: request, environment: session.environment).run()
        } beforeReport: { _ in
            // The table is what was asked for: printed even under --quiet, before the summary.
            try session.stream.printListing(to: tableToStandardError ? .error : .output)
        }
    }
}
