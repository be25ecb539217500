import Glibc
import SqueezeKit

/// A parsed gzip or pigz command line carried out with squeeze's runs: in place, to standard
/// output, testing or listing, with gzip's messages (`GzipRecordSink`) and exit status.
struct GzipRun {
    let options: GzipOptions
    /// What the runs' records amount to, as gzip (or pigz) counts them (`GzipRecordSink`).
    private let recorded = Locked(GzipOutcome())

    init(options: GzipOptions) {
        self.options = options
    }

    /// The exit status: 0 done, 1 an error, 2 a warning (gzip's), 130 interrupted.
    func run() -> Int32 {
        let checked = operands()
        var outcome = checked.outcome
        if options.comment != nil && !options.format.holdsComment && compresses {
            // pigz says so for every output it writes, and exits 1 after writing them all.
            for _ in 0..<max(checked.named.count, options.files.isEmpty ? 1 : 0) where !options.quiet {
                StandardStreams.message("\(options.program): can't store comment in zlib format -- ignoring\n")
            }
            outcome.failed = true
        }
        var status: Int32 = 0
        do {
            if !checked.named.isEmpty || options.files.isEmpty { try runMode(checked.named) }
        } catch let exit as ExitStatus {
            status = exit.code
        } catch {
            StandardStreams.message("\(options.program): \(error)\n")
            status = 1
        }
        if StandardStreams.outputReaderIsGone { return readerGone() }
        // squeeze's warnings are those the sink judged as gzip would (a name gzip passes by in
        // silence is no warning of gzip's); an interrupt's status stands.
        guard status <= 2 else { return status }
        outcome.add(recorded.withLock { $0 })
        if status == 1 { outcome.failed = true }
        return outcome.status
    }

    /// Standard output's reader went away. With SIGPIPE at its default, the process ends by it,
    /// as gzip and `cat` do (the shell reports 141); where the parent ignored it (`trap '' PIPE`)
    /// the write failed with EPIPE, which gzip reports, exiting 1.
    private func readerGone() -> Int32 {
        if GzipStandIn.inheritedIgnoredPipeSignal {
            if !options.quiet || options.dialect == .gzip { StandardStreams.message("\n\(options.program): stdout: Broken pipe\n") }
            return 1
        }
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        return 128 + SIGPIPE
    }

    private var jobs: Int { min(max(options.jobs ?? SchedulingOptions.activeCores, 1), 1024) }

    /// One small file, the common case where a process is started per file (`zgrep`, `find
    /// -exec gzip`, `gzexe`), is worked on the calling thread: starting workers cost more than
    /// its work, which is one block either way.
    private var scheduling: SchedulingOptions {
        if options.jobs == nil, options.files.count == 1, let status = try? FileStatus.of(options.files[0], followingSymlinks: true),
           status.kind == .regular, status.size <= Self.smallFileSize {
            return SchedulingOptions(mode: .sequential, jobs: 1)
        }
        return SchedulingOptions(jobs: jobs)
    }

    /// Whether the first interrupt may end the run at once, as it ends gzip, with no thread to
    /// wait for it (`InterruptMonitor.Response.exit`): one small file (the case of a process per
    /// file) written to standard output, tested or listed, so that no file is written (nothing
    /// to remove), and compressed into one member (cut anywhere, it cannot pass for whole, which
    /// indexed or rsyncable members could).
    private var interruptEndsAtOnce: Bool {
        guard options.toStandardOutput || options.test || options.list, scheduling.mode == .sequential else { return false }
        return !compresses || (!options.indexed && !options.rsyncable)
    }

    /// Far below a block (whose files are compressed whole), and below what squeeze splits into
    /// members decoded in parallel.
    static let smallFileSize: Int64 = 256 << 10

    private var compresses: Bool { !options.decompress && !options.test && !options.list }

    /// What gzip and pigz write: one member (or zlib stream, or zip entry) with no extra field,
    /// its blocks compressed in parallel by zlib and joined into one DEFLATE stream as pigz joins
    /// them (a stream of one block, most files, compressed whole by libdeflate); with
    /// `--rsyncable`, blocks start where the bytes say. With `--indexed`, squeeze's own indexed
    /// members (libdeflate), decoded in parallel. Levels are gzip's 1-9 and pigz's 0 (stored)
    /// and 11 (zopfli's in pigz: here zlib's 9, libdeflate's 12 for one block).
    private var settings: CompressionSettings {
        let level = options.level ?? Codec.defaultLevel
        var settings: CompressionSettings
        if options.indexed {
            settings = level == 0
                ? CompressionSettings(codec: .isal, level: 0)
                : CompressionSettings(codec: .libdeflate, level: level == 11 ? 12 : level)
        } else {
            // zlib's strategies have no counterpart in libdeflate: every block goes to zlib then.
            settings = CompressionSettings(
                codec: .zlib, level: min(level, 9), format: options.format, strategy: options.strategy,
                oneBlockLevel: options.strategy == .standard ? (level == 11 ? 12 : level) : nil)
        }
        settings.rsyncable = options.rsyncable
        if options.format.holdsComment { settings.comment = options.comment }
        if let blockSize = options.blockSize { settings.blockSize = blockSize }
        return settings
    }

    /// Standard input or output is a stream: no file, `-`, `-c` (and `-t`, `-l`).
    private var isFilter: Bool { options.files.isEmpty || options.toStandardOutput || options.files.contains(.standardInputOperand) }

    /// The operands to hand to the run, after gzip's checks of each named file when working in
    /// place (a directory without -r, a FIFO or device, a symbolic link without -f, an output
    /// name ending in `/`); whether any was passed by with a warning, and any with an error.
    private func operands() -> (named: [PathName], outcome: GzipOutcome) {
        var outcome = GzipOutcome()
        var named: [PathName] = []
        let compressesInPlace = !options.decompress && !options.test && !options.list && !options.toStandardOutput
        for file in options.files {
            if compressesInPlace && file != .standardInputOperand && options.suffix.last == UInt8(ascii: "/") {
                // No file's name ends in '/': what the kernel answers gzip's create of one.
                StandardStreams.message("\(options.program): \(file.escapedForTerminal)\(options.suffix.text): Is a directory\n")
                outcome.failed = true
                continue
            }
            guard file != .standardInputOperand else {
                named.append(file)
                continue
            }
            let file = options.dialect == .gzip && options.decompress ? withCompressedSuffix(file) : file
            guard let status = try? FileStatus.of(file, followingSymlinks: false) else {
                named.append(file)
                continue
            }
            var kind = status.kind
            if kind == .symbolicLink {
                // In place, gzip opens with O_NOFOLLOW unless -f.
                if !options.toStandardOutput && !options.force {
                    StandardStreams.message("\(options.program): \(file.escapedForTerminal): Too many levels of symbolic links\n")
                    outcome.failed = true
                    continue
                }
                kind = (try? FileStatus.of(file, followingSymlinks: true))?.kind ?? kind
            }
            if kind == .directory && !options.recursive {
                if !options.quiet { StandardStreams.message("\(options.program): \(file.escapedForTerminal) is a directory -- ignored\n") }
                outcome.warned = true
                continue
            }
            if !options.toStandardOutput && kind != .regular && kind != .directory && kind != .symbolicLink {
                if !options.quiet {
                    StandardStreams.message("\(options.program): \(file.escapedForTerminal) is not a directory or a regular file - ignored\n")
                }
                outcome.warned = true
                continue
            }
            // gzip's header holds 1 ... 2^32 - 1 seconds (0 is "no time"): it stores 0 and warns.
            let seconds = status.modificationTime.seconds
            if !options.decompress && !options.list && options.headerFields.time && kind == .regular && !(1...Int64(UInt32.max)).contains(seconds) {
                if !options.quiet {
                    StandardStreams.message("\(options.program): \(file.escapedForTerminal): warning: file timestamp out of range for gzip format\n")
                }
                outcome.warned = true
            }
            named.append(file)
        }
        return (named, outcome)
    }

    /// As gzip does when decompressing, testing or listing: a name that does not exist and has
    /// none of the suffixes is looked for with each of `-S`'s, `.gz`, `.z`, `-z` and `.Z` added
    /// (`gzip -d foo` finds `foo.gz`); found with none, it is named with `-S`'s in the message.
    private func withCompressedSuffix(_ file: PathName) -> PathName {
        guard !FileStatus.exists(file), !suffixes.matches(file) else { return file }
        for suffix in [options.suffix.text, ".gz", ".z", "-z", ".Z"] {
            let candidate = file.appendingSuffix(suffix)
            if (try? FileStatus.of(candidate, followingSymlinks: false)) != nil { return candidate }
        }
        return file.appendingSuffix(options.suffix.text)
    }

    /// The names taken as compressed: gzip's, or pigz's (with `.zz` and `.zip`), and `-S`'s.
    private var suffixes: CompressedSuffixes {
        options.dialect == .gzip ? .gzip(extra: options.suffix) : .pigz(extra: options.suffix)
    }

    private func runMode(_ named: [PathName]) throws {
        if options.list {
            try runList(named)
        } else if options.test {
            try runDecoding(named, purpose: .test)
        } else if options.decompress {
            try runDecoding(named, purpose: .decompress)
        } else if isFilter {
            try runCompressionFilter(named)
        } else {
            try runInPlace(named)
        }
    }

    private func runInPlace(_ named: [PathName]) throws {
        let request = CompressionRequest(
            roots: named, settings: settings, scheduling: scheduling,
            output: OutputOptions(force: options.force, removeSources: !options.keep, sync: options.synchronous),
            suffix: options.suffix.text, headerFields: options.headerFields)
        let session = try makeSession()
        try session.perform { CompressionRun(request: request, environment: session.environment).run() }
    }

    private func runCompressionFilter(_ named: [PathName]) throws {
        try StreamInputs.refuseTerminalOutput(force: options.force, program: options.program)
        let sources = (named.isEmpty ? [.standardInputOperand] : named).map { path in
            path == .standardInputOperand ? StreamCompressionRequest.Source.standardInput : .path(path)
        }
        let request = StreamCompressionRequest(
            sources: sources, settings: settings, scheduling: scheduling, headerFields: options.headerFields)
        let session = try makeSession()
        try session.perform { StreamCompressionRun(request: request, environment: session.environment).run() }
    }

    /// As gzip 1.12: a `-` (or no file) with a terminal as standard input ends the run there,
    /// after the files named before it, with exit 1 and a message (none with -q), unless -f.
    private func runDecoding(_ named: [PathName], purpose: DecompressionRequest.Purpose) throws {
        let inputs = named.isEmpty ? [.standardInputOperand] : named
        let readsTerminal = !options.force && (options.presumesInputTerminal || StreamInputs.standardInputIsTerminal)
        guard readsTerminal, let stop = inputs.firstIndex(of: .standardInputOperand) else {
            return try decode(named, purpose: purpose)
        }
        if stop > 0 {
            do { try decode(Array(named[..<stop]), purpose: purpose) } catch is ExitStatus {}
        }
        if !options.quiet {
            StandardStreams.message("""
                \(options.program): compressed data not read from a terminal. Use -f to force decompression.
                For help, type: \(options.program) -h

                """)
        }
        throw ExitStatus.failure
    }

    private func decode(_ named: [PathName], purpose: DecompressionRequest.Purpose) throws {
        let toStandardOutput = purpose == .decompress && isFilter
        let roots = named.isEmpty ? [PathName.standardInput] : named.map { $0 == .standardInputOperand ? .standardInput : $0 }
        let request = DecompressionRequest(
            roots: roots, purpose: purpose, scheduling: scheduling,
            output: OutputOptions(
                force: options.force, removeSources: purpose == .decompress && !options.keep && !toStandardOutput,
                sync: options.synchronous),
            toStandardOutput: toStandardOutput, passesPlainInputThrough: options.force,
            suffixes: suffixes, restoresHeaderFields: options.headerFields)
        let session = try makeSession()
        try session.perform { DecompressionRun(request: request, environment: session.environment).run() }
    }

    /// gzip 1.12's `-l` table (`-v` adds method, CRC-32 and date; `-q` drops the header and the
    /// totals; `-N` takes the header's name and time), errors and warnings on standard error.
    private func runList(_ named: [PathName]) throws {
        let session = try makeSession(verboseLines: false)
        let roots = named.isEmpty ? [PathName.standardInput] : named.map { $0 == .standardInputOperand ? .standardInput : $0 }
        let run = GzipStyleListingRun(
            request: GzipStyleListingRequest(roots: roots, usesHeaderName: options.headerFields.name, scheduling: scheduling),
            environment: session.environment)
        try session.perform { run.run() } beforeReport: { _ in
            // gzip counts the names it was given, a directory it ignored too, for its totals line.
            let text = GzipStyleListingFormatter(verbose: options.verbose, quiet: options.quiet)
                .text(run.entries, operandCount: max(1, options.files.count))
            try StandardStreams.write(text, to: .output)
        }
    }

    /// A run's session: gzip's lines and messages (`GzipRecordSink`), or with `--run-report`
    /// squeeze's own and its report.
    private func makeSession(verboseLines: Bool = true) throws -> RunSession {
        let reporting = ReportChoices(json: nil, quiet: options.quiet && !options.showsRunReport, verbose: options.showsRunReport, progress: .never)
        if options.showsRunReport { return try RunSession(choices: reporting, isFilter: true) }
        let lines = verboseLines && options.verbose ? options : nil
        return try RunSession(choices: reporting, isFilter: true, linesAreMessages: true, interruptEndsAtOnce: interruptEndsAtOnce) { stream in
            ResultCollector(sink: GzipRecordSink(options: options, verboseLines: lines, outcome: recorded, lines: stream))
        }
    }
}

/// What a run came to, as gzip counts: an error makes the status 1, else a warning 2.
struct GzipOutcome: Sendable {
    var warned = false
    var failed = false

    mutating func add(_ other: GzipOutcome) {
        warned = warned || other.warned
        failed = failed || other.failed
    }

    var status: Int32 { failed ? 1 : warned ? 2 : 0 }
}

extension PathName {
    /// `-` as an operand: standard input.
    static let standardInputOperand: PathName = "-"
}
