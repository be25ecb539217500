import ArgumentParser
import Glibc
import SqueezeCommandLine
import SqueezeKit

struct Decompress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decompress",
        abstract: "Decompress gzip files (.gz, .tgz), and every such file under the given directories.",
        discussion: """
            NAME.gz becomes NAME and NAME.tgz becomes NAME.tar, beside the source (or under \
            --output-dir), written to a temporary and renamed into place only once every member's \
            CRC-32 and length have been checked, with the .gz file's mode and times. Sources are \
            kept unless --rm, which also removes the checkpoint indexes squeeze wrote for that very \
            source (FILE.gz.gzidx, gztool's FILE.gzi; another tool's index stays). A file that \
            fails leaves no output behind; the others go on.

            Files are decompressed in parallel. A file squeeze wrote in blocks (indexed members) \
            is also decompressed member by member in parallel, and a single member with a \
            checkpoint index (squeeze index) between its checkpoints; any other gzip is decoded \
            from points found inside it where it can be, or as a stream, in fixed memory.

            After the last member, zero bytes are ignored; other trailing bytes are ignored with a \
            warning (exit status 2), except that bytes starting with the gzip magic are read as a \
            member, so a damaged one is an error.
            """
    )

    @Argument(help: ArgumentHelp("gzip files, and directories to search for them; none, or '-', for standard input (to standard output).", valueName: "path"), completion: .file())
    var paths: [String] = []

    @OptionGroup var fileList: FileListArguments

    @Flag(
        name: [.customShort("c"), .customLong("stdout")],
        help: """
            Write the decompressed bytes to standard output, file after file in the order named (any \
            file name is accepted); the report goes to standard error.
            """)
    var toStandardOutput = false

    @Option(
        name: .customLong("range"),
        help: ArgumentHelp(
            """
            Write only these decoded bytes to standard output (-c implied): LENGTH bytes from offset \
            START, or START: for everything from START on (K, M, G, T: binary multiples). Repeat for \
            several ranges, written in the order given. A file squeeze or bgzip wrote is read only \
            where the ranges lie; any other gzip is decoded from the start (said on standard error).
            """, valueName: "start:length"))
    var ranges: [String] = []

    @Option(
        name: .customLong("index"),
        help: ArgumentHelp(
            """
            The checkpoint index to read the one file named through (squeeze index, indexed_gzip, \
            gztool or rapidgzip --export-index): for --range, and to decode a single-member gzip in \
            parallel between its checkpoints. By default FILE.gzidx, else gztool's FILE.gzi, is used \
            if it is there and not stale.
            """, valueName: "index"), completion: .file())
    var index: String?

    @Flag(name: .customLong("write-index"), help: ArgumentHelp(WriteIndexOption.help))
    var writesIndex = false

    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var output: OutputArguments
    @OptionGroup var reporting: ReportArguments

    /// Standard input or output is a stream: no path, `-`, `-c`, or a FIFO or device named.
    private var isFilter: Bool {
        (paths.isEmpty && fileList.filesFrom == nil) || toStandardOutput || !ranges.isEmpty || paths.contains(where: StreamInputs.isStream)
    }

    func validate() throws {
        if !ranges.isEmpty {
            for range in ranges where ByteRange(parsing: range) == nil {
                throw ValidationError("--range '\(range)': expected START:LENGTH or START: (numbers of bytes, K, M, G or T for binary multiples)")
            }
            if paths.count > 1 || fileList.filesFrom != nil { throw ValidationError("--range reads one file") }
        }
        try CheckpointIndexOption.validate(index, paths: paths, fileList: fileList)
        if writesIndex {
            if !ranges.isEmpty { throw ValidationError("--write-index reads whole files: it cannot be used with --range") }
            if output.removeSources { throw ValidationError("--write-index writes FILE.gz.gzidx beside its source, which --rm removes: keep the sources, or run squeeze index") }
            try WriteIndexOption.validate(paths: paths, fileList: fileList)
        }
        guard isFilter else { return }
        if output.outputDirectory != nil { throw ValidationError("--stdout and --output-dir cannot be used together") }
        if output.removeSources { throw ValidationError("--stdout keeps its sources: --rm cannot be used with it") }
        if reporting.json == "-" { throw ValidationError("--stdout and --json - both want standard output; give --json a file") }
    }

    func run() throws {
        let roots = try fileList.decodingRoots(paths)
        try StreamInputs.refuseTerminalInput(roots, program: "squeeze decompress")
        if !ranges.isEmpty { return try readRanges(of: roots[0]) }
        let request = DecompressionRequest(
            roots: roots, purpose: .decompress,
            filter: selection.filter, followSymlinks: selection.followSymlinks, scheduling: scheduling.options,
            output: output.options(), toStandardOutput: isFilter, checkpointIndexes: CheckpointIndexOption.use(index),
            writesCheckpointIndexes: writesIndex)
        let session = try RunSession(reporting: reporting, summaryToStandardError: isFilter, isFilter: isFilter)
        try session.perform {
            DecompressionRun(request: request, environment: session.environment).run()
        }
    }
}

extension Decompress {
    /// `--range`: the bytes to standard output, a message and exit status 1 for a file that
    /// cannot be read or holds damage where the ranges are, 2 for trailing garbage reached.
    private func readRanges(of path: PathName) throws {
        let ranges = ranges.compactMap(ByteRange.init(parsing:))
        let name = (path == .standardInput ? PathName.standardInputName : path).escapedForTerminal
        do {
            let file = path == .standardInput ? try ReadableFile(standardInputNamed: .standardInputName) : try ReadableFile(path)
            var reader = DecodedRangeReader()
            if path != .standardInput {
                reader.checkpointIndex = index.map { (CommandLinePath.pathName($0, option: "--index"), true) }
                    ?? (path.checkpointIndexSidecar, false)
            }
            let summary = try reader.read(file, ranges: ranges) { notice in
                if !reporting.quiet { StandardStreams.message("squeeze: \(name): \(notice)\n") }
            } into: { bytes in
                try StandardStreams.write(bytes, to: .output)
            }
            if let warning = summary.trailing.warning {
                if !reporting.quiet { StandardStreams.message("squeeze: \(name): \(warning)\n") }
                throw ExitCode(2)
            }
        } catch let error as SystemError {
            if error.code == EPIPE && StandardStreams.outputReaderIsGone { throw CommandOutput.readerGone }
            StandardStreams.message("squeeze: \(error)\n")
            throw ExitCode.failure
        } catch let error as ExitCode {
            throw error
        } catch {
            StandardStreams.message("squeeze: \(name): \(error)\n")
            throw ExitCode.failure
        }
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check gzip files: decode every member and compare its CRC-32 and length with its trailer.",
        discussion: """
            Files named on the command line are checked whatever their name; under directories, \
            files ending in .gz or .tgz. Nothing is written. Each bad file is printed with the \
            reason, and the exit status is 1 if any is bad (2 if some only have trailing garbage).

            Files are checked in parallel, and the members of a file squeeze wrote in blocks are \
            checked in parallel too.
            """
    )

    @Argument(help: ArgumentHelp("gzip files, and directories to search for them; '-' for standard input.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @OptionGroup var fileList: FileListArguments

    @Option(
        name: .customLong("index"),
        help: ArgumentHelp(
            """
            The checkpoint index to check the one file named through, in parallel between its \
            checkpoints, if it is a single-member gzip (squeeze index, indexed_gzip or rapidgzip \
            --export-index). By default FILE.gzidx is used if it is there and not stale.
            """, valueName: "index"), completion: .file())
    var index: String?

    @Flag(name: .customLong("write-index"), help: ArgumentHelp(WriteIndexOption.help))
    var writesIndex = false

    func validate() throws {
        try fileList.requireInput(paths)
        try CheckpointIndexOption.validate(index, paths: paths, fileList: fileList)
        if writesIndex { try WriteIndexOption.validate(paths: paths, fileList: fileList) }
    }

    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var reporting: ReportArguments

    func run() throws {
        let roots = try fileList.decodingRoots(paths)
        try StreamInputs.refuseTerminalInput(roots, program: "squeeze test")
        let request = DecompressionRequest(
            roots: roots, purpose: .test, filter: selection.filter,
            followSymlinks: selection.followSymlinks, scheduling: scheduling.options, checkpointIndexes: CheckpointIndexOption.use(index),
            writesCheckpointIndexes: writesIndex)
        let session = try RunSession(reporting: reporting)
        try session.perform {
            DecompressionRun(request: request, environment: session.environment).run()
        }
    }
}

/// `--index` of `decompress` and `test`: the checkpoint index of the one file named.
enum CheckpointIndexOption {
    static func validate(_ index: String?, paths: [String], fileList: FileListArguments) throws {
        guard index != nil else { return }
        if paths.count != 1 || fileList.filesFrom != nil || paths[0] == "-" { throw ValidationError("--index is the index of one file, named") }
    }

    /// Every file's sidecar, or the index named.
    static func use(_ index: String?) -> DecompressionRequest.CheckpointIndexUse {
        index.map { .named(CommandLinePath.pathName($0, option: "--index")) } ?? .sidecars
    }
}

/// `--write-index` of `decompress` and `test`: each file's checkpoint index, from the decode.
enum WriteIndexOption {
    static let help = """
        Also write each gzip file's checkpoint index beside it (FILE.gz.gzidx), byte for byte what \
        squeeze index writes (indexed_gzip's format, a checkpoint every 4 MiB), from this one \
        decode, once the whole file has been read and its CRC-32 and lengths checked: a damaged \
        file gets none. The file is then decoded as one stream. Files squeeze or bgzip wrote in \
        indexed members need no index and get none; a file whose index (squeeze's or gztool's) is \
        there and not stale is decoded through it, and the index kept. Not for standard input, nor \
        with --rm.
        """

    static func validate(paths: [String], fileList: FileListArguments) throws {
        if (paths.isEmpty && fileList.filesFrom == nil) || paths.contains("-") {
            throw ValidationError("--write-index writes an index beside each file named: standard input has no place for one")
        }
    }
}
