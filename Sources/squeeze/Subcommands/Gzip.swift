import ArgumentParser
import Glibc
import SqueezeKit

/// `squeeze gzip`: gzip's and pigz's command line over squeeze's runs, so that a script, `tar -I`,
/// logrotate or a `PATH` that puts squeeze first can call it wherever it calls gzip. Under the
/// names gzip, gunzip, zcat, pigz and unpigz (a symbolic link to the binary) squeeze is this
/// command (`Squeeze.main`).
struct Gzip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gzip",
        abstract: "Act as gzip (and pigz): compress or decompress files in place, or standard input to standard output.",
        discussion: """
            gzip's semantics: each FILE becomes FILE.gz and the source is removed once its output \
            is complete (and, unlike gzip, durable on disk); -k keeps it. With no FILE, or '-', \
            standard input goes to standard output. -d decompresses, -c writes to standard \
            output, -t tests, -l lists. Nothing is printed but errors unless -v. Exit status 0 \
            done, 1 an error, 2 a warning (a file skipped because its output exists, a directory \
            named without -r, trailing garbage), as gzip.

            Compression runs on every core (-p N, as pigz), files in parallel and a large file or \
            a stream in blocks. The same links make squeeze act as gunzip (-d), zcat (-dc), pigz \
            and unpigz.
            """
    )

    @Flag(name: [.customShort("c"), .customLong("stdout"), .customLong("to-stdout")], help: "Write to standard output; keep the sources.")
    var toStandardOutput = false

    @Flag(name: [.customShort("d"), .customLong("decompress"), .customLong("uncompress")], help: "Decompress.")
    var decompress = false

    @Flag(name: [.customShort("k"), .customLong("keep")], help: "Keep (do not delete) the sources.")
    var keep = false

    @Flag(
        name: [.customShort("f"), .customLong("force")],
        help: "Overwrite existing outputs; compress to a terminal; take files with several links; with -dc, copy input that is not compressed as it is.")
    var force = false

    @Flag(name: [.customShort("t"), .customLong("test")], help: "Test the integrity of compressed files.")
    var test = false

    @Flag(name: [.customShort("l"), .customLong("list")], help: "List compressed files: sizes, ratio, name.")
    var list = false

    @Flag(name: [.customShort("r"), .customLong("recursive")], help: "Walk directories.")
    var recursive = false

    @Flag(name: [.customShort("n"), .customLong("no-name")], help: "Store no file name or time in the header.")
    var noName = false

    @Flag(name: [.customShort("N"), .customLong("name")], help: "Store the file name and time (the default when compressing); not taken when decompressing.")
    var storeName = false

    @Flag(name: [.customShort("q"), .customLong("quiet")], help: "Print nothing but errors (the default).")
    var quiet = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "A line per file, and the run's report.")
    var verbose = false

    @Option(name: [.customShort("S"), .customLong("suffix")], help: ArgumentHelp("The suffix of compressed files (compressing).", valueName: "suffix"))
    var suffix = ".gz"

    @Flag(help: .hidden)
    var levelShortcut: LevelShortcut?

    @Option(
        name: [.customShort("p"), .customLong("processes"), .customShort("T"), .customLong("threads")],
        help: ArgumentHelp("Threads to compress with (default: the active cores).", valueName: "n"))
    var jobs: Int = SchedulingOptions.activeCores

    @Flag(help: "Rejected: see the message.")
    var rsyncable = false

    @Argument(help: ArgumentHelp("Files (and with -r directories); none, or '-', for standard input.", valueName: "file"))
    var files: [String] = []

    /// What the program was called, for gzip-style messages.
    static let program = "squeeze gzip"

    func validate() throws {
        if rsyncable {
            throw ValidationError("""
                --rsyncable is not supported: squeeze cuts a stream into fixed-size blocks, so an \
                insertion shifts every later block; compress without it, or use gzip --rsyncable
                """)
        }
        guard jobs >= 1 && jobs <= 1024 else { throw ValidationError("-p must be between 1 and 1024, not \(jobs)") }
        if quiet && verbose { throw ValidationError("-q and -v cannot be used together") }
        if suffix.isEmpty || suffix.contains("/") { throw ValidationError("invalid suffix '\(suffix)'") }
        if storeName && noName { throw ValidationError("-n and -N cannot be used together") }
        if storeName && decompress {
            throw ValidationError("-N is not supported when decompressing: squeeze names outputs after the compressed file, never the header")
        }
        if suffix != ".gz" && (decompress || test || list) {
            throw ValidationError("-S is supported when compressing only; squeeze decompresses .gz and .tgz names")
        }
    }

    private var scheduling: SchedulingOptions { SchedulingOptions(jobs: jobs) }

    /// gzip prints errors and warnings (none with -q), and a line per file with -v. Every run
    /// is a `RunSession` filter: its summary only with -v, on standard error.
    private func reporting() throws -> ReportArguments {
        try ReportArguments.parse((verbose ? ["--verbose"] : quiet ? ["--quiet"] : []) + ["--progress", "never"])
    }

    /// Standard input or output is a stream: no file, `-`, `-c`, or a FIFO or device named.
    private var isFilter: Bool { files.isEmpty || toStandardOutput || files.contains(where: StreamInputs.isStream) }

    func run() throws {
        let (named, ignored) = try operands()
        var status: Int32 = 0
        do {
            if !ignored || !named.isEmpty || files.isEmpty { try runMode(named) }
        } catch let exit as ExitCode {
            status = exit.rawValue
        }
        // A directory named without -r is a warning: gzip goes on with the rest, then exits 2.
        if ignored && status == 0 { status = 2 }
        if status != 0 { throw ExitCode(status) }
    }

    private func runMode(_ named: [String]) throws {
        if list { return try runList(named) }
        if test { return try runDecoding(named, purpose: .test) }
        if decompress { return try runDecoding(named, purpose: .decompress) }
        if isFilter { return try runCompressionFilter(named) }
        let request = CompressionRequest(
            roots: CommandLinePath.pathNames(named),
            settings: CompressionSettings(level: levelShortcut?.level ?? Codec.defaultLevel), scheduling: scheduling,
            output: OutputOptions(force: force, removeSources: !keep), suffix: suffix)
        let session = try RunSession(reporting: reporting(), isFilter: true)
        try session.perform { CompressionRun(request: request, environment: session.environment).run() }
    }

    /// The files to work on, and whether a directory was named without -r (reported as gzip does).
    private func operands() throws -> ([String], Bool) {
        guard !recursive else { return (files, false) }
        var ignored = false
        let named = files.filter { file in
            var status = stat()
            guard file != "-", stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return true }
            StandardStreams.message("\(Self.program): \(file) is a directory -- ignored\n")
            ignored = true
            return false
        }
        return (named, ignored)
    }

    private func runCompressionFilter(_ named: [String]) throws {
        try StreamInputs.refuseTerminalOutput(force: force, program: Self.program)
        let inputs = named.isEmpty ? ["-"] : named
        let sources = zip(inputs, CommandLinePath.pathNames(inputs)).map { argument, path in
            argument == "-" ? StreamCompressionRequest.Source.standardInput : .path(path)
        }
        let request = StreamCompressionRequest(
            sources: sources, settings: CompressionSettings(level: levelShortcut?.level ?? Codec.defaultLevel),
            scheduling: scheduling, storesName: !noName)
        let session = try RunSession(reporting: reporting(), isFilter: true)
        try session.perform { StreamCompressionRun(request: request, environment: session.environment).run() }
    }

    /// As gzip 1.12: a `-` (or no file) with a terminal as standard input ends the run there,
    /// after the files named before it, with exit 1 and a message (none with -q), unless -f.
    private func runDecoding(_ named: [String], purpose: DecompressionRequest.Purpose) throws {
        guard !force && StreamInputs.standardInputIsTerminal, let stop = (named.isEmpty ? ["-"] : named).firstIndex(of: "-") else {
            return try decode(named, purpose: purpose)
        }
        if stop > 0 {
            do { try decode(Array(named[..<stop]), purpose: purpose) } catch is ExitCode {}
        }
        if !quiet {
            StandardStreams.message("""
                \(Self.program): compressed data not read from a terminal. Use -f to force decompression.
                For help, type: \(Self.program) -h

                """)
        }
        throw ExitCode.failure
    }

    private func decode(_ named: [String], purpose: DecompressionRequest.Purpose) throws {
        let toStandardOutput = purpose == .decompress && isFilter
        let request = DecompressionRequest(
            roots: toStandardOutput || purpose == .test ? StreamInputs.decodingPaths(named) : CommandLinePath.pathNames(named),
            purpose: purpose, scheduling: scheduling,
            output: OutputOptions(force: force, removeSources: purpose == .decompress && !keep && !toStandardOutput),
            toStandardOutput: toStandardOutput, passesPlainInputThrough: force)
        let session = try RunSession(reporting: reporting(), isFilter: true)
        try session.perform { DecompressionRun(request: request, environment: session.environment).run() }
    }

    /// gzip 1.12's `-l` table (`-v` adds method, CRC-32 and date; `-q` drops the header and the
    /// totals; `-N` takes the header's name and time), errors and warnings on standard error.
    private func runList(_ named: [String]) throws {
        // Errors and warnings (none with -q); -v changes the table, not what goes to standard error.
        let session = try RunSession(reporting: try ReportArguments.parse((quiet ? ["--quiet"] : []) + ["--progress", "never"]), isFilter: true)
        let run = GzipStyleListingRun(
            request: GzipStyleListingRequest(roots: StreamInputs.decodingPaths(named), usesHeaderName: storeName, scheduling: scheduling),
            environment: session.environment)
        try session.perform { run.run() } beforeReport: { _ in
            // gzip counts the names it was given, a directory it ignored too, for its totals line.
            let text = GzipStyleListingFormatter(verbose: verbose, quiet: quiet).text(run.entries, operandCount: max(1, files.count))
            try StandardStreams.write(text, to: .output)
        }
    }
}
