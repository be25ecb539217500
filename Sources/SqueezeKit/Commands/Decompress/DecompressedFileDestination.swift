import Glibc

/// The destination of one file of a `decompress` or `test` run: makes the output, and once the
/// file is decoded commits it with the source's mode and times (or discards it on any failure:
/// no output is left behind), removes the source under `--rm`, and records the outcome.
struct DecompressedFileDestination: DecodedFileDestination {
    let source: ScannedFile
    let target: DecompressedTarget
    let context: TaskContext
    /// The modification time the output takes instead of the source's (`gzip -N`: the header's).
    var restoredTime: FileTime?
    /// `gzip -cdf`: bytes after the last member are copied to standard output as they are, as
    /// gzip copies what is not gzip, instead of ignored with a warning.
    var copiesTrailingBytes = false

    /// Files at least this large are written behind the decoding (`WriteBehindOutput`) when one
    /// stream decodes them.
    static let writeBehindThreshold: Int64 = 1 << 20

    func makeOutput(decodedInParallel: Bool) throws -> any OutputFile {
        let output: any OutputFile
        switch target {
        case .file(let path): output = try context.makeOutput(for: path)
        case .standardOutput: output = StandardOutputFile(cancelling: context.cancellation)
        case .nowhere: return DiscardedOutput()
        }
        return decodedInParallel ? output : continuingAsStream(output)
    }

    func continuingAsStream(_ output: any OutputFile) -> any OutputFile {
        let isLarge = source.status.size >= Self.writeBehindThreshold
        guard isLarge, !context.output.discard, !(output is DiscardedOutput), !(output is WriteBehindOutput) else { return output }
        return WriteBehindOutput(wrapping: output)
    }

    func complete(_ decoding: FinishedDecoding) {
        // An interrupted run reports nothing more; its temporaries go.
        if context.cancellation.isCancelled {
            decoding.output?.discard()
            return
        }
        var outcome: FileOutcome
        var companions: [PathName] = []
        do {
            var summary = try decoding.result.get()
            guard let output = decoding.output else { preconditionFailure("a decoded file without an output") }
            if copiesTrailingBytes, summary.trailing != .none, let reader = decoding.reader {
                // A pipe's zero padding was read to its end and counted, not kept: zeros again.
                if case .zeroPadding(let count) = summary.trailing, reader.isSequential {
                    try output.write([UInt8](repeating: 0, count: Int(count)))
                } else {
                    try Self.copy(reader, from: summary.compressedBytes, to: output)
                }
                summary.trailing = .none
            }
            // A stream (a pipe, a FIFO) changes as it is read; only a file can be checked.
            if let reader = decoding.reader, !reader.isSequential, !(try reader.status().isUnchanged(since: source.status)) {
                throw SourceChangedError(path: source.path, detail: "its size, times or identity changed", output: changedSourceOutput)
            }
            if let built = decoding.checkpointIndex, let reader = decoding.reader {
                try writeCheckpointIndex(built, of: reader, decoded: summary)
            }
            // Under --rm, the source's own indexes go with it (found now, while it is there to check them against).
            if context.output.removeSources, target.isFile, let reader = decoding.reader, !reader.isSequential {
                companions = OpenCheckpointIndex.sidecarsOwned(by: source.status, of: reader)
            }
            var attributes = source.status
            if let restoredTime { attributes.modificationTime = restoredTime }
            try output.commit(attributes: attributes, replacingExisting: context.output.force)
            outcome = FileOutcome(
                source: source.path, output: outputPath, bytesIn: decoding.reader?.isSequential == true ? summary.compressedBytes : source.status.size,
                bytesOut: summary.uncompressedBytes,
                seconds: decoding.seconds, status: .done, warning: summary.warning,
                outputChecksum: (output as? DiscardedOutput)?.checksum)
        } catch {
            decoding.output?.discard()
            outcome = FileOutcome(
                source: source.path, output: nil, bytesIn: 0, bytesOut: 0, seconds: decoding.seconds,
                status: .failed("\(error)"))
        }
        outcome.progressBytes = max(0, source.status.size - decoding.progressReported)
        // A file with a warning may hold less than the user thinks (trailing bytes ignored, say):
        // its source stays.
        context.commits.record(
            outcome, output: outcome.output, source: source.path, companions: companions,
            keepSource: outcome.warning == nil ? nil : "it had a warning, and --rm removes only sources decoded cleanly")
    }

    /// `--write-index`: the index the decode built, beside the source, byte for byte what `squeeze
    /// index` writes, once the whole file has been read and checked; before the output is
    /// committed, so that a file whose index cannot be written fails whole. None when the stream
    /// read members past where the walk stopped: the index would not describe them.
    private func writeCheckpointIndex(_ built: CheckpointIndexBuilder.Built, of reader: ReadableFile, decoded summary: GzipDecodeSummary) throws {
        guard summary.members == built.members, summary.uncompressedBytes == built.index.decodedSize else { return }
        _ = try built.write(as: .indexedGzip, to: source.path.checkpointIndexSidecar, sourceStatus: try reader.status(), registry: context.registry)
    }

    /// Copies what `reader` holds from `offset` to its end (a stream's tail was given back to it by
    /// the decoder, and is read again from there).
    private static func copy(_ reader: ReadableFile, from offset: Int64, to output: any OutputFile) throws {
        var buffer = [UInt8](repeating: 0, count: 128 << 10)
        var position = offset
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0, at: position) }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try output.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            position += Int64(count)
        }
    }

    /// What a source that changed while it was decoded leaves: only a file can be discarded.
    private var changedSourceOutput: SourceChangedError.Output {
        switch target {
        case .file: .discarded
        case .standardOutput: .alreadyWritten
        case .nowhere: .checkedOnly
        }
    }

    private var outputPath: PathName? {
        if case .file(let path) = target, !context.output.discard { return path }
        return nil
    }
}
