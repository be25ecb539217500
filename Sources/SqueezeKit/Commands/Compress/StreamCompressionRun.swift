import FoundationEssentials
import Glibc

/// Everything `squeeze compress` as a filter was asked to do: each input, in order, compressed to
/// standard output (`squeeze compress < in > out.gz`, `-c FILE…`).
public struct StreamCompressionRequest: Sendable {
    /// One input of the filter.
    public enum Source: Sendable, Equatable {
        /// Descriptor 0, read from where it is.
        case standardInput
        /// A path named on the command line: a regular file, or a FIFO or device read as a stream.
        case path(PathName)
    }

    public var sources: [Source]
    public var settings: CompressionSettings
    public var scheduling: SchedulingOptions
    /// Which of a named regular file's name and modification time go into its header (both by
    /// gzip's default; `-n` leaves them out). Standard input has neither.
    public var headerFields: StoredHeaderFields

    public init(
        sources: [Source], settings: CompressionSettings = CompressionSettings(),
        scheduling: SchedulingOptions = SchedulingOptions(), headerFields: StoredHeaderFields = .nameAndTime
    ) {
        self.sources = sources
        self.settings = settings
        self.scheduling = scheduling
        self.headerFields = headerFields
    }
}

/// One `squeeze compress` as a filter: each input is read front to back on the calling thread, cut
/// into the blocks its file would be cut into (`StreamBlockCutter`), compressed on every worker
/// as it arrives, and written to standard output in order: one gzip file per input, concatenated,
/// byte for byte what `squeeze compress FILE` writes for the same bytes, name and time. Memory is
/// bounded by the window (four blocks per job), whatever the input's length.
public final class StreamCompressionRun: BatchRun, Sendable {
    public let request: StreamCompressionRequest
    public let environment: RunEnvironment
    /// What the producer asks the input for at a time.
    static let readSize = 256 << 10

    public init(request: StreamCompressionRequest, environment: RunEnvironment = RunEnvironment()) {
        self.request = request
        self.environment = environment
    }

    /// How standard input is named in messages and the report.
    public static let standardInputName: PathName = "(standard input)"

    public func run() -> RunReport {
        let report = RunReportBuilder(
            command: "compress",
            settings: RunReport.Settings(scheduling: request.scheduling, compression: request.settings),
            compressedSide: .output)
        // The bytes to come, when every input's size is known (regular files, standard input
        // that is one: from where it stands), so that progress has a percent and a time left.
        let sizes = request.sources.map(Self.knownSize(of:))
        collector.plan(files: request.sources.count, bytes: sizes.contains(nil) ? 0 : sizes.reduce(0) { $0 + $1! })
        var endsWhole = false
        var whole = 0
        for source in request.sources where !cancellation.isCancelled {
            switch compress(source) {
            case .whole:
                endsWhole = true
                whole += 1
            case .cut: endsWhole = false
            case .notBegun: break
            }
        }
        // Interrupted between two inputs (the next one's FIFO not yet opened, say): what went out
        // so far must not read as all of it.
        if cancellation.isCancelled && endsWhole && whole < request.sources.count { markCut(settings: request.settings) }
        return report.build(collector: collector, interrupted: cancellation.isCancelled)
    }

    /// What one input left on standard output.
    private enum Written {
        /// A whole gzip file.
        case whole
        /// A gzip file cut short, and marked so by its writer.
        case cut
        /// Nothing: the input could not be opened.
        case notBegun
    }

    /// Ends standard output with the truncation mark, as a stream's writer ends a stream it cut.
    private func markCut(settings: CompressionSettings) {
        var writer = OrderedGzipWriter(
            encoder: settings.makeEncoder(), origin: .anonymous,
            marksEmptyStream: true
        ) { [cancellation] in StandardOutputFile(cancelling: cancellation) }
        writer.discard()
    }

    /// What is left to read of `source` when it is a regular file; nil for a pipe, terminal,
    /// device or FIFO (or one that cannot be looked at: its open reports why).
    private static func knownSize(of source: StreamCompressionRequest.Source) -> Int64? {
        switch source {
        case .standardInput:
            guard let status = try? FileStatus.of(descriptor: STDIN_FILENO, path: standardInputName), status.kind == .regular else { return nil }
            let offset = lseek(STDIN_FILENO, 0, SEEK_CUR)
            return offset >= 0 ? max(0, status.size - Int64(offset)) : nil
        case .path(let path):
            guard let status = try? FileStatus.of(path, followingSymlinks: true), status.kind == .regular else { return nil }
            return status.size
        }
    }

    /// Compresses one input to standard output and records its outcome.
    private func compress(_ source: StreamCompressionRequest.Source) -> Written {
        let name: PathName
        let file: ReadableFile
        var origin = GzipOrigin.anonymous
        var size: Int64 = 0
        do {
            switch source {
            case .standardInput:
                name = Self.standardInputName
                file = try ReadableFile(standardInputNamed: name)
            case .path(let path):
                name = path
                // A FIFO named here is read once its writer comes, as decompression reads one.
                file = try ReadableFile(path, waitingForWriterUntil: cancellation)
                let status = try file.status()
                if status.kind == .directory {
                    // As gzip -c: a warning (exit 2), and the other inputs still go out.
                    collector.record(FileOutcome(
                        source: path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0, status: .skipped(.directoryIgnored)))
                    return .notBegun
                }
                size = status.size
                if status.kind == .regular {
                    origin = GzipOrigin(name: path, modificationTime: status.modificationTime, keeping: request.headerFields)
                }
            }
        } catch {
            let path: PathName = if case .path(let path) = source { path } else { Self.standardInputName }
            // A wait for a FIFO's writer that the interrupt ended is no failure of the input.
            if !cancellation.isCancelled {
                collector.record(FileOutcome(source: path, output: nil, bytesIn: 0, bytesOut: 0, seconds: 0, status: .failed("\(error)")))
            }
            return .notBegun
        }
        let settings = request.settings
        let window = makeWindow(jobs: request.scheduling.jobs, blockSize: settings.blockSize)
        let context = TaskContext(
            collector: collector, registry: registry, window: window, cancellation: cancellation, output: OutputOptions())
        let ending = Locked<StreamedGzipTask.Ending?>(nil)
        let task = StreamedGzipTask(
            output: StandardOutputFile(cancelling: cancellation), encoder: settings.makeEncoder(),
            origin: origin, context: context, taskSize: size
        ) { end in ending.withLock { $0 = end } }
        // This thread reads the input and feeds its blocks to the workers as it cuts them.
        schedule(request.scheduling, window: window) { [collector, cancellation] feeder in
            let cutter = task.makeCutter(blockSize: settings.blockSize, boundaries: settings.contentBoundaries, feeding: feeder)
            Self.feed(file, to: cutter, task: task, collector: collector, cancellation: cancellation)
            try? cutter.finish()
        }
        // The stream's end may never have reached the writer: the output is cut here.
        if cancellation.isCancelled { task.abandon() }

        switch ending.withLock({ $0 }) {
        case .committed(let bytesIn, let bytesOut, let seconds)?:
            collector.record(FileOutcome(source: name, output: nil, bytesIn: bytesIn, bytesOut: bytesOut, seconds: seconds, status: .done))
            return .whole
        case .failed(let error, let seconds)?:
            collector.record(FileOutcome(
                source: name, output: nil, bytesIn: 0, bytesOut: 0, seconds: seconds,
                status: .failed("\(error); what was written to standard output is incomplete")))
            return .cut
        case .cancelled?, nil:
            return .cut
        }
    }

    /// Reads `file` to its end into `cutter`; a read error fails the task (its output is then
    /// incomplete, and reported so).
    private static func feed(
        _ file: ReadableFile, to cutter: StreamBlockCutter, task: StreamedGzipTask, collector: any ResultRecording,
        cancellation: CancellationFlag
    ) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        do {
            while !cancellation.isCancelled {
                let count = try file.read(into: buffer, at: offset, until: cancellation)
                if count == 0 { return }
                offset += Int64(count)
                try cutter.consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                collector.recordProgress(bytes: Int64(count))
            }
        } catch {
            // A read ended by the run's cancellation is no failure of the input: the run is stopping.
            if !(error is CancellationError) && !cancellation.isCancelled { task.fail(error) }
        }
    }
}
