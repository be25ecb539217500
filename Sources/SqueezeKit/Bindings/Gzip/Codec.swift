import CDeflate
import CZlib

/// The library that produces the output: a DEFLATE implementation for gzip (and zlib, zip), or
/// libzstd for zstd.
public enum Codec: String, CaseIterable, Sendable, Codable {
    /// libdeflate: fast whole-buffer compression; large files become indexed members.
    case libdeflate
    /// zlib: a single gzip member the way pigz writes it.
    case zlib
    /// Intel ISA-L (igzip): the fastest and largest; large files become indexed members.
    case isal
    /// libzstd: zstd frames, the one codec of `--format zstd`.
    case zstd

    public var levels: ClosedRange<Int> {
        switch self {
        case .libdeflate: 1...12
        case .zlib: 0...9
        case .isal: 0...3
        // zstd's own range without --ultra.
        case .zstd: 1...19
        }
    }

    /// The level used when none is given: 6 as gzip's default for libdeflate and zlib; 1 for
    /// ISA-L, as igzip's; 3 for zstd, as zstd's.
    public var defaultLevel: Int {
        switch self {
        case .libdeflate, .zlib: Self.defaultLevel
        case .isal: 1
        case .zstd: 3
        }
    }

    public static let defaultLevel = 6
}

/// A compression library refused to work: rare (out of memory, a bad parameter), never about input.
public struct CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    public let library: String
    public let message: String

    public init(library: String, message: String) {
        self.library = library
        self.message = message
    }

    public var description: String { "\(library): \(message)" }
}

/// Keeps codec instances (which are costly to set up and not thread safe) for reuse: a worker
/// borrows one for a block and returns it, so each is used by one thread at a time. Instances are
/// objects (a class, or a class-bound protocol's existential, which Swift does not let satisfy
/// `AnyObject`): the state a borrower changes stays in the pool.
final class CodecPool<Instance: Sendable>: Sendable {
    private let idle = Locked<[Instance]>([])
    private let make: @Sendable () throws -> Instance

    init(make: @escaping @Sendable () throws -> Instance) {
        self.make = make
    }

    func withInstance<Result>(_ body: (Instance) throws -> Result) throws -> Result {
        let instance = try idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(instance) } }
        return try body(instance)
    }
}

/// CRC-32 as gzip uses it: libdeflate's carry-less-multiply version to compute, zlib to combine.
public enum CRC32 {
    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return libdeflate_crc32(crc, base, bytes.count)
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// The CRC of A followed by B, from the CRCs of A and B and the length of B.
    public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: crc32_combine(uLong(first), uLong(second), Int(secondLength)))
    }
}
