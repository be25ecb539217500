import FoundationEssentials
import Glibc

/// Everything `squeeze plan` was asked to do.
public struct PlanRequest: Sendable {
    public var roots: [PathName]
    /// Names read from a list, given as roots to the scan (or, with `listGivesSizes`, planned as listed).
    public var fileList: FileList?
    /// The list's records are `SIZE<TAB>PATH`: no file is looked at.
    public var listGivesSizes: Bool
    public var filter: PathFilter
    public var followSymlinks: Bool
    public var shards: Int
    public var directory: PathName
    /// Replace an earlier plan in `directory`.
    public var force: Bool
    /// What the manifest records of the options.
    public var options: ShardPlanManifest.Options

    public init(
        roots: [PathName], fileList: FileList?, listGivesSizes: Bool, filter: PathFilter, followSymlinks: Bool,
        shards: Int, directory: PathName, force: Bool, options: ShardPlanManifest.Options
    ) {
        self.roots = roots
        self.fileList = fileList
        self.listGivesSizes = listGivesSizes
        self.filter = filter
        self.followSymlinks = followSymlinks
        self.shards = shards
        self.directory = directory
        self.force = force
        self.options = options
    }
}

/// What a plan found and wrote.
public struct PlanOutcome: Sendable {
    public var manifest: ShardPlanManifest
    public var skipped: [SkippedPath]
    public var failures: [FileFailure]
}

/// A plan directory that already holds a plan, and `--force` was not given.
public struct PlanExistsError: Error, Sendable, CustomStringConvertible {
    public let directory: PathName
    public var description: String {
        "'\(directory)' already holds a plan (\(ShardPlanManifest.fileName)); use --force to replace it, or another directory"
    }
}

/// `squeeze plan`: one scan (or one read of a list), a byte-balanced partition, and the plan
/// directory: a NUL-separated list per shard, written whole and atomically, then the manifest
/// (last, so that a directory with a manifest holds a whole plan).
public struct PlanRun: Sendable {
    public let request: PlanRequest

    public init(request: PlanRequest) {
        self.request = request
    }

    public func run() throws -> PlanOutcome {
        let manifestPath = request.directory.appending(PathName(ShardPlanManifest.fileName))
        if FileStatus.exists(manifestPath) && !request.force { throw PlanExistsError(directory: request.directory) }
        try DirectoryCreator.createDirectory(request.directory)

        var names = NameTable()
        var sizes: [Int64] = []
        var skipped: [SkippedPath] = []
        var failures: [FileFailure] = []
        if let list = request.fileList, request.listGivesSizes {
            // The names take about the list's size: one allocation instead of doublings (a copy
            // of hundreds of megabytes each) for a listing of millions.
            if let status = try? FileStatus.of(list.source, followingSymlinks: true), status.kind == .regular {
                names.reserveCapacity(bytes: Int(status.size))
            }
            try list.forEachSizedRecord { size, path in
                names.append(path)
                sizes.append(size)
            }
        } else {
            var roots = request.roots
            if let list = request.fileList { roots += try list.names() }
            // Outputs of the plan's format are passed by, as compress passes them by.
            let options = ScanOptions(
                selection: .uncompressed, filter: request.filter, followSymlinks: request.followSymlinks,
                outputSuffix: request.options.outputFormat.suffix)
            let scan = TreeScanner(options: options).scan(roots)
            skipped = scan.skipped
            failures = scan.failures
            sizes.reserveCapacity(scan.files.count)
            for file in scan.files {
                file.path.bytes.withUnsafeBytes { names.append($0) }
                sizes.append(file.status.size)
            }
        }

        let partition = ShardPartition(sizes: sizes, shards: request.shards)
        let lists = try writeLists(names: names, partition: partition)
        try removeStaleLists(beyond: request.shards)
        let manifest = ShardPlanManifest(
            directory: Self.workingDirectory(), options: request.options, shardCount: request.shards,
            files: sizes.count, bytes: partition.totalBytes, largestFileBytes: sizes.max() ?? 0,
            largestShardBytes: partition.largestBytes, meanShardBytes: partition.meanBytes,
            largestOverMean: partition.meanBytes > 0 ? Double(partition.largestBytes) / partition.meanBytes : 1,
            skipped: skipped.count, failures: failures.count,
            shards: (0..<request.shards).map { index in
                ShardPlanManifest.Shard(
                    index: index, list: ShardPlanManifest.listName(ofShard: index), files: partition.files[index],
                    bytes: partition.bytes[index], listBytes: lists[index].bytes, listSHA256: lists[index].digest)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var json = [UInt8](try encoder.encode(manifest))
        json.append(UInt8(ascii: "\n"))
        try writeWholeOutput(json, to: manifestPath)
        return PlanOutcome(manifest: manifest, skipped: skipped, failures: failures)
    }

    /// Each shard's names, NUL-terminated, in the order found; one shard at a time, so that a
    /// thousand shards do not hold a thousand descriptors. Returns each list's length and SHA-256,
    /// for the manifest.
    private func writeLists(names: NameTable, partition: ShardPartition) throws -> [(bytes: Int64, digest: String)] {
        // Counting sort of the files by shard, keeping their order within each.
        var starts = [Int](repeating: 0, count: partition.shardCount + 1)
        for count in partition.files.enumerated() { starts[count.offset + 1] = starts[count.offset] + count.element }
        var next = starts
        var order = [UInt32](repeating: 0, count: names.count)
        for (file, shard) in partition.shardOfFile.enumerated() {
            order[next[Int(shard)]] = UInt32(file)
            next[Int(shard)] += 1
        }
        var lists: [(bytes: Int64, digest: String)] = []
        for shard in 0..<partition.shardCount {
            let path = request.directory.appending(PathName(ShardPlanManifest.listName(ofShard: shard)))
            var digest = SHA256()
            var length: Int64 = 0
            try writeWholeOutput(to: path) { write in
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 20)
                func flush() throws {
                    try write(buffer)
                    digest.update(buffer)
                    length += Int64(buffer.count)
                    buffer.removeAll(keepingCapacity: true)
                }
                for position in starts[shard]..<starts[shard + 1] {
                    names.withName(Int(order[position])) { buffer.append(contentsOf: $0) }
                    buffer.append(0)
                    if buffer.count >= 1 << 20 { try flush() }
                }
                if !buffer.isEmpty { try flush() }
            }
            lists.append((length, digest.finalHex()))
        }
        return lists
    }

    /// Lists of an earlier plan with more shards, which this one replaces.
    private func removeStaleLists(beyond count: Int) throws {
        var index = count
        while true {
            let path = request.directory.appending(PathName(ShardPlanManifest.listName(ofShard: index)))
            guard FileStatus.exists(path) else { return }
            _ = try systemCall("unlink", path) { path.withCString { unlink($0) } }
            index += 1
        }
    }

    static func workingDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}

/// Names kept end to end in one buffer: ten million names cost their bytes and an offset each,
/// not an allocation each.
struct NameTable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    mutating func reserveCapacity(bytes count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func append(_ name: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: name)
        ends.append(bytes.count)
    }

    func withName<Result>(_ index: Int, _ body: (ArraySlice<UInt8>) throws -> Result) rethrows -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return try body(bytes[start..<ends[index]])
    }
}
