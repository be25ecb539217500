import ArgumentParser
import Foundation
import SqueezeCommandLine
import SqueezeKit

/// `--shard K` or `--shard K/N`, parsed once here.
struct ShardNumber {
    var index: Int
    /// N of `K/N`.
    var count: Int?

    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let index = Int(parts[0]), index >= 0 else {
            throw ValidationError("--shard takes K (with --plan) or K/N, shard K of N counted from 0; not '\(text)'")
        }
        self.index = index
        if parts.count == 2 {
            guard let count = Int(parts[1]), count >= 1 else { throw ValidationError("--shard \(text): N must be a number of shards, at least 1") }
            guard index < count else { throw ValidationError("--shard \(text): shards are numbered 0 to \(count - 1)") }
            self.count = count
        }
    }
}

/// `--plan`, `--shard`, `--resume`: one task's part of a job spread over many machines, and reruns
/// that redo only what is missing.
struct ShardArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Compress one shard of this plan (made by squeeze plan): --shard K, else SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, else JOB_COMPLETION_INDEX.", valueName: "plandir"), completion: .directory)
    var plan: String?

    @Option(
        help: ArgumentHelp("Shard K of the --plan; or, with no plan, K/N: scan the paths and take part K of the same byte-balanced split into N that every task computes (shards count from 0).", valueName: "K[/N]"),
        transform: { try ShardNumber(parsing: $0) })
    var shard: ShardNumber?

    @Flag(help: ArgumentHelp("Check every output before compressing anything, and count one already complete as found done instead of redoing it: a regular file that decodes to the source's size (by squeeze's member index, else the gzip trailer) and whose header and modification time are the source's. (Without it, the outputs the walk sees are checked so, the others when met.) --resume=verify also decodes it. Sources of such files are never removed by --rm.", valueName: "resume[=verify]"))
    var resume = false

    /// `--resume=verify`, which `Squeeze.main` spells this way for ArgumentParser.
    @Flag(name: .customLong("resume-verify"), help: .hidden)
    var resumeVerify = false

    var resumeMode: ResumeMode? { resumeVerify ? .verify : resume ? .check : nil }

    func validate(paths: [String], fileList: FileListArguments) throws {
        if plan != nil {
            guard paths.isEmpty && fileList.filesFrom == nil else {
                throw ValidationError("--plan gives the files: give no paths or --files-from (or use --files-from PLANDIR/shard-K)")
            }
        } else if let shard, shard.count == nil {
            throw ValidationError("--shard \(shard.index) needs --plan; without a plan, give K/N (shard K of N)")
        }
    }

    /// What this task works on: the roots, the shard it is (for the report), and the format.
    struct Work {
        var roots: [PathName]
        /// The plan's format, else `--format`'s, else gzip.
        var format: OutputFormat
        /// `--shard K/N` without a plan: the part of the scan to keep.
        var slice: ShardSlice?
        var shard: ShardReference?
    }

    /// `givenFormat` is `--format`, which must be the plan's if there is one.
    func work(paths: [String], fileList: FileListArguments, givenFormat: OutputFormat?) throws -> Work {
        guard let plan else {
            let roots = try fileList.roots(paths)
            let format = givenFormat ?? .gzip
            guard let shard, let count = shard.count else { return Work(roots: roots, format: format) }
            return Work(
                roots: roots, format: format, slice: ShardSlice(index: shard.index, count: count),
                shard: ShardReference(index: shard.index, count: count))
        }
        let directory = CommandLinePath.pathName(plan, option: "--plan")
        do {
            let manifest = try ShardPlanManifest.read(from: directory)
            let format = manifest.options.outputFormat
            if let givenFormat, givenFormat != format {
                throw ShardPlanError.formatMismatch(directory, planned: format, given: givenFormat)
            }
            if let count = shard?.count, count != manifest.shardCount {
                throw ShardPlanError.countMismatch(engineCount: count, planCount: manifest.shardCount, source: "--shard \(shard!.index)/\(count)")
            }
            let index = try ShardIndex.resolve(explicit: shard?.index, count: manifest.shardCount, environment: { getenv($0).map { String(cString: $0) } })
            let roots = try manifest.checkedNames(ofShard: index, in: directory)
            let here = FileManager.default.currentDirectoryPath
            if here != manifest.directory, roots.contains(where: { $0.bytes.first != UInt8(ascii: "/") }) {
                throw ShardPlanError.relativeNamesElsewhere(plannedIn: manifest.directory, now: here)
            }
            return Work(roots: roots, format: format, shard: ShardReference(index: index, count: manifest.shardCount))
        } catch let error as ShardPlanError {
            // A usage error (64), with its message alone: the usage would not say more.
            StandardStreams.message("squeeze: compress: \(error)\n")
            throw ExitCode(64)
        } catch let refusal as ShardPlanRefusal {
            // Bad input (1): a plan damaged or edited since it was made.
            StandardStreams.message("squeeze: compress: \(refusal)\n")
            throw ExitCode.failure
        } catch {
            StandardStreams.message("squeeze: cannot read the plan's list: \(error)\n")
            throw ExitCode.failure
        }
    }
}
