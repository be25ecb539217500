import FoundationEssentials

/// What `report merge` reads of each `--json` report: the totals, the clocks and the failures (the
/// per-file arrays are left alone).
public struct ShardRunReport: Decodable, Sendable {
    public var command: String
    public var filesDone: Int
    public var filesSkipped: Int
    public var filesFailed: Int
    public var bytesIn: Int64
    public var bytesOut: Int64
    public var wallSeconds: Double
    public var cpuSeconds: Double
    public var interrupted: Bool
    public var startedAt: Double?
    public var endedAt: Double?
    public var shard: ShardReference?
    public var filesResumed: Int?
    public var bytesResumed: Int64?
    public var failures: [RunReport.Notice]
}

/// Per-shard reports of one job put together: totals, throughput over the whole job (total bytes
/// over first start to last end) and per shard, the slowest shard against the mean, failures with
/// the shard they came from.
public struct MergedReport: Codable, Sendable {
    public struct Shard: Codable, Sendable {
        /// The shard's number, when its report says (runs of `--plan` or `--shard`).
        public var index: Int?
        public var report: String
        public var filesDone: Int
        public var filesSkipped: Int
        public var filesFailed: Int
        public var bytesIn: Int64
        public var bytesOut: Int64
        public var wallSeconds: Double
        /// Of `filesDone` and `bytesIn`, what a `--resume` run found done by an earlier run.
        public var filesResumed: Int
        public var bytesResumed: Int64
        /// Bytes this run compressed (not those it resumed) per wall second.
        public var megabytesPerSecond: Double
        public var startedAt: Double?
        public var endedAt: Double?
        public var interrupted: Bool
    }

    public struct Failure: Codable, Sendable, Equatable {
        public var shard: Int?
        public var report: String
        public var path: String
        public var pathBytes: String?
        public var message: String
    }

    public var reports: Int
    /// Shard count the reports give, when they give one.
    public var shardCount: Int?
    public var shards: [Shard]
    /// Reports left out because a later report of the same shard (a rerun) replaces them.
    public var superseded: [String]
    /// Shards of the plan with no report.
    public var missingShards: [Int]
    public var filesDone: Int
    public var filesSkipped: Int
    public var filesFailed: Int
    public var bytesIn: Int64
    public var bytesOut: Int64
    public var compressionRatio: Double
    public var cpuSeconds: Double
    /// First start to last end (of every report read, replaced ones included), when every report has its clocks; else the longest shard's wall time.
    public var jobSeconds: Double
    /// Input megabytes (10^6 bytes) per second over `jobSeconds`.
    public var megabytesPerSecond: Double
    public var meanShardSeconds: Double
    public var slowestShard: Int?
    public var slowestShardSeconds: Double
    /// The slowest shard's wall time over the mean: 1.0 means no straggler.
    public var slowestOverMean: Double
    public var failures: [Failure]
    public var interrupted: Bool

    /// `reports` with the name each was read from, in the order given. Of two reports of the same
    /// shard the one that ended last is kept (a resubmitted task's report replaces the first's).
    public init(_ reports: [(name: String, report: ShardRunReport)]) {
        var kept: [(name: String, report: ShardRunReport)] = []
        var superseded: [String] = []
        for entry in reports {
            if let index = entry.report.shard?.index, let earlier = kept.firstIndex(where: { $0.report.shard?.index == index }) {
                if (entry.report.endedAt ?? 0) >= (kept[earlier].report.endedAt ?? 0) {
                    superseded.append(kept[earlier].name)
                    kept[earlier] = entry
                } else {
                    superseded.append(entry.name)
                }
            } else {
                kept.append(entry)
            }
        }
        kept.sort { ($0.report.shard?.index ?? Int.max) < ($1.report.shard?.index ?? Int.max) }
        self.reports = reports.count
        self.superseded = superseded
        shardCount = kept.compactMap(\.report.shard?.count).max()
        let present = Set(kept.compactMap(\.report.shard?.index))
        missingShards = shardCount.map { count in (0..<count).filter { !present.contains($0) } } ?? []
        let shards = kept.map { name, report in
            Shard(
                index: report.shard?.index, report: name, filesDone: report.filesDone, filesSkipped: report.filesSkipped,
                filesFailed: report.filesFailed, bytesIn: report.bytesIn, bytesOut: report.bytesOut,
                wallSeconds: report.wallSeconds, filesResumed: report.filesResumed ?? 0, bytesResumed: report.bytesResumed ?? 0,
                megabytesPerSecond: Double(report.bytesIn - (report.bytesResumed ?? 0)) / 1e6 / max(report.wallSeconds, 1e-9),
                startedAt: report.startedAt, endedAt: report.endedAt, interrupted: report.interrupted)
        }
        self.shards = shards
        filesDone = shards.reduce(0) { $0 + $1.filesDone }
        filesSkipped = shards.reduce(0) { $0 + $1.filesSkipped }
        filesFailed = shards.reduce(0) { $0 + $1.filesFailed }
        bytesIn = shards.reduce(0) { $0 + $1.bytesIn }
        bytesOut = shards.reduce(0) { $0 + $1.bytesOut }
        compressionRatio = bytesOut > 0 ? Double(bytesIn) / Double(bytesOut) : 0
        cpuSeconds = kept.reduce(0) { $0 + $1.report.cpuSeconds }
        // Over every report, the replaced ones too: the job began when its first task did.
        let starts = reports.compactMap(\.report.startedAt)
        let ends = reports.compactMap(\.report.endedAt)
        if !reports.isEmpty && starts.count == reports.count && ends.count == reports.count {
            jobSeconds = max(ends.max()! - starts.min()!, 1e-9)
        } else {
            jobSeconds = shards.map(\.wallSeconds).max() ?? 0
        }
        megabytesPerSecond = jobSeconds > 0 ? Double(shards.reduce(0) { $0 + $1.bytesIn }) / 1e6 / jobSeconds : 0
        let mean = shards.isEmpty ? 0 : shards.reduce(0) { $0 + $1.wallSeconds } / Double(shards.count)
        meanShardSeconds = mean
        let slowest = shards.indices.max { shards[$0].wallSeconds < shards[$1].wallSeconds }
        slowestShard = slowest.flatMap { shards[$0].index ?? $0 }
        let slowestSeconds = slowest.map { shards[$0].wallSeconds } ?? 0
        slowestShardSeconds = slowestSeconds
        slowestOverMean = mean > 0 ? slowestSeconds / mean : 1
        failures = kept.flatMap { name, report in
            report.failures.map {
                Failure(shard: report.shard?.index, report: name, path: $0.path, pathBytes: $0.pathBytes, message: $0.message)
            }
        }
        interrupted = kept.contains { $0.report.interrupted }
    }

    /// Read each report; a report that is missing or not squeeze's JSON is an error naming it.
    public static func read(_ paths: [PathName]) throws -> MergedReport {
        let reports = try paths.map { path -> (name: String, report: ShardRunReport) in
            let bytes = try ReadableFile(path).readToEnd(from: 0, expected: 0, limit: Int.max)
            do {
                return ("\(path)", try JSONDecoder().decode(ShardRunReport.self, from: Data(bytes)))
            } catch {
                throw ReportMergeError(path: path, detail: "\(error)")
            }
        }
        return MergedReport(reports)
    }

    /// What `report merge` exits with: failures when a file failed, a shard was interrupted and
    /// not rerun, or a shard has no report (the job is not done).
    public var outcome: RunReport.Outcome {
        interrupted || !missingShards.isEmpty || filesFailed > 0 || !failures.isEmpty ? .failures : .succeeded
    }
}

/// A report `report merge` cannot read.
public struct ReportMergeError: Error, Sendable, CustomStringConvertible {
    public let path: PathName
    public let detail: String
    public var description: String { "'\(path)' is not a squeeze --json report: \(detail)" }
}
