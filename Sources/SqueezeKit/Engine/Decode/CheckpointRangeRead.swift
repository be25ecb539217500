/// A checkpoint index opened for a range read, found not stale.
struct OpenCheckpointIndex {
    let path: PathName
    let file: ReadableFile
    let index: CheckpointIndex

    /// The index at `path` if it is there, describes a file of `source`'s size (and, for
    /// squeeze's, modification time and the CRC-32 of its first and last 64 KiB); nil with a
    /// notice if it is stale or unusable, nil without one if it is not there and was not named.
    /// An index not named (`path` is then `FILE.gzidx`) may also be gztool's, under gztool's name
    /// (`FILE.gzi`): that one is passed by in silence if it is not in gztool's format (bgzip's
    /// index has the same name for a file not named `.gz`).
    static func open(
        _ path: PathName, isNamed: Bool, for source: FileStatus, of sourceFile: ReadableFile, notice: (String) -> Void
    ) throws -> OpenCheckpointIndex? {
        if isNamed || FileStatus.exists(path) {
            return try open(path, isNamed: isNamed, for: source, of: sourceFile, notice: notice, onlyGztools: false)
        }
        let gztool = sourceFile.path.gztoolIndexSidecar
        guard FileStatus.exists(gztool) else { return nil }
        return try open(gztool, isNamed: false, for: source, of: sourceFile, notice: notice, onlyGztools: true)
    }

    /// The sidecar indexes of `sourceFile` that go with it when `--rm` removes it: `FILE.gzidx` and
    /// gztool's name, each only if it is a regular file, an index in a format squeeze reads, and
    /// carries squeeze's verification, which matches this very file (its size, modification time
    /// and first and last 64 KiB). An index another tool wrote is kept, as is anything else under
    /// those names (a bgzip `.gzi`): nothing squeeze cannot tell is of this source is deleted.
    static func sidecarsOwned(by source: FileStatus, of sourceFile: ReadableFile) -> [PathName] {
        [(sourceFile.path.checkpointIndexSidecar, false), (sourceFile.path.gztoolIndexSidecar, true)].compactMap { path, isGztools in
            guard (try? FileStatus.of(path, followingSymlinks: false))?.kind == .regular,
                  let opened = try? open(path, isNamed: false, for: source, of: sourceFile, notice: { _ in }, onlyGztools: isGztools),
                  opened.index.verification != nil
            else { return nil }
            return path
        }
    }

    private static func open(
        _ path: PathName, isNamed: Bool, for source: FileStatus, of sourceFile: ReadableFile, notice: (String) -> Void,
        onlyGztools: Bool
    ) throws -> OpenCheckpointIndex? {
        let file: ReadableFile
        let index: CheckpointIndex
        do {
            file = try ReadableFile(path)
            if onlyGztools, !CheckpointIndex.isGztoolIndex(try file.read(count: 16, at: 0)) { return nil }
            index = try CheckpointIndex(reading: file)
        } catch let error as CheckpointIndexError {
            notice("\(path) is \(error): not used")
            return nil
        } catch let error as SystemError where !isNamed {
            // Only an index asked for by name must be readable; one that merely has the name is
            // passed by (a directory, say).
            notice("index \(path) cannot be read (\(error.reason)): not used")
            return nil
        }
        if let compressedSize = index.compressedSize, compressedSize != source.size {
            notice("index \(path) is stale (it is of a file of \(compressedSize) bytes, this one has \(source.size)): not used")
            return nil
        }
        if let last = index.checkpoints.last, last.bit > source.size * 8 {
            notice("index \(path) is stale (it has checkpoints past the end of this file of \(source.size) bytes): not used")
            return nil
        }
        if let verification = index.verification, verification.sourceModificationTime != source.modificationTime {
            notice("index \(path) is stale (the file was modified after it was built): not used")
            return nil
        }
        if let edges = index.verification?.edgeChecksums, try CheckpointIndex.EdgeChecksums(of: sourceFile, size: source.size) != edges {
            notice("index \(path) is stale (the file's first or last 64 KiB changed after it was built): not used")
            return nil
        }
        return OpenCheckpointIndex(path: path, file: file, index: index)
    }

    /// Writes `range` of `source`'s decoded data to `sink`, decoded from the checkpoint at or
    /// before its start, through every span up to the first checkpoint at or past its end (or the
    /// end of the data); returns how many bytes of `source` the decode read. Each span is checked
    /// before any of its bytes is written: the decode reaches the next checkpoint exactly, at its
    /// bit and decoded offset, with its window (bytes an index left zero, as rapidgzip's sparse
    /// windows do, match anything), and, for squeeze's indexes, with the CRC-32 the span had when
    /// the index was built from a full, checked decode. A member that starts inside the decode has
    /// its own CRC-32 checked too; one it starts inside of cannot be (what is checked of it is its
    /// spans). Anything that does not match fails the read (`CheckpointIndexError.mismatch`).
    @discardableResult
    func read(_ range: ByteRange, of source: ReadableFile, into sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
        guard range.length != 0 else { return 0 }
        let checkpoints = index.checkpoints
        var low = 0, high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].decodedOffset <= range.start { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { throw CheckpointIndexError.mismatch("no checkpoint before offset \(range.start)") }
        var current = low - 1
        let start = checkpoints[current]
        var walk = try CheckpointWalk(
            file: source, bit: start.bit, decodedOffset: start.decodedOffset, window: try index.window(current, in: file))
        var held = HeldRangeBytes()
        var position = start.decodedOffset, span: UInt32 = 0
        let end = range.end ?? .max
        let ended = try walk.run { event in
            switch event {
            case .bytes(let bytes):
                span = CRC32.update(span, bytes)
                let chunkEnd = position + Int64(bytes.count)
                let from = max(range.start, position), to = min(end, chunkEnd)
                if from < to { held.append(UnsafeRawBufferPointer(rebasing: bytes[Int(from - position)..<Int(to - position)]), at: from) }
                position = chunkEnd
            case .boundary(let bit, let decodedOffset, let window, _):
                guard current + 1 < checkpoints.count else { break }
                let next = checkpoints[current + 1]
                if decodedOffset < next.decodedOffset || decodedOffset == next.decodedOffset && bit < next.bit { break }
                guard decodedOffset == next.decodedOffset, bit == next.bit else {
                    throw CheckpointIndexError.mismatch("checkpoint \(current + 1) is not where a block of the file starts")
                }
                if next.hasWindow {
                    let expected = try index.window(current + 1, in: file)
                    guard Self.matches(window, expected) else {
                        throw CheckpointIndexError.mismatch("the window of checkpoint \(current + 1) is not what the file decodes to")
                    }
                }
                if let verification = index.verification, verification.spanChecksums[current] != span {
                    throw CheckpointIndexError.mismatch("the bytes after checkpoint \(current) are not what they were")
                }
                _ = try held.release(upTo: .max, to: sink)
                current += 1
                span = 0
                return decodedOffset < end
            }
            return true
        }
        if ended {
            guard position == index.decodedSize else {
                throw CheckpointIndexError.mismatch("the data ends at \(position) bytes, the index says \(index.decodedSize)")
            }
            if current == checkpoints.count - 1, let verification = index.verification, verification.spanChecksums[current] != span {
                throw CheckpointIndexError.mismatch("the bytes after checkpoint \(current) are not what they were")
            }
            _ = try held.release(upTo: .max, to: sink)
        }
        return walk.compressedOffset - start.bit / 8
    }

    /// Whether a decoded window matches an index's (`CheckpointWindowMatch`: a zero may be one an
    /// index dropped as unused).
    private static func matches(_ decoded: UnsafeRawBufferPointer, _ stored: [UInt8]) -> Bool {
        CheckpointWindowMatch(decoded: decoded, stored: stored) != .differs
    }
}

extension RangePass {
    /// Writes `range` through the checkpoint index (`OpenCheckpointIndex.read`).
    mutating func readThroughIndex(_ range: ByteRange, _ opened: OpenCheckpointIndex) throws {
        var written: Int64 = 0
        defer { summary.bytesWritten += written }
        let sink = sink
        summary.compressedBytesRead += try opened.read(range, of: file) { bytes in
            try sink(bytes)
            written += Int64(bytes.count)
        }
    }
}
