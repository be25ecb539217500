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

/// How squeeze names its temporaries: `.<name>.squeeze-<pid>-<start>-<boot>-<origin>-XXXXXX`
/// beside the file they become, so that a scan can tell them from the user's files, pass by those
/// of a run still at work, and remove those a killed run left (see `TemporaryOwner`). Earlier
/// versions of squeeze wrote `.<name>.squeeze-XXXXXX`, which says nothing of its owner.
public enum TemporaryName {
    /// Temporary names keep at most this many bytes of the destination name, so that the
    /// temporary fits in NAME_MAX (255) whenever the destination does: the suffix takes at most
    /// 1 + 9 + 7 (pid) + 20 (start) + 8 + 8 + 6 + 4 dashes = 63 more.
    private static let nameBytesKept = 190
    private static let marker = Array(".squeeze-".utf8)
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// A fresh temporary name beside `destination`, owned by `owner`, ending in six characters
    /// from one random word. Not reserved: whoever uses it must create it exclusively or check it
    /// is free.
    public static func candidate(
        for destination: PathName, owner: TemporaryOwner = .current, random: UInt64 = .random(in: .min ... .max)
    ) -> PathName {
        let name = destination.lastComponent.bytes.prefix(nameBytesKept)
        let identity = owner == .current ? currentIdentity : identity(of: owner)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 + name.count + marker.count + identity.count + 6)
        bytes.append(UInt8(ascii: "."))
        bytes += name
        bytes += marker
        bytes += identity
        var random = random
        for _ in 0..<6 {
            bytes.append(alphabet[Int(random % UInt64(alphabet.count))])
            random /= UInt64(alphabet.count)
        }
        return destination.parent.appending(PathName(bytes: bytes))
    }

    /// The owner's part of a name, `<pid>-<start>-<boot>-<origin>-`; the current process's is made
    /// once (an extraction names a temporary for every file).
    private static let currentIdentity = identity(of: .current)

    private static func identity(of owner: TemporaryOwner) -> [UInt8] {
        Array("\(owner.pid)-\(owner.startTime)-\(owner.boot)-\(owner.origin)-".utf8)
    }

    /// What a temporary's name says of its owner.
    public enum Recognised: Equatable, Sendable {
        case owned(by: TemporaryOwner)
        /// Named by an older squeeze, without its owner.
        case unowned
    }

    /// Whether `name` looks like one of squeeze's temporaries (scans skip them), and whose.
    public static func recognise(_ name: PathName) -> Recognised? {
        let bytes = name.bytes
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 7 else { return nil }
        let isRandom = { (part: ArraySlice<UInt8>) in part.count == 6 && part.allSatisfy(alphabet.contains) }
        if bytes.dropLast(6).suffix(marker.count).elementsEqual(marker) {
            return isRandom(bytes.suffix(6)) ? .unowned : nil
        }
        // The last marker: the name it was made for may hold one too.
        guard let start = (1...(bytes.count - marker.count)).last(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        let parts = bytes[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        let isHex = { (part: ArraySlice<UInt8>) in
            part.count == 8 && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        }
        guard parts.count == 5, let pid = Int32(String(decoding: parts[0], as: UTF8.self)), pid > 0,
            let startTime = UInt64(String(decoding: parts[1], as: UTF8.self)), isHex(parts[2]), isHex(parts[3]), isRandom(parts[4])
        else { return nil }
        return .owned(by: TemporaryOwner(
            pid: pid, startTime: startTime, boot: String(decoding: parts[2], as: UTF8.self), origin: String(decoding: parts[3], as: UTF8.self)))
    }

    /// Whether `name` looks like one of squeeze's temporaries.
    static func isTemporary(_ name: PathName) -> Bool { recognise(name) != nil }
}
