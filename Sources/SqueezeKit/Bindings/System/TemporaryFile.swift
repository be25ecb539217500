import Glibc

/// Every temporary file squeeze has created and not yet renamed or removed, so that an interrupted
/// run can remove them all, even those whose writers are still busy.
public final class TemporaryFileRegistry: Sendable {
    private let paths = Locked<Set<PathName>>([])

    public init() {}

    func register(_ path: PathName) { _ = paths.withLock { $0.insert(path) } }

    func unregister(_ path: PathName) { _ = paths.withLock { $0.remove(path) } }

    /// Unlinks every registered temporary; returns how many there were.
    @discardableResult
    public func removeAll() -> Int {
        let leftovers = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in leftovers { _ = path.withCString { unlink($0) } }
        return leftovers.count
    }

    public var count: Int { paths.withLock { $0.count } }
}

/// SplitMix64 (Steele, Lea and Flood): a fast generator whose whole sequence follows from one
/// seed. Many temporary names from one system random seed; the same numbers on every machine for
/// tests that need reproducible inputs. Not for anything that must be hard to guess.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// How squeeze names its temporaries: `.<name>.squeeze-XXXXXX` beside the file they become, so
/// that a scan can tell them from the user's files and pass them by.
enum TemporaryName {
    /// Temporary names keep at most this many bytes of the destination name, so that the
    /// temporary fits in NAME_MAX (255) whenever the destination does.
    private static let nameBytesKept = 200

    /// A fresh temporary name beside `destination`: `.<name>.squeeze-` and six characters from one
    /// random word. Not reserved: whoever uses it must create it exclusively or check it is free.
    static func candidate(for destination: PathName, random: UInt64 = .random(in: .min ... .max)) -> PathName {
        let name = destination.lastComponent.bytes.prefix(nameBytesKept)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var random = random
        let suffix = (0..<6).map { _ in
            defer { random /= UInt64(alphabet.count) }
            return alphabet[Int(random % UInt64(alphabet.count))]
        }
        return destination.parent.appending(PathName(bytes: [UInt8(ascii: ".")] + name + Array(".squeeze-".utf8) + suffix))
    }

    /// Whether `name` looks like one of squeeze's temporaries (scans skip them).
    static func isTemporary(_ name: PathName) -> Bool {
        let bytes = name.bytes
        let marker = Array(".squeeze-".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 7 else { return false }
        return bytes.dropLast(6).suffix(marker.count).elementsEqual(marker)
    }
}
