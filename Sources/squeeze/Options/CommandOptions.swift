import ArgumentParser
import Glibc
import SqueezeCommandLine
import SqueezeKit
import SqueezeOperationQueue

extension Codec: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

/// `--format`, `--single-member`, `--rsyncable`, `--codec`, `--level`, `--block-size`: what the
/// output bytes depend on.
///
/// Checked by `settings(format:)`, not by `validate()`: the format, and so the codec and the
/// levels that fit, may come from elsewhere than `--format` (an archive's name, a plan), which an
/// option group, validated as it is parsed, cannot see.
struct CompressionArguments: ParsableArguments {
    @Option(name: .customLong("format"), help: "gzip (the default; archive chooses zstd for an OUT named .tar.zst or .tzst, as tar -a does); zstd (FILE.zst: each block a zstd frame, a large file ending with the seekable format's seek table; levels 1-19, default 3); zlib (FILE.zz, as pigz -z writes) or zip (FILE.zip, one entry, as pigz -K writes), each one stream, compressed by zlib in parallel blocks; not for archive, whose archives are .tar.gz or .tar.zst.")
    var givenFormat: OutputFormat?

    @Flag(help: "Write one gzip member with no extra field, as gzip and pigz do, its blocks still compressed in parallel (zlib, each block primed with the 32 KiB before it, as pigz): every reader reads all of it, and it decodes on one core. The same as --codec zlib.")
    var singleMember = false

    @Flag(help: "Start a large file's members where its bytes say (a rolling hash), not every --block-size, so that a change near the start of a file changes only the members around it and rsync sends little else; still indexed members, decoded in parallel (libdeflate or isal). With one stream (zlib, --single-member, --format zlib or zip), its blocks start there instead, as gzip --rsyncable and pigz -R cut theirs. Not for archive, which cuts its tar stream every --block-size.")
    var rsyncable = false

    @Option(help: "libdeflate (the default: fast; large files become indexed gzip members), zlib (one gzip member, as pigz writes; the codec of --single-member, zlib and zip) or isal (ISA-L: fastest, largest; indexed members like libdeflate).")
    var codec: Codec?

    // `-l` is not the level: in gzip, pigz and zstd it lists, as `squeeze gzip -l` does.
    @Option(help: "Compression level: 1-12 for libdeflate, 0-9 for zlib (0: stored), 0-3 for isal, 1-19 for zstd (default: 6; 1 for isal; 3 for zstd); -1 ... -9, --fast (1) and --best (9) too.")
    var level: Int?

    @Flag(help: .hidden)
    var levelShortcut: LevelShortcut?

    // Parsed and range-checked once, here; a bad value is a usage error that says why. (A throwing
    // transform, not `ExpressibleByArgument`, whose failable init could not say why.)
    @Option(
        help: ArgumentHelp("Files larger than twice this are split into blocks of this size, compressed in parallel and never held in memory whole (16KiB to 512MiB; suffixes KiB, MiB, GiB; default: 1MiB, 2MiB for zstd).", valueName: "size"),
        transform: { try BlockSize(parsing: $0) })
    var blockSize: BlockSize?

    /// `--format`, else gzip: for commands where nothing else chooses the format.
    var format: OutputFormat { givenFormat ?? .gzip }

    /// The settings of `--format` (else gzip), checked.
    func settings() throws -> CompressionSettings { try settings(format: format) }

    /// The settings for `format` (`--format`'s, or what the output's name or a plan chose),
    /// checked: a `ValidationError` names the option that does not fit it.
    func settings(format: OutputFormat) throws -> CompressionSettings {
        // One stream (zlib, zip, or `--single-member`) is written by zlib; indexed members by
        // libdeflate unless `--codec` says.
        let writesOneStream = singleMember || format == .zlib || format == .zip
        if format == .zstd {
            if let codec, codec != .zstd { throw ValidationError("--format zstd is written by libzstd: --codec \(codec.rawValue) cannot be used with it") }
            if singleMember { throw ValidationError("--single-member is one gzip member: it cannot be used with --format zstd") }
            if rsyncable { throw ValidationError("--rsyncable cuts indexed gzip members: it cannot be used with --format zstd") }
        } else if codec == .zstd {
            throw ValidationError("--codec zstd writes zstd: use --format zstd")
        }
        if writesOneStream, let codec, codec != .zlib {
            let what = singleMember ? "--single-member" : "--format \(format.rawValue)"
            throw ValidationError("\(what) is one DEFLATE stream, which only zlib writes: --codec \(codec.rawValue) cannot be used with it")
        }
        let codec = codec ?? (format == .zstd ? .zstd : writesOneStream ? .zlib : .libdeflate)
        // `-1` ... `-9`, `--fast`, `--best` win over `--level`; with neither, the codec's own default.
        let level = levelShortcut?.level ?? level ?? codec.defaultLevel
        guard codec.levels.contains(level) else {
            throw ValidationError("--level \(level) is out of range for \(codec.rawValue) (\(codec.levels.lowerBound)-\(codec.levels.upperBound))")
        }
        let blockSize = blockSize?.bytes ?? (format == .zstd ? BlockLayout.zstdBlockSize : BlockSize.standard.bytes)
        return CompressionSettings(codec: codec, level: level, blockSize: blockSize, format: format, rsyncable: rsyncable)
    }
}

/// gzip's, pigz's and zstd's level options: `-1` ... `-9`, `--fast` (1) and `--best` (9).
enum LevelShortcut: Int, EnumerableFlag, CustomStringConvertible {
    case level1 = 1, level2, level3, level4, level5, level6, level7, level8, level9, fast, best

    /// The case's name, which the argument parser keys each flag by (`String(describing:)`):
    /// found by reflection otherwise, which cost every start 0.6 M instructions.
    var description: String {
        switch self {
        case .fast: "fast"
        case .best: "best"
        default: "level\(rawValue)"
        }
    }

    var level: Int {
        switch self {
        case .fast: 1
        case .best: 9
        default: rawValue
        }
    }

    static func name(for value: LevelShortcut) -> NameSpecification {
        switch value {
        case .fast: .customLong("fast")
        case .best: .customLong("best")
        default: .customShort(Character(String(value.rawValue)))
        }
    }

    static func help(for value: LevelShortcut) -> ArgumentHelp? {
        value == .level1 ? "-1 (fastest) ... -9 (best), --fast, --best: the level, as gzip's options." : .hidden
    }
}

extension SchedulingMode: ExpressibleByArgument {}
extension QualityOfService: ExpressibleByArgument {}

/// `--mode`, `--jobs`, `--qos`: how work is fanned out.
struct SchedulingArguments: ParsableArguments {
    @Option(help: "How work is scheduled: sequential, group (DispatchGroup), apply (concurrentPerform; at most one job per active core) or operation (OperationQueue).")
    var mode: SchedulingMode = .defaultMode

    @Option(name: [.customShort("j"), .long], help: "Items worked on at once; 0, and the default, is this machine's active cores (as zstd's -T0). apply runs at most that many, as concurrentPerform never runs more at once; the report gives the jobs it ran and the number asked.")
    var jobs: Int = SchedulingOptions.activeCores

    @Option(help: "Quality of service: user-interactive, user-initiated, utility or background.")
    var qos: QualityOfService = .userInitiated

    func validate() throws {
        guard jobs >= 0 && jobs <= 1024 else { throw ValidationError("--jobs must be between 0 (every active core) and 1024, not \(jobs)") }
    }

    var options: SchedulingOptions {
        SchedulingOptions(
            mode: mode, jobs: jobs == 0 ? SchedulingOptions.activeCores : jobs, qos: qos, operationScheduler: .operationQueue)
    }
}

/// `--include`, `--exclude`, `--follow-symlinks`: which files in a tree are worked on.
struct SelectionArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Only files matching this glob (repeatable). A glob with '/' matches the path below the root, one without matches the file name.", valueName: "glob"))
    var include: [String] = []

    @Option(help: ArgumentHelp("Skip files and directories matching this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Flag(help: "Follow symbolic links inside trees (loops are detected and skipped).")
    var followSymlinks = false

    var filter: PathFilter { PathFilter(includes: include, excludes: exclude) }
}

/// `-o`, `--force`, `--rm`: where outputs go and what may be replaced or removed.
struct OutputArguments: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output-dir")], help: ArgumentHelp("Write outputs under this directory, mirroring the input tree, instead of beside each file.", valueName: "dir"), completion: .directory)
    var outputDirectory: String?

    @Flag(name: .shortAndLong, help: "Overwrite existing outputs.")
    var force = false

    @Flag(name: .customLong("rm"), help: "Delete each source once its output is complete and durable (synced to disk, in batches of files); a source whose file had a warning is kept.")
    var removeSources = false

    @Flag(help: "Make every output durable (synced to disk) before the run reports it done.")
    var sync = false

    func options(discard: Bool = false) -> OutputOptions {
        OutputOptions(
            directory: outputDirectory.map { CommandLinePath.pathName($0, option: "-o", "--output-dir") }, force: force,
            removeSources: removeSources, sync: sync, discard: discard)
    }
}

extension ProgressMode: ExpressibleByArgument {}

/// `--json`, `--quiet`, `--verbose`: what is printed at the end; `--progress`: what is shown meanwhile.
struct ReportArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the report as JSON to this file; '-' writes it to standard output and moves the text report to standard error.", valueName: "path"), completion: .file())
    var json: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Add a line per file and per skipped path.")
    var verbose = false

    @Option(help: "A live line on standard error (percent, files, MB/s, time left): auto (when standard error is a terminal and not --quiet), always or never.")
    var progress: ProgressMode = .auto

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    /// What was chosen, for the session.
    var choices: ReportChoices { ReportChoices(json: json, quiet: quiet, verbose: verbose, progress: progress) }
}

extension RunSession {
    /// A session for what a subcommand's report options asked for.
    init(
        reporting: ReportArguments, summaryToStandardError: Bool = false, isFilter: Bool = false,
        makeCollector: (ReportStream) -> any ResultRecording = { ResultCollector(sink: $0) }
    ) throws {
        try self.init(
            choices: reporting.choices, summaryToStandardError: summaryToStandardError, isFilter: isFilter, makeCollector: makeCollector)
    }
}
