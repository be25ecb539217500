import Foundation
import Glibc
import SqueezeKit

/// A tool `squeeze bench --against` puts beside squeeze on the same files: what a user of it types
/// to compress a tree with as many cores as squeeze's jobs. Each reads the list of the files
/// squeeze compresses (NUL-terminated) on standard input, through `xargs`, so that every tool
/// compresses the same bytes, and writes its outputs beside them (in the bench's copy of the tree).
///
/// - `gzip` has no threads: `find | xargs -P JOBS gzip` is how a tree gets every core from it
///   (`gzip -r` would get one, and lose to anything parallel for that reason alone).
/// - `pigz` compresses one file at a time with JOBS threads (`pigz -r -p JOBS`, files given in
///   runs of 256 instead of its own walk).
/// - `zstd` likewise (`zstd -r -T JOBS`): at the bench's level when the bench writes zstd, else at
///   its own default level 3: zstd's levels are not gzip's, and level 3 is the trade-off zstd's
///   users get.
public enum BenchPeer: String, Codable, Sendable, CaseIterable {
    case gzip
    case pigz
    case zstd

    /// What its outputs' names end with.
    public var suffix: String { self == .zstd ? ".zst" : ".gz" }

    /// How its row is named: the command, as a user would recognise it.
    public func label(jobs: Int) -> String {
        switch self {
        case .gzip: "xargs -P \(jobs) gzip"
        case .pigz: "pigz -p \(jobs)"
        case .zstd: "zstd -T\(jobs)"
        }
    }

    /// The command and its arguments; the list of files comes on standard input. `level` is one
    /// of the tool's own (`BenchPlan.level(of:)`), or nil for its default.
    public func arguments(jobs: Int, level: Int?) -> [String] {
        let levelOption = level.map { ["-\($0)"] } ?? []
        return switch self {
        case .gzip: ["xargs", "-0", "-r", "-P", "\(jobs)", "-n", "64", "gzip", "-k"] + levelOption
        case .pigz: ["xargs", "-0", "-r", "-n", "256", "pigz", "-k", "-p", "\(jobs)"] + levelOption
        case .zstd: ["xargs", "-0", "-r", "-n", "256", "zstd", "-q", "-k", "-T\(jobs)"] + levelOption
        }
    }
}

extension BenchPeer {
    /// Whether the tool (and `xargs`, which feeds it) can be run: found on `PATH`.
    public static func isInstalled(_ peer: BenchPeer) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return [peer.rawValue, "xargs"].allSatisfy { name in
            path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
        }
    }
}
