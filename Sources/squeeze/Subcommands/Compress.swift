import ArgumentParser
import SqueezeBench
import SqueezeKit

extension CollectorKind: ExpressibleByArgument {}

struct Compress: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compress every regular file under the given directories (and the given files) to gzip.",
        discussion: """
            Each FILE becomes FILE.gz beside it (or under --output-dir), written to a temporary \
            and renamed into place when complete, with the source's mode and times. Sources are \
            kept unless --rm. Files already ending in .gz or .tgz, squeeze's own temporaries, \
            symbolic links (unless --follow-symlinks), FIFOs, sockets and devices are skipped and \
            counted in the report.

            A file larger than twice --block-size is split into blocks that are compressed in \
            parallel and read as they are needed (memory stays bounded by the work in flight, not \
            by the file size). With libdeflate each block is a gzip member indexed for parallel \
            decompression; with zlib the file is one gzip member, as pigz writes it.
            """
    )

    @Argument(help: ArgumentHelp("Directories and files to compress.", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var fileList: FileListArguments
    @OptionGroup var shards: ShardArguments
    @OptionGroup var compression: CompressionArguments
    @OptionGroup var scheduling: SchedulingArguments
    @OptionGroup var selection: SelectionArguments
    @OptionGroup var output: OutputArguments
    @OptionGroup var reporting: ReportArguments

    @Flag(help: "Compress in memory and write nothing (to measure CPU scaling apart from the disk).")
    var discard = false

    /// For `squeeze bench --collectors`, which runs this command once per collector.
    @Option(name: .customLong("collector"), help: .hidden)
    var collectorKind: CollectorKind = .production

    func validate() throws {
        if shards.plan == nil { try fileList.requireInput(paths) }
        try shards.validate(paths: paths, fileList: fileList)
    }

    func run() throws {
        let work = try shards.work(paths: paths, fileList: fileList)
        let request = CompressionRequest(
            roots: work.roots, filter: selection.filter, followSymlinks: selection.followSymlinks,
            settings: compression.settings, scheduling: scheduling.options, output: output.options(discard: discard),
            shard: work.slice, resume: shards.resumeMode)
        let session = try RunSession(reporting: reporting, makeCollector: collectorKind.makeCollector(sink:))
        try session.perform {
            var report = CompressionRun(request: request, environment: session.environment).run()
            report.shard = work.shard
            return report
        }
    }
}
