import ArgumentParser
import SqueezeCommandLine
import SqueezeKit

struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Store directories and files in one .tar.gz (or .tar.zst), compressed on every core.",
        discussion: """
            libarchive writes the tar stream (pax: long and non-ASCII names, symbolic links, hard \
            links, empty directories, modes, modification times, owners) and squeeze compresses \
            it in parallel blocks, as it does a large file. Each directory's entries are named \
            under its last component ('squeeze archive /usr/include' stores 'include/...'); a \
            directory comes before its contents, names in byte order, so the same tree gives the \
            same archive. Files are read as their turn comes: memory stays bounded by the work in \
            flight. FIFOs and device files are stored as entries, sockets skipped. \
            --include selects files; directories are stored whatever it says.

            The tar stream is cut into --block-size blocks, compressed in parallel: with \
            libdeflate each is a gzip member indexed for parallel decompression, with zlib the \
            archive is one gzip member, as pigz writes. An OUT named .tar.zst or .tzst (or \
            --format zstd) is zstd: a frame per block, and the seekable format's seek table at \
            the end; the name chooses, as tar -a does (its levels are then zstd's, 1-19), and a \
            --format that contradicts it is refused. The bytes depend on the tree, --codec, \
            --level and --block-size only, never on --mode or --jobs.

            The archive is written to a temporary beside OUT and renamed into place when \
            complete; an existing OUT is kept unless --force. A file that cannot be opened is \
            reported and left out; one that fails or changes while it is read is reported and its \
            entry padded with zeros, so the archive stays readable (exit status 1 either way); \
            the rest is archived.

            With '-o -' the archive goes to standard output as it is made, compressed in parallel \
            all the same (ssh, a pipe to a backup tool); the run then prints nothing but errors \
            unless --verbose, on standard error.
            """
    )

    @Argument(help: ArgumentHelp("Directories and files to archive.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @OptionGroup var fileList: FileListArguments

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The .tar.gz to write; '-' for standard output.", valueName: "out.tar.gz"), completion: .file())
    var output: String

    @Flag(name: .shortAndLong, help: "Replace an existing archive.")
    var force = false

    @OptionGroup var compression: CompressionArguments
    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var reporting: ReportArguments

    func validate() throws {
        try fileList.requireInput(paths)
        if output == "-" && reporting.json == "-" { throw ValidationError("standard output carries the archive; give --json a file") }
        let format = try archiveFormat()
        if format != .gzip && format != .zstd { throw ValidationError("an archive is a .tar.gz or .tar.zst: --format \(format.rawValue) cannot be used") }
        _ = try compression.settings(format: format)
        if compression.rsyncable { throw ValidationError("--rsyncable is for compress: archive cuts its tar stream every --block-size") }
    }

    /// The archive's format: the one its name says (`.tar.zst`, `.tzst`: zstd; `.tar.gz`, `.tgz`:
    /// gzip), as tar's `-a` chooses by the name; else `--format`, else gzip. A `--format` that
    /// contradicts the name is refused: either would leave a file whose name lies about it.
    private func archiveFormat() throws -> OutputFormat {
        let named: OutputFormat? =
            output.hasSuffix(".tar.zst") || output.hasSuffix(".tzst") ? .zstd
            : output.hasSuffix(".tar.gz") || output.hasSuffix(".tgz") ? .gzip : nil
        guard let given = compression.givenFormat else { return named ?? .gzip }
        if let named, given != named, given == .gzip || given == .zstd {
            throw ValidationError("'\(output)' names a \(named.rawValue) archive, but --format \(given.rawValue) was given: "
                + "drop --format (the name chooses the format), or name the archive .tar\(given.suffix)")
        }
        return given
    }

    func run() throws {
        if output == "-" { try StreamInputs.refuseTerminalOutput(force: force, program: "squeeze archive") }
        let request = ArchiveRequest(
            roots: try fileList.roots(paths), destination: CommandLinePath.pathName(output, option: "-o", "--output"), filter: selection.filter,
            followSymlinks: selection.followSymlinks, settings: try compression.settings(format: archiveFormat()), scheduling: scheduling.options,
            force: force)
        let session = try RunSession(reporting: reporting, isFilter: output == "-")
        try session.perform {
            ArchiveRun(request: request, environment: session.environment).run()
        }
    }
}
