import Glibc
import SqueezeKit

/// A run's records printed as gzip prints them: errors and warnings as "gzip: FILE: message" in
/// gzip's words, and under `-v` a line per file (`F:\t 45.5% -- created F.gz`, `F.gz:\t OK`).
/// squeeze's own stream, which the session made, is not told: it would print the same again; its
/// writer prints the lines (`ReportStream.message`), off the collector's lock, so a paused reader
/// of standard error holds up the lines alone, never the work.
///
/// Checked `Sendable`: `let`s of `Sendable` types, and `skipWarningFollows`, touched only in
/// `record`, which the collector calls one record at a time (its invariant, `RunRecordSink`).
final class GzipRecordSink: RunRecordSink, @unchecked Sendable {
    private let program: String
    private let quiet: Bool
    /// The options, when `-v` asks for a line per file.
    private let verboseLines: GzipOptions?
    /// The collector follows a skip it warns of with that warning, which was printed already.
    private var skipWarningFollows = false
    private let dialect: GzipOptions.Dialect
    /// What the records amount to, as gzip (or pigz) counts them.
    private let outcome: Locked<GzipOutcome>
    /// The header lengths of the files named, read before the run (an input decompressed in
    /// place is gone by the time its line is printed).
    private let headerLengths: [PathName: Int]
    /// The session's report stream, whose writer prints the lines.
    private let lines: ReportStream

    init(options: GzipOptions, verboseLines: GzipOptions?, outcome: Locked<GzipOutcome>, lines: ReportStream) {
        self.outcome = outcome
        self.lines = lines
        dialect = options.dialect
        program = options.program
        quiet = options.quiet
        self.verboseLines = verboseLines
        var lengths: [PathName: Int] = [:]
        if verboseLines != nil && options.decompress && !options.test {
            for file in options.files { lengths[file] = GzipHeader.atStart(of: file)?.length }
        }
        headerLengths = lengths
    }

    func record(_ record: RunRecord) {
        switch record {
        case .file(let finished):
            if let options = verboseLines { lines.message(line(for: finished, options: options)) }
        case .skipped(let skip):
            guard skip.reason.isWarning else { break }
            skipWarningFollows = true
            if dialect == .pigz {
                // pigz skips with a message, and counts it an error.
                outcome.withLock { $0.failed = true }
                if !quiet { lines.message("\(program): skipping: \(Self.pigzWords(for: skip))\n") }
                return
            }
            // Without -v, -q or -r, gzip does not mention a name it cannot decompress, nor
            // count it as a warning; an output that exists it mentions even under -q.
            if case .unknownSuffix = skip.reason, quiet { return }
            outcome.withLock { $0.warned = true }
            if case .outputExists = skip.reason {} else if quiet { return }
            lines.message("\(program): \(Self.words(for: skip))\n")
        case .failure(let notice):
            outcome.withLock { $0.failed = true }
            // A failed write to standard output is gzip's "stdout: reason", whichever file it was.
            let standardOutput = "cannot write to 'standard output': "
            if notice.message.hasPrefix(standardOutput) {
                // A reader gone is said once, at the end, and only where gzip says it (`GzipRun`).
                guard !StandardStreams.outputReaderIsGone else { return }
                let reason = notice.message.dropFirst(standardOutput.count).prefix { $0 != ";" }
                lines.message("\n\(program): stdout: \(reason)\n")
            } else {
                for words in Self.words(forFailure: notice) {
                    lines.message(Self.line(program: program, path: notice.path, words: words))
                }
            }
        case .warning(let notice):
            if skipWarningFollows {
                skipWarningFollows = false
                return
            }
            outcome.withLock { $0.warned = true }
            if !quiet { lines.message(Self.line(program: program, path: notice.path, words: Self.words(forWarning: notice.message))) }
        }
    }

    /// gzip's line for a file's problem: "gzip: FILE: words", standard input named "stdin", (as
    /// gzip prints them) a blank line before what is wrong with the data, and no colon before
    /// what its header's flags say of the file.
    private static func line(program: String, path: String, words: String) -> String {
        let name = path == "\(PathName.standardInputName)" || path == "\(StreamCompressionRun.standardInputName)" ? "stdin" : escaped(path)
        let aboutData = words.hasPrefix("invalid compressed data") || words == "not in gzip format"
            || words == "unexpected end of file" || words.hasPrefix("decompression OK") || words.hasSuffix("leaves in Huffman tree")
        let aboutFile = words.hasPrefix("is encrypted") || words.hasPrefix("has flags")
        return (aboutData ? "\n" : "") + "\(program): \(name)\(aboutFile ? "" : ":") \(words)\n"
    }

    private static func escaped(_ path: String) -> String { PathName(path).escapedForTerminal }

    /// gzip's words for a file it passes by.
    private static func words(for skip: SkippedPath) -> String {
        let path = skip.path.escapedForTerminal
        switch skip.reason {
        case .outputExists(let output): return "\(output.escapedForTerminal) already exists;\tnot overwritten"
        case .unknownSuffix: return "\(path): unknown suffix -- ignored"
        case .hardLinked(let count): return "\(path) has \(count) other link\(count == 1 ? "" : "s") -- file ignored"
        default: return "\(path): \(skip.reason.description)"
        }
    }

    /// pigz's words for a file it skips.
    private static func pigzWords(for skip: SkippedPath) -> String {
        switch skip.reason {
        case .outputExists(let output): "\(output.escapedForTerminal) exists"
        case .unknownSuffix: "\(skip.path.escapedForTerminal) does not have compressed suffix"
        default: "\(skip.path.escapedForTerminal): \(skip.reason.description)"
        }
    }

    /// gzip's words for a failure (a line's worth each): a system call's reason alone when it
    /// failed on the file itself ("cannot stat 'f': No such file or directory" is gzip's "f: No
    /// such file or directory"), for every fault of the DEFLATE data but the trailer's checks
    /// gzip's one phrase, and for the header's faults gzip's own (the figures squeeze's words
    /// carry: the flags, the method, the header's CRC-16 stored and computed).
    private static func words(forFailure notice: RunReport.Notice) -> [String] {
        let message = notice.message
        if message.hasPrefix("cannot "), let range = message.firstRange(of: "'\(notice.path)': ") {
            return [String(message[range.upperBound...])]
        }
        let invalid = "invalid compressed data--"
        switch message {
        case invalid + "crc error", invalid + "length error": return [message]
        case invalid + "crc error and length error": return [invalid + "crc error", invalid + "length error"]
        case "empty file, not in gzip format": return ["unexpected end of file"]
        default: break
        }
        if message.hasPrefix(invalid) { return [invalid + "format violated"] }
        // The end of the input inside a header that is invalid already, at a fault gzip reads past.
        if message.hasPrefix(GzipFormatError.truncated.description + ",") { return [GzipFormatError.truncated.description] }
        if let flags = figures(in: message, after: "reserved header flags set (FLG 0x").first, let value = UInt8(flags, radix: 16) {
            // gzip names encryption (bit 5) first, then the reserved bits.
            return [value & 0x20 != 0 ? "is encrypted -- not supported" : "has flags 0x\(flags) -- not supported"]
        }
        if message.hasPrefix("unknown compression method ") {
            return ["unknown method " + message.dropFirst("unknown compression method ".count)]
        }
        let checksums = figures(in: message, after: "header CRC mismatch (stored 0x", "computed 0x")
        if checksums.count == 2 { return ["header checksum 0x\(checksums[0]) != computed checksum 0x\(checksums[1])"] }
        return [message]
    }

    /// The hexadecimal figures of `message` that follow each of `labels` in turn (the first at
    /// its start); fewer if it does not read so.
    private static func figures(in message: String, after labels: String...) -> [String] {
        var rest = Substring(message)
        var found: [String] = []
        for (index, label) in labels.enumerated() {
            guard let range = index == 0 ? (rest.hasPrefix(label) ? rest.startIndex..<rest.index(rest.startIndex, offsetBy: label.count) : nil)
                : rest.firstRange(of: label) else { break }
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isHexDigit }
            found.append(String(digits))
            rest = rest[digits.endIndex...]
        }
        return found
    }

    /// gzip's words for a warning squeeze words its own way (it counts trailing bytes; gzip
    /// does not).
    private static func words(forWarning message: String) -> String {
        message.hasPrefix("decompression OK, trailing garbage ignored") ? "decompression OK, trailing garbage ignored" : message
    }

    /// gzip's `-v` line for a file done: its name (none for standard input), the ratio, and
    /// what became of it; or pigz's, under its names.
    private func line(for finished: FinishedFile, options: GzipOptions) -> String {
        let fromStandardInput = finished.source == .standardInput || finished.source == StreamCompressionRun.standardInputName
            || finished.source == .standardInputName
        if options.dialect == .pigz {
            // pigz's: "FILE to FILE.gz ", "<stdin> to <stdout> "; nothing for a test.
            guard !options.test else { return "" }
            let output = options.toStandardOutput ? "<stdout>" : finished.output.map { $0.escapedForTerminal } ?? "<stdout>"
            return "\(fromStandardInput ? "<stdin>" : finished.source.escapedForTerminal) to \(output) \n"
        }
        let name = fromStandardInput ? "" : "\(finished.source.escapedForTerminal):\t"
        if options.test { return name + " OK\n" }
        if fromStandardInput && options.decompress { return "" }
        let ratio: String
        if options.decompress {
            // What the headers and trailer take: the first member's, as gzip counts them.
            let header = headerLengths[finished.source] ?? GzipHeader.atStart(of: finished.source)?.length ?? 10
            let overhead = Int64(header + 8)
            ratio = GzipStyleListingFormatter.ratio(finished.bytesOut - (finished.bytesIn - overhead), of: finished.bytesOut)
        } else {
            let storedName = options.headerFields.name && !fromStandardInput ? finished.source.lastComponent.bytes.count + 1 : 0
            let overhead = Int64(10 + storedName + 8)
            ratio = GzipStyleListingFormatter.ratio(finished.bytesIn - (finished.bytesOut - overhead), of: finished.bytesIn)
        }
        if fromStandardInput { return ratio + "\n" }
        let output = options.toStandardOutput ? "stdout" : finished.output.map { $0.escapedForTerminal } ?? "stdout"
        return name + ratio + " -- \(options.keep ? "created" : "replaced with") \(output)\n"
    }
}
