import ArgumentParser
import SqueezeCommandLine
import SqueezeKit

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract an archive (tar, tar.gz, tar.xz, zip, ...) into a directory, safely.",
        discussion: """
            Restores contents, modes, modification times, symbolic links and hard links. Nothing \
            is ever written outside DIR: entries with absolute names or '..' are refused, so are \
            writes through symbolic links and hard links to anything the archive did not itself \
            extract. Device nodes and FIFOs are refused, setuid and setgid bits cleared, and \
            files owned by whoever extracts, unless the options below ask otherwise. Files that \
            were in DIR before are kept unless --force. Each refused entry is reported with its \
            reason and the rest extracted (exit status 1).

            Files are written to a temporary and renamed into place when complete: an interrupted \
            extraction leaves no half-written file.

            A gzip-compressed archive is decoded by squeeze, ahead of the extraction (a .tar.gz \
            written by squeeze archive member by member on --jobs workers), with every member's \
            CRC checked to the end of the file; other compression is undone by libarchive.

            Named paths extract only those entries and everything beneath them, matched as GNU tar \
            matches them; a path no entry matches is reported 'Not found in archive' (exit status \
            2). An archive squeeze wrote carries an index of its entries: only the members that \
            hold them are then read (and checked); an index that does not match the archive is \
            said so, and the archive read in full.
            """
    )

    @Argument(help: ArgumentHelp("The archive to extract; '-' for standard input.", valueName: "archive"), completion: .file())
    var archive: String

    @Argument(help: ArgumentHelp(
        "Entries to extract, each with everything beneath it (all if none). From an archive squeeze wrote, only the members holding them are read.",
        valueName: "path"))
    var members: [String] = []

    @Option(name: [.customShort("C"), .customLong("directory")], help: ArgumentHelp("Extract into this directory (created if missing).", valueName: "dir"), completion: .directory)
    var directory: String = "."

    @Flag(name: .shortAndLong, help: "Replace files that already exist in the directory.")
    var force = false

    @Flag(help: "Give files the owner and group recorded in the archive.")
    var sameOwner = false

    @Flag(help: "Create device nodes and FIFOs the archive holds.")
    var allowSpecialFiles = false

    @Flag(help: "Keep setuid and setgid bits.")
    var keepSetuid = false

    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var reporting: ReportArguments

    func run() throws {
        let request = ExtractionRequest(
            archive: archive == "-" ? PathName(StreamInputs.standardInputPath) : CommandLinePath.pathName(archive), destination: CommandLinePath.pathName(directory, option: "-C", "--directory"),
            members: Array(CommandLinePath.pathNames([archive] + members).dropFirst()),
            options: ExtractionOptions(
                overwrite: force, restoreOwners: sameOwner, allowSpecialFiles: allowSpecialFiles, keepSetuidBits: keepSetuid),
            scheduling: scheduling.options)
        let session = try RunSession(reporting: reporting)
        try session.perform {
            ExtractionRun(request: request, environment: session.environment).run()
        }
    }
}
