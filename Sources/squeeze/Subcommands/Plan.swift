import ArgumentParser
import SqueezeCommandLine
import SqueezeKit

struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Split the files compress would do into N shards of about equal bytes, for N machines.",
        discussion: """
            One scan, with compress's selection options, then a NUL-separated list per shard \
            (PLANDIR/shard-0 … shard-N-1, names with their exact bytes) filled largest file first, \
            each onto the shard with the fewest bytes, every file in exactly one; and \
            PLANDIR/manifest.json with each shard's files and bytes, the totals and the options. \
            Run a shard with 'squeeze compress --plan PLANDIR' (the shard from --shard K, \
            SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, or JOB_COMPLETION_INDEX) or \
            'squeeze compress --files-from PLANDIR/shard-K --null'. A plan is made for one format \
            (--format, gzip by default), which the manifest records: 'compress --plan' writes it \
            and refuses another --format, so that a rerun with --resume finds the outputs.

            With --files-from LIST --sizes, each record is SIZE<TAB>PATH (find -printf \
            '%s\\t%p\\0' with --null, or an object-store listing): the plan is made from the list \
            alone, and no file is looked at. Relative names are relative to the directory the \
            plan is made in; run the shards from there.
            """
    )

    @Argument(help: ArgumentHelp("Directories and files to plan.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @Option(help: "How many shards (tasks) to split into.")
    var shards: Int

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The plan directory (made if missing).", valueName: "plandir"), completion: .directory)
    var output: String

    @OptionGroup var fileList: FileListArguments

    @Flag(help: "The --files-from list holds SIZE<TAB>PATH records: plan from the sizes it gives, without looking at any file.")
    var sizes = false

    @OptionGroup var selection: SelectionArguments

    @Option(help: "What the shards are compressed to: gzip (the default) or zstd (FILE.zst), as compress's --format. The manifest records it, and 'compress --plan' writes it (and refuses another --format), so that a rerun finds the shard's outputs.")
    var format: OutputFormat = .gzip

    @Flag(name: .shortAndLong, help: "Replace a plan already in the directory.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        try fileList.requireInput(paths)
        guard format == .gzip || format == .zstd else {
            throw ValidationError("a plan is for gzip or zstd, whose outputs a rerun can find done: not --format \(format.rawValue)")
        }
        guard shards >= 1 && shards <= 1_000_000 else { throw ValidationError("--shards must be between 1 and 1000000, not \(shards)") }
        if sizes {
            guard fileList.filesFrom != nil, paths.isEmpty else {
                throw ValidationError("--sizes plans a --files-from list of SIZE<TAB>PATH records alone: give the list, and no paths")
            }
            guard selection.include.isEmpty && selection.exclude.isEmpty && !selection.followSymlinks else {
                throw ValidationError("--include, --exclude and --follow-symlinks choose what a scan finds; with --sizes nothing is scanned: filter the list instead")
            }
        }
    }

    func run() throws {
        let roots = CommandLinePath.pathNames(paths)
        let request = PlanRequest(
            roots: roots, fileList: fileList.fileList, listGivesSizes: sizes, filter: selection.filter,
            followSymlinks: selection.followSymlinks, shards: shards,
            directory: CommandLinePath.pathName(output, option: "-o", "--output"), force: force,
            options: ShardPlanManifest.Options(
                roots: roots, filesFrom: fileList.filesFrom, null: fileList.null, sizes: sizes,
                include: selection.include, exclude: selection.exclude, followSymlinks: selection.followSymlinks,
                format: format))
        let outcome: PlanOutcome
        do {
            outcome = try PlanRun(request: request).run()
        } catch {
            StandardStreams.message("squeeze: plan: \(error)\n")
            throw ExitCode.failure
        }
        for failure in outcome.failures { StandardStreams.message("squeeze: \(failure.path): \(failure.message)\n") }
        if !quiet { try CommandOutput.print(Self.summary(outcome.manifest, directory: output), to: .output, what: "the plan's summary") }
        if !outcome.failures.isEmpty { throw ExitCode.failure }
    }

    static func summary(_ manifest: ShardPlanManifest, directory: String) -> String {
        typealias F = ReportFormatter
        var lines = [
            "planned \(F.count(manifest.files)) files, \(F.size(manifest.bytes)), into \(manifest.shardCount) shards in \(directory)"
                + (manifest.skipped > 0 ? " (\(F.count(manifest.skipped)) paths skipped)" : ""),
            "  largest shard \(F.size(manifest.largestShardBytes)), \(F.decimal(manifest.largestOverMean, places: 3))x the mean; largest file \(F.size(manifest.largestFileBytes))",
        ]
        if manifest.shardCount <= 64 {
            for shard in manifest.shards {
                lines.append("  \(shard.list): \(F.count(shard.files)) files, \(F.size(shard.bytes))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
