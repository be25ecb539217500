/// The text of `report merge`: the job's totals and throughput, a line per shard, the straggler,
/// and every failure with its shard.
public struct MergedReportFormatter: Sendable {
    public init() {}

    public func format(_ merged: MergedReport) -> String {
        typealias F = ReportFormatter
        var lines: [String] = []
        let shardWord = merged.shards.count == 1 ? "shard" : "shards"
        lines.append("merged \(merged.shards.count) \(shardWord) (\(merged.reports) report\(merged.reports == 1 ? "" : "s")): \(F.count(merged.filesDone)) files done, \(F.count(merged.filesFailed)) failed, \(F.count(merged.filesSkipped)) skipped")
        lines.append("  \(F.size(merged.bytesIn)) -> \(F.size(merged.bytesOut)) (ratio \(F.decimal(merged.compressionRatio, places: 2)))")
        lines.append("  job: \(F.seconds(merged.jobSeconds)) first start to last end, \(F.decimal(merged.megabytesPerSecond, places: 1)) MB/s; \(F.decimal(merged.cpuSeconds, places: 2)) s CPU")
        if let slowest = merged.slowestShard {
            lines.append("  slowest shard: \(slowest), \(F.seconds(merged.slowestShardSeconds)), \(F.decimal(merged.slowestOverMean, places: 2))x the mean of \(F.seconds(merged.meanShardSeconds))")
        }
        lines.append("")
        let header = ["shard", "files", "failed", "MB in", "MB out", "seconds", "MB/s", ""]
        var rows = [header]
        for (position, shard) in merged.shards.enumerated() {
            rows.append([
                shard.index.map(String.init) ?? "#\(position)", F.count(shard.filesDone), F.count(shard.filesFailed),
                F.decimal(Double(shard.bytesIn) / 1e6, places: 1), F.decimal(Double(shard.bytesOut) / 1e6, places: 1),
                F.decimal(shard.wallSeconds, places: 3), F.decimal(shard.megabytesPerSecond, places: 1),
                [shard.filesResumed > 0 ? "\(F.count(shard.filesResumed)) resumed" : nil, shard.interrupted ? "interrupted" : nil]
                    .compactMap { $0 }.joined(separator: ", "),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append("  " + row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == header.count - 1 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces())
        }
        if !merged.missingShards.isEmpty {
            lines.append("")
            lines.append("no report from shard\(merged.missingShards.count == 1 ? "" : "s") \(merged.missingShards.map(String.init).joined(separator: ", ")) of \(merged.shardCount ?? 0): rerun \(merged.missingShards.count == 1 ? "it" : "them") with --resume")
        }
        if !merged.superseded.isEmpty {
            lines.append("replaced by a later report of the same shard: \(merged.superseded.joined(separator: ", "))")
        }
        if !merged.failures.isEmpty {
            lines.append("")
            lines.append("failures:")
            for failure in merged.failures {
                lines.append("  shard \(failure.shard.map(String.init) ?? "?"): \(failure.path): \(failure.message)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
