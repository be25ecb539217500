import SqueezeKit

/// `report merge`'s chart: a bar per shard at its wall time, its throughput above it, the slowest
/// shard in its own colour and the mean as the subtitle says, so that a straggler shows at a glance.
public struct ShardChartSVG: Sendable {
    public init() {}

    public func render(_ merged: MergedReport) -> String {
        let bars = merged.shards.enumerated().map { position, shard in
            let label = shard.index.map { "shard \($0)" } ?? "report \(position + 1)"
            let isSlowest = (shard.index ?? position) == merged.slowestShard
            return BarChartSVG.Bar(
                label: label, value: shard.wallSeconds, low: shard.wallSeconds, high: shard.wallSeconds,
                valueLabel: ReportFormatter.seconds(shard.wallSeconds),
                emphasis: "\(ReportFormatter.decimal(shard.megabytesPerSecond, places: 1)) MB/s",
                tooltip: "\(label) (\(shard.report)): \(ReportFormatter.count(shard.filesDone)) files, \(ReportFormatter.size(shard.bytesIn)) in \(ReportFormatter.seconds(shard.wallSeconds))",
                colour: shard.interrupted ? "#9a9a9a" : isSlowest ? "#e15759" : "#4e79a7")
        }
        let title = "squeeze report merge: \(merged.shards.count) shards, \(ReportFormatter.count(merged.filesDone)) files, \(ReportFormatter.size(merged.bytesIn))"
        let subtitle = "job \(ReportFormatter.seconds(merged.jobSeconds)) first start to last end, \(ReportFormatter.decimal(merged.megabytesPerSecond, places: 1)) MB/s; slowest shard \(ReportFormatter.decimal(merged.slowestOverMean, places: 2))x the mean of \(ReportFormatter.seconds(merged.meanShardSeconds))"
        return BarChartSVG(
            title: title, subtitle: subtitle,
            description: "\(subtitle). Bars: each shard's wall time; the slowest in red, interrupted shards in grey.",
            valueAxisTitle: "wall time per shard (s), shorter is faster", categoryAxisTitle: "shard (throughput above each bar)",
            bars: bars
        ).render()
    }
}
