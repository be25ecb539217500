import FoundationEssentials

/// The manifest of a plan directory (`manifest.json` beside `shard-0` … `shard-N-1`): what each
/// shard holds, and how the plan was made. `squeeze compress --plan` reads it to check the shard it
/// is asked for; people and scripts read it to see the balance.
public struct ShardPlanManifest: Codable, Sendable, Equatable {
    public struct Shard: Codable, Sendable, Equatable {
        public var index: Int
        /// The list's file name in the plan directory.
        public var list: String
        public var files: Int
        public var bytes: Int64
        /// The list's own length in bytes, and its SHA-256 (hexadecimal), as `plan` wrote it: a
        /// list changed since (cut, added to, names swapped) is refused (`checkedNames`).
        public var listBytes: Int64
        public var listSHA256: String
    }

    /// How the plan was made: the selection options `compress` takes, and where the names came from.
    public struct Options: Codable, Sendable, Equatable {
        public var roots: [String]
        /// The exact bytes of each root, base64, where they are not UTF-8 (`roots` then shows
        /// U+FFFD there), as the JSON report's `pathBytes`; null for the others.
        public var rootBytes: [String?]
        public var filesFrom: String?
        public var null: Bool
        /// The list gave each file's size (`--sizes`): nothing was scanned.
        public var sizes: Bool
        public var include: [String]
        public var exclude: [String]
        public var followSymlinks: Bool
        /// The format the shards are compressed to (`plan --format`), which names their outputs
        /// and so what a rerun finds done; nil in plans made before it was recorded, which were
        /// gzip's (`outputFormat`).
        public var format: OutputFormat?

        /// `format`, or gzip for a plan that predates it.
        public var outputFormat: OutputFormat { format ?? .gzip }

        public init(
            roots: [PathName], filesFrom: String?, null: Bool, sizes: Bool, include: [String], exclude: [String],
            followSymlinks: Bool, format: OutputFormat
        ) {
            self.format = format
            self.roots = roots.map(\.description)
            rootBytes = roots.map(\.exactBytesIfNotUTF8)
            self.filesFrom = filesFrom
            self.null = null
            self.sizes = sizes
            self.include = include
            self.exclude = exclude
            self.followSymlinks = followSymlinks
        }
    }

    /// 2 from the lists' lengths and digests on; 1 had neither (`read` refuses it).
    public var formatVersion = Self.currentFormatVersion
    public static let currentFormatVersion = 2
    /// The working directory of `plan`: relative names in the lists are relative to it.
    public var directory: String
    public var options: Options
    public var shardCount: Int
    public var files: Int
    public var bytes: Int64
    public var largestFileBytes: Int64
    public var largestShardBytes: Int64
    public var meanShardBytes: Double
    /// The largest shard over the mean: 1.0 is a perfect balance.
    public var largestOverMean: Double
    /// Paths the scan passed by or could not read (they are in no shard).
    public var skipped: Int
    public var failures: Int
    public var shards: [Shard]

    public static let fileName = "manifest.json"
    public static func listName(ofShard index: Int) -> String { "shard-\(index)" }

    /// The manifest of the plan in `directory`: `ShardPlanError.unreadable` when there is none to
    /// read (a usage error: the wrong directory), a `ShardPlanRefusal` when what is there is not a
    /// manifest of this format.
    public static func read(from directory: PathName) throws -> ShardPlanManifest {
        let path = directory.appending(PathName(fileName))
        let bytes: [UInt8]
        do {
            let file = try ReadableFile(regularFile: path)
            let kind = try file.status().kind
            guard kind == .regular else { throw ShardPlanRefusal(directory, .notARegularFile(fileName, kind)) }
            bytes = try file.readToEnd(from: 0, expected: 0, limit: 256 << 20)
        } catch let error as ShardPlanRefusal {
            throw error
        } catch {
            throw ShardPlanError.unreadable(directory, "\(error)")
        }
        // The version first, so that a plan of another format is named as such rather than as
        // a field missing.
        struct Version: Decodable { var formatVersion: Int }
        do {
            let version = try JSONDecoder().decode(Version.self, from: Data(bytes)).formatVersion
            guard version == currentFormatVersion else { throw ShardPlanRefusal(directory, .formatVersion(version)) }
            return try JSONDecoder().decode(ShardPlanManifest.self, from: Data(bytes))
        } catch let error as ShardPlanRefusal {
            throw error
        } catch {
            throw ShardPlanRefusal(directory, .notAManifest("\(error)"))
        }
    }
}

/// Why a shard could not be picked or read: usage errors, each with what to do instead.
public enum ShardPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(PathName, String)
    case noShardGiven
    case indexOutOfRange(Int, count: Int, source: String)
    case countMismatch(engineCount: Int, planCount: Int, source: String)
    case notANumber(String, source: String)
    case relativeNamesElsewhere(plannedIn: String, now: String)
    /// `--format` is not the format the plan was made for.
    case formatMismatch(PathName, planned: OutputFormat, given: OutputFormat)

    public var description: String {
        switch self {
        case .unreadable(let directory, let why): "cannot read the plan '\(directory)': \(why)"
        case .noShardGiven:
            "which shard? none of SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX is set: give --shard K"
        case .indexOutOfRange(let index, let count, let source):
            "shard \(index) (from \(source)) is out of range: the plan has \(count) shard\(count == 1 ? "" : "s"), 0 to \(count - 1)"
        case .countMismatch(let engine, let plan, let source):
            "\(source) says \(engine) task\(engine == 1 ? "" : "s"), but the plan has \(plan) shards: run one task per shard (e.g. sbatch --array=0-\(plan - 1)), or pick the shard with --shard K"
        case .notANumber(let value, let source): "\(source) is '\(value)', not a shard number"
        case .relativeNamesElsewhere(let planned, let now):
            "the plan's names are relative to '\(planned)', but this runs in '\(now)': run it from there"
        case .formatMismatch(let directory, let planned, let given):
            "the plan '\(directory)' was made for \(planned.rawValue) (outputs FILE\(planned.suffix)), but --format \(given.rawValue) "
                + "was given: drop --format (the plan chooses it), or make a plan with --format \(given.rawValue)"
        }
    }
}

/// Which shard of `count` this task runs: `explicit` (`--shard K`) if given, else from the
/// environment of the engine running it (a Slurm array task, a Kubernetes Indexed Job's pod).
public enum ShardIndex {
    /// `environment` looks one variable up (`getenv`, not a copy of the whole environment, which
    /// a rerun's start-up would pay for three names).
    public static func resolve(explicit: Int?, count: Int, environment: (String) -> String?) throws -> Int {
        let (index, source): (Int, String)
        if let explicit {
            (index, source) = (explicit, "--shard")
        } else if let id = environment("SLURM_ARRAY_TASK_ID") {
            let minimum = try number(environment("SLURM_ARRAY_TASK_MIN") ?? "0", "SLURM_ARRAY_TASK_MIN")
            if let tasks = environment("SLURM_ARRAY_TASK_COUNT") {
                let engineCount = try number(tasks, "SLURM_ARRAY_TASK_COUNT")
                guard engineCount == count else {
                    throw ShardPlanError.countMismatch(engineCount: engineCount, planCount: count, source: "SLURM_ARRAY_TASK_COUNT")
                }
            }
            (index, source) = (try number(id, "SLURM_ARRAY_TASK_ID") - minimum, "SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN")
        } else if let completion = environment("JOB_COMPLETION_INDEX") {
            (index, source) = (try number(completion, "JOB_COMPLETION_INDEX"), "JOB_COMPLETION_INDEX")
        } else {
            throw ShardPlanError.noShardGiven
        }
        guard index >= 0 && index < count else { throw ShardPlanError.indexOutOfRange(index, count: count, source: source) }
        return index
    }

    private static func number(_ value: String, _ source: String) throws -> Int {
        guard let number = Int(value) else { throw ShardPlanError.notANumber(value, source: source) }
        return number
    }
}

/// `--shard K/N` without a plan: this task's part of the partition every task computes alike from
/// the same scan.
public struct ShardSlice: Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 0 && index < count)
        self.index = index
        self.count = count
    }

    /// The positions in `sizes` of this shard's files, in the order given.
    public func indices(ofSizes sizes: [Int64]) -> [Int] {
        ShardPartition(sizes: sizes, shards: count).files(inShard: index)
    }
}
