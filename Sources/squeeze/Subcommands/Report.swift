import ArgumentParser
import Foundation
import SqueezeBench
import SqueezeCommandLine
import SqueezeKit

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with --json reports.",
        discussion: """
            A run of many machines is one 'squeeze compress --plan' per shard, each writing its \
            own --json report. 'squeeze report merge' puts those reports together: the job's \
            totals, its throughput from the first start to the last end, each shard's time \
            against the mean, and every failure with the shard it came from, as text, JSON and \
            an SVG chart.
            """,
        subcommands: [Merge.self]
    )

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Combine the --json reports of a job's shards into one.",
            discussion: """
                Totals; throughput over the whole job (total bytes over first start to last end) \
                and per shard; the slowest shard against the mean; failures with the shard they \
                came from. Of two reports of the same shard, the one that ended last counts (a \
                resubmitted task's). Exit status 1 when a file failed, a shard was interrupted, or \
                a shard of the plan has no report.
                """
        )

        @Argument(help: ArgumentHelp("The shards' --json reports.", valueName: "report.json"), completion: .file())
        var reports: [String]

        @Option(help: ArgumentHelp("Also write the merged report as JSON to this file ('-': standard output, and the text goes to standard error).", valueName: "path"), completion: .file())
        var json: String?

        @Option(help: ArgumentHelp("Write an SVG chart of the shards' wall times to this file.", valueName: "path"), completion: .file())
        var svg: String?

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            let merged: MergedReport
            do {
                merged = try MergedReport.read(CommandLinePath.pathNames(reports))
            } catch {
                StandardStreams.message("squeeze: report merge: \(error)\n")
                throw ExitCode.failure
            }
            if !quiet {
                try CommandOutput.print(MergedReportFormatter().format(merged), to: json == "-" ? .error : .output, what: "the report")
            }
            if let json { try ReportFile.writeJSON(merged, to: json, what: "the merged JSON report") }
            if let svg { try ReportFile.write(Data(ShardChartSVG().render(merged).utf8), to: svg, what: "the SVG chart") }
            let status = merged.outcome.exitStatus
            if status != 0 { throw ExitCode(status) }
        }
    }
}
