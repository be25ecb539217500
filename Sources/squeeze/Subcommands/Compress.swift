import ArgumentParser
import SqueezeBench
import SqueezeCommandLine
import SqueezeKit

extension CollectorKind: ExpressibleByArgument {}

struct Compress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compress",
        abstract: "Compress every regular file under the given directories (and the given files) to gzip.",
        discussion: """
            Each FILE becomes FILE.gz beside it (or under --output-dir), written to a temporary \
            and renamed into place when complete, with the source's mode and times. Sources are \
            kept unless --rm. Files already ending in .gz or .tgz, files whose content is \
            compressed already (xz, zstd, zip, PNG, JPEG, MP4, ...: their first bytes tell; \
            --recompress compresses them), squeeze's own temporaries, symbolic links (unless \
            --follow-symlinks), FIFOs, sockets and devices are skipped and counted in the report.

            Running the same command again (after an interrupt, a crash or a failure) finishes \
            the job: an output that is complete and its source's is found done and left as it \
            is, the rest is compressed, and an output that is not its source's is refused with a \
            warning (--force redoes everything).

            A file larger than twice --block-size is split into blocks that are compressed in \
            parallel and read as they are needed (memory stays bounded by the work in flight, not \
            by the file size). With libdeflate each block is a gzip member indexed for parallel \
            decompression (--rsyncable: members start where the file's bytes say); with \
            --single-member (zlib) the file is one gzip member, as gzip and pigz write it; \
            --format zlib and zip write FILE.zz and FILE.zip as pigz -z and -K do.

            As a filter: with no path, or '-', standard input is compressed to standard output \
            in parallel blocks (mysqldump | squeeze compress > dump.gz), byte for byte what \
            'squeeze compress -n FILE' writes for the same bytes. A FIFO or device named (such \
            as /dev/stdin) is read the same way, and -c writes named files to standard output, \
            one gzip file after another, as gzip -c does. A filter prints nothing but errors \
            unless --verbose, on standard error.
            """
    )

    @Argument(help: ArgumentHelp("Directories and files to compress; none, or '-', for standard input.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @Flag(name: [.customShort("c"), .customLong("stdout")], help: "Write the compressed bytes to standard output (every named file in turn); keep the sources.")
    var toStandardOutput = false

    @Flag(name: [.customShort("n"), .customLong("no-name")], help: "With -c, store no name or time in the header (standard input has neither).")
    var noName = false

    @OptionGroup var fileList: FileListArguments
    @OptionGroup var shards: ShardArguments
    @OptionGroup var compression: CompressionArguments
    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var output: OutputArguments
    @OptionGroup var reporting: ReportArguments

    @Flag(help: "Compress in memory and write nothing (to measure CPU scaling apart from the disk).")
    var discard = false

    // zstd's --exclude-compressed is off by default: zstd compresses what it is named, as gzip
    // does. squeeze walks trees, where media and archives are incidental and gzip only makes
    // them larger at the run's cost: passing them by is the default, and asking is the exception.
    @Flag(help: "Also compress files whose content is compressed already (gzip, zstd, xz, bzip2, lz4, lzip, zip, 7z, RAR, PNG, JPEG, GIF, WebP, MP4/MOV, Matroska/WebM, Ogg, FLAC, MP3 with ID3, WOFF2), which are otherwise passed by and counted in the report with their format.")
    var recompress = false

    // gzip's habits, accepted without a word: they ask for what compress does anyway. A note on
    // every run would be noise in scripts and cron mail; refusing them would only send the user
    // to the manual to learn that.
    @Flag(name: [.customShort("k"), .customLong("keep")], help: "Accepted as gzip's -k: sources are kept anyway, unless --rm.")
    var keep = false

    @Flag(name: [.customShort("r"), .customLong("recursive")], help: "Accepted as gzip's -r: directories are walked anyway.")
    var recursive = false

    /// For benchmarks and tests: walk the whole tree before the first file starts, as runs did
    /// before work overlapped the walk.
    @Flag(name: .customLong("scan-first"), help: .hidden)
    var scanFirst = false

    /// For `squeeze bench --collectors`, which runs this command once per collector.
    @Option(name: .customLong("collector"), help: .hidden)
    var collectorKind: CollectorKind = .production

    /// Standard input or output is a stream: no path (and no list or plan), `-`, `-c`, or a FIFO or
    /// device named.
    private var isFilter: Bool {
        (paths.isEmpty && fileList.filesFrom == nil && shards.plan == nil) || toStandardOutput
            || paths.contains(where: StreamInputs.isStream)
    }

    func validate() throws {
        // With a plan, the plan's format: checked once it is read (`run`).
        if shards.plan == nil { _ = try settings(format: compression.format) }
        if keep && output.removeSources { throw ValidationError("-k/--keep and --rm contradict each other: give one") }
        guard isFilter else {
            if shards.plan == nil { try fileList.requireInput(paths) }
            return try shards.validate(paths: paths, fileList: fileList)
        }
        if output.outputDirectory != nil { throw ValidationError("standard output is the output here: --output-dir cannot be used") }
        if output.removeSources { throw ValidationError("a filter keeps its sources: --rm cannot be used with standard output") }
        if reporting.json == "-" { throw ValidationError("standard output carries the compressed data; give --json a file") }
        if discard { throw ValidationError("--discard cannot be used with standard output") }
        if fileList.filesFrom != nil || shards.plan != nil || shards.shard != nil || shards.resumeMode != nil {
            throw ValidationError("--files-from, --plan, --shard and --resume work on files, not on standard output")
        }
    }

    func run() throws {
        if isFilter { return try runFilter() }
        let work = try shards.work(paths: paths, fileList: fileList, givenFormat: compression.givenFormat)
        let request = CompressionRequest(
            roots: work.roots, filter: selection.filter, followSymlinks: selection.followSymlinks,
            settings: try settings(format: work.format), scheduling: scheduling.options, output: output.options(discard: discard),
            shard: work.slice, resume: shards.resumeMode, scanFirst: scanFirst, findsDoneOutputs: true,
            skipsCompressedContent: !recompress)
        let session = try RunSession(reporting: reporting, makeCollector: collectorKind.makeCollector(sink:))
        try session.perform {
            var report = CompressionRun(request: request, environment: session.environment).run()
            report.shard = work.shard
            return report
        }
    }

    /// The compression settings for `format` (`--format`'s, or the plan's), checked, with what
    /// else was asked: `--resume` judges gzip and zstd outputs only.
    private func settings(format: OutputFormat) throws -> CompressionSettings {
        if shards.resumeMode != nil && format != .gzip && format != .zstd {
            throw ValidationError("--resume judges gzip and zstd outputs: it cannot be used with --format \(format.rawValue)")
        }
        return try compression.settings(format: format)
    }

    /// Every input, in order, to standard output.
    private func runFilter() throws {
        try StreamInputs.refuseTerminalOutput(force: output.force, program: "squeeze compress")
        let named = paths.isEmpty ? ["-"] : paths
        let sources = zip(named, CommandLinePath.pathNames(named)).map { argument, path in
            argument == "-" ? StreamCompressionRequest.Source.standardInput : .path(path)
        }
        let request = StreamCompressionRequest(
            sources: sources, settings: try settings(format: compression.format), scheduling: scheduling.options,
            headerFields: noName ? .none : .nameAndTime)
        let session = try RunSession(reporting: reporting, isFilter: true)
        try session.perform {
            StreamCompressionRun(request: request, environment: session.environment).run()
        }
    }
}
