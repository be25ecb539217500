import ArgumentParser
import Foundation
import SqueezeBench
import SqueezeCommandLine
import SqueezeKit

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compress the same input in every scheduling mode and compare what each costs.",
        discussion: """
            Every run is a 'squeeze compress' child process of this binary, writing into a scratch \
            directory that is removed afterwards (or, with --discard, compressing in memory only). \
            Wall time, CPU time and peak memory are what each run measured of itself, so starting \
            it and cleaning up after it are not counted. After --warmup unmeasured rounds, every \
            configuration runs --repeat times, interleaved: round after round, each starting one \
            configuration further on, so drift of the machine hits all alike.

            Speedup is the median wall time of sequential over that of the mode; efficiency is \
            speedup over jobs. sequential runs once per bench (one thread whatever --jobs) and is \
            the baseline of every jobs value. Every run must produce the same bytes as the first \
            (whole output files compared, or their CRC-32 under --discard); if any differs, the \
            bench says which and exits with status 1.

            --format zstd compares the modes writing zstd (a frame per block), at zstd's levels.

            --against gzip,pigz,zstd also runs those tools (the ones installed) on the same \
            files, as their users would use every core: find | xargs -P JOBS gzip (gzip has no \
            threads), pigz -p JOBS and zstd -T JOBS (one file at a time, threads within each), \
            each at the bench's level where the bench writes its format (gzip's for gzip and \
            pigz, zstd's for zstd), else at its own default (6; zstd's 3), writing beside a copy of the input, their outputs removed \
            between runs, untimed. squeeze then compresses the same files (--recompress), every \
            row is timed from outside its process, and the table gives the bytes each wrote and \
            how squeeze's time compares (by default only squeeze's apply mode runs beside them).

            A comparison whose fastest-to-slowest runs overlap is marked (noise): its difference \
            is within the noise of the runs, not a speedup.

            --collectors compares the result collector built four ways (serial queue with sync, \
            serial queue with async, concurrent queue with barrier writes, a mutex) in --modes \
            (default apply), and adds a micro-benchmark of threads recording at once.
            """
    )

    @Argument(help: ArgumentHelp("Directory (or file) to compress (default: the bundled sample tree).", valueName: "dir"), completion: .file())
    var input: String?

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Measured runs of each configuration.", valueName: "n"))
    var repetitions = 3

    @Option(help: ArgumentHelp("Unmeasured rounds of every configuration first.", valueName: "n"))
    var warmup = 1

    @Option(help: ArgumentHelp("Modes to compare, comma-separated (default: all four; apply with --collectors).", valueName: "list"))
    var modes: String?

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Jobs values, comma-separated, e.g. 1,2,4 to show scaling (default: active cores).", valueName: "list"))
    var jobs: String?

    @Option(help: "Quality of service: user-interactive, user-initiated, utility or background.")
    var qos: SqueezeKit.QualityOfService = .userInitiated

    @OptionGroup var compression: CompressionArguments

    @Flag(help: "Compress in memory and write nothing, to separate CPU scaling from the disk.")
    var discard = false

    @Flag(help: "Compare the ways of synchronising the result collector instead of the modes.")
    var collectors = false

    @Option(help: ArgumentHelp("Also run these tools on the same files, comma-separated: gzip (find | xargs -P JOBS gzip), pigz (-p JOBS), zstd (-T JOBS, its level 3); those not installed are left out with a note.", valueName: "list"))
    var against: String?

    @Option(help: ArgumentHelp("Also write every figure as JSON to this file ('-': standard output; the table then goes to standard error).", valueName: "path"), completion: .file())
    var json: String?

    @Option(help: ArgumentHelp("Also write the chart as a self-contained SVG file.", valueName: "path"), completion: .file())
    var svg: String?

    @Option(help: ArgumentHelp("Run nothing: print the table and draw the charts (--svg) of a report an earlier --json wrote.", valueName: "path"), completion: .file())
    var fromJSON: String?

    @Flag(help: "Print the tables as Markdown (and the bar chart in a code block), to paste into a README.")
    var markdown = false

    @Option(help: ArgumentHelp("Where to make the scratch directory for outputs (default: $TMPDIR or /tmp).", valueName: "dir"), completion: .directory)
    var scratchDir: String?

    @Option(help: "A line on standard error naming the run under way: auto (when standard error is a terminal), always or never.")
    var progress: ProgressMode = .auto

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1, not \(repetitions)") }
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative") }
        _ = try modeList()
        _ = try jobsList()
        _ = try peerList()
        _ = try compression.settings()
        // Its check of identical output reads back .gz and .zst files.
        guard compression.format == .gzip || compression.format == .zstd else {
            throw ValidationError("bench compares the modes writing gzip or zstd: not --format \(compression.format.rawValue)")
        }
        if against != nil && (discard || collectors) {
            throw ValidationError("--against runs other tools, which write their outputs: not with --discard or --collectors")
        }
        if fromJSON != nil && input != nil { throw ValidationError("--from-json draws an earlier bench: give no directory") }
    }

    func run() throws {
        if let fromJSON {
            let report: BenchReport
            do {
                report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: fromJSON)))
            } catch {
                throw fail("cannot read a bench report from '\(fromJSON)': \(error.localizedDescription)")
            }
            try write(report)
            if !report.identicalOutput { throw ExitCode.failure }
            return
        }
        let executable = ExecutablePath.current
        let inputPath: PathName
        do {
            inputPath = try input.map(CommandLinePath.pathName)
                ?? SampleTreeLocator(executable: executable, environment: ProcessInfo.processInfo.environment).locate()
        } catch {
            throw fail("\(error)")
        }
        let requested = try peerList()
        let peers = requested.filter { BenchPeer.isInstalled($0) }
        let missing = requested.filter { !peers.contains($0) }.map(\.rawValue)
        if !missing.isEmpty { StandardStreams.message("squeeze: bench: not installed, left out: \(missing.joined(separator: ", "))\n") }
        let settings = try compression.settings()
        let plan = collectors
            ? BenchPlan.collectors(
                input: inputPath, modes: try modeList(), jobs: try jobsList(), settings: settings, qos: qos,
                discard: discard, repetitions: repetitions, warmupRounds: warmup)
            : BenchPlan.modes(
                input: inputPath, modes: try modeList(), jobs: try jobsList(), settings: settings, qos: qos,
                discard: discard, repetitions: repetitions, warmupRounds: warmup, peers: peers)
        let runner = BenchRunner(
            plan: plan, executable: executable,
            scratchParent: scratchDir ?? ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")

        let showsStatus = progress.isEnabled(standardErrorIsTerminal: TerminalSize.isTerminal(STDERR_FILENO), quiet: false)
        let monitor = InterruptMonitor { _, count in
            if count == 1 {
                // Ends any wait on standard error first: what follows is said on this queue.
                InterruptibleCalls.shared.interrupt()
                if showsStatus { StatusLine.erase() }
                runner.interrupt()
                StandardStreams.message("squeeze: interrupted: stopping the bench, removing its scratch directory\n")
            } else {
                _exit(130)
            }
        }
        defer { monitor.stop() }
        var report: BenchReport
        do {
            report = try runner.run { step in
                guard showsStatus else { return }
                let what = step.run.isWarmup ? "warm-up" : "round \(step.run.round)"
                StatusLine.show("bench: \(step.index) of \(step.total) runs done; last \(step.run.configuration.description) "
                    + "(\(what)): \(String(format: "%.3f", step.wallSeconds)) s")
            }
        } catch BenchError.interrupted {
            throw ExitCode(130)
        } catch {
            if showsStatus { StatusLine.erase() }
            throw fail("\(error)")
        }
        if showsStatus { StatusLine.erase() }
        if against != nil { report.peersMissing = missing }
        try write(report)
        if !report.identicalOutput { throw ExitCode.failure }
    }

    /// `--against`'s tools, in the order named.
    private func peerList() throws -> [BenchPeer] {
        guard let against else { return [] }
        return try Self.names(against, option: "--against", kind: "tool squeeze compares with (gzip, pigz, zstd)", each: "a tool")
    }

    /// The comma-separated names of `text` (`--modes`, `--against`), each a value of `Value`, none twice.
    private static func names<Value: RawRepresentable & Hashable>(
        _ text: String, option: String, kind: String, each: String
    ) throws -> [Value] where Value.RawValue == String {
        let list = try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let value = Value(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("\(option): '\(name)' is not a \(kind)")
            }
            return value
        }
        guard Set(list).count == list.count else { throw ValidationError("\(option) names \(each) twice") }
        return list
    }

    private func write(_ report: BenchReport) throws {
        let chart = BenchBarChart().format(report)
        let text = markdown
            ? BenchTableFormatter(style: .markdown).format(report) + "\n```\n" + chart + "```\n"
            : BenchTableFormatter().format(report) + "\n" + chart
        let jsonToStandardOutput = json == "-"
        try CommandOutput.print(text, to: jsonToStandardOutput ? .error : .output, what: "the bench report")
        if let json { try ReportFile.writeJSON(report, to: json) }
        if let svg { try ReportFile.write(Data(BenchChartSVG().render(report).utf8), to: svg, what: "the SVG chart") }
    }

    private func fail(_ message: String) -> ExitCode {
        StandardStreams.message("squeeze: bench: \(message)\n")
        return ExitCode.failure
    }

    private func modeList() throws -> [SchedulingMode] {
        // Beside other tools, squeeze's default mode: the comparison a user asks for first.
        guard let modes else { return collectors || against != nil ? [.apply] : SchedulingMode.allCases }
        return try Self.names(modes, option: "--modes", kind: "mode (sequential, group, apply, operation)", each: "a mode")
    }

    private func jobsList() throws -> [Int] {
        guard let jobs else { return [SchedulingOptions.activeCores] }
        let list = try jobs.split(separator: ",", omittingEmptySubsequences: false).map { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (0...1024).contains(value) else {
                throw ValidationError("--jobs: '\(text)' is not a number of jobs from 0 (every active core) to 1024")
            }
            return value == 0 ? SchedulingOptions.activeCores : value
        }
        guard Set(list).count == list.count else { throw ValidationError("--jobs names a value twice") }
        return list
    }
}
