import ArgumentParser
import SqueezeKit

struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Write a checkpoint index of a gzip file (and a .tar.gz's entries), so that any byte range or file of it is read without decoding from the start.",
        discussion: """
            The file is decoded once, every member's CRC-32 checked, and a checkpoint (a bit \
            offset, the 32 KiB decoded before it, and its decoded offset) kept every --spacing \
            decoded bytes, written to FILE.gz.gzidx (or -o) whole or not at all. The format is \
            indexed_gzip's, which indexed_gzip and rapidgzip (--import-index) read, or with \
            --format gztool gztool's, written where gztool looks for it (FILE.gzi for FILE.gz), \
            which gztool (-b, -I) and rapidgzip read. squeeze adds after either, where those tools \
            do not read, the file's modification time and a CRC-32 of each checkpoint's span. \
            `squeeze decompress -c FILE.gz --range START:LENGTH` then uses FILE.gz.gzidx (or \
            gztool's FILE.gzi, whether squeeze or gztool wrote it), checks that it is not stale, \
            and checks every span it decodes. For a \
            .tar.gz (GNU tar's, bsdtar's), the index also lists every entry and where it lies in \
            the tar: `squeeze extract ARCHIVE PATH...` and `squeeze list ARCHIVE` then use it, \
            decoding only the spans that hold the entries asked for.
            """
    )

    @Argument(help: ArgumentHelp("The gzip file to index.", valueName: "file"), completion: .file())
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the index here instead of FILE.gzidx (gztool's: FILE.gzi).", valueName: "index"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("The index's format: indexed_gzip (the default) or gztool.", valueName: "format"))
    var format: CheckpointIndexFormat = .indexedGzip

    @Option(help: ArgumentHelp("Decoded bytes between checkpoints (K, M, G: binary multiples; default 4M).", valueName: "bytes"))
    var spacing: String = "4M"

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard let spacing = ByteRange.count(Substring(spacing)), spacing >= 1 << 15 else {
            throw ValidationError("--spacing '\(spacing)': expected a number of bytes, at least 32K (K, M, G for binary multiples)")
        }
    }

    func run() throws {
        let source = CommandLinePath.pathName(file)
        let run = CheckpointIndexRun(
            source: source, destination: output.map { CommandLinePath.pathName($0, option: "-o", "--output") }, format: format,
            builder: CheckpointIndexBuilder(spacing: ByteRange.count(Substring(spacing))!))
        do {
            let summary = try run.run()
            if !quiet {
                let entries = summary.archiveEntries.map { ", \($0) archive entries" } ?? ""
                StandardStreams.message(
                    "squeeze: \(run.destination.escapedForTerminal): \(summary.checkpoints) checkpoints over \(summary.decodedBytes) decoded bytes\(entries), \(summary.indexBytes) bytes\n")
            }
        } catch let error as SystemError {
            StandardStreams.message("squeeze: \(error)\n")
            throw ExitCode.failure
        } catch {
            StandardStreams.message("squeeze: \(source.escapedForTerminal): \(error)\n")
            throw ExitCode.failure
        }
    }
}

extension CheckpointIndexFormat: ExpressibleByArgument {}
