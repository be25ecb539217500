import SqueezeKit

/// What one run produced, file by file: the size and CRC-32 of each output, keyed by its path
/// (below the run's output directory, or the source's path for a run that kept nothing). Two runs
/// made identical bytes when their fingerprints are equal.
public struct OutputFingerprint: Sendable, Equatable {
    public struct Digest: Sendable, Equatable {
        public var size: Int64
        public var crc32: UInt32

        public init(size: Int64, crc32: UInt32) {
            self.size = size
            self.crc32 = crc32
        }
    }

    public var digests: [PathName: Digest]

    public init(digests: [PathName: Digest]) {
        self.digests = digests
    }

    /// From a `--discard` run's report, which carries each output's CRC.
    public init(discardedRun report: RunReport) throws(BenchError) {
        var digests: [PathName: Digest] = [:]
        for file in report.files {
            guard let crc = file.outputCRC32 else { throw .reportIncomplete("no output CRC for '\(file.path)'") }
            digests[PathName(file.path)] = Digest(size: file.bytesOut, crc32: crc)
        }
        self.init(digests: digests)
    }

    /// By reading back every output under the directory a run wrote to. The directory is walked,
    /// not the report's paths trusted: a report's paths are text, and a name that is not UTF-8
    /// would not name its file again.
    public init(writtenUnder directory: PathName) throws(BenchError) {
        let scan = TreeScanner(options: ScanOptions(selection: .gzipFiles(acceptingNamedFiles: true))).scan([directory])
        if let failure = scan.failures.first { throw .outputUnreadable(failure.message) }
        var digests: [PathName: Digest] = [:]
        for file in scan.files {
            do {
                digests[file.relativePath] = try Self.digest(ofFile: file.path)
            } catch {
                throw .outputUnreadable("\(error)")
            }
        }
        self.init(digests: digests)
    }

    /// Size and CRC of a file, read a chunk at a time (an output may be larger than memory).
    static func digest(ofFile path: PathName) throws(SystemError) -> Digest {
        let file = try ReadableFile(path)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var size: Int64 = 0
        var crc: UInt32 = 0
        while true {
            let count = try file.read(into: chunk, at: size)
            crc = CRC32.update(crc, UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            size += Int64(count)
            if count < chunk.count { break }
        }
        return Digest(size: size, crc32: crc)
    }

    /// How `other` differs from `self`, one line per file, at most `limit` lines (and a count of
    /// the rest); empty when identical.
    public func differences(from other: OutputFingerprint, limit: Int = 5) -> [String] {
        var lines: [String] = []
        for path in Set(digests.keys).union(other.digests.keys).sorted() {
            switch (digests[path], other.digests[path]) {
            case let (mine?, theirs?) where mine != theirs:
                lines.append("'\(path)': \(Self.describe(mine)) vs \(Self.describe(theirs))")
            case (nil, _?):
                lines.append("'\(path)': an extra output")
            case (_?, nil):
                lines.append("'\(path)': no output")
            default:
                continue
            }
        }
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit)) + ["and \(lines.count - limit) more"]
    }

    private static func describe(_ digest: Digest) -> String {
        let hex = String(digest.crc32, radix: 16)
        return "\(digest.size) bytes, CRC \(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}
