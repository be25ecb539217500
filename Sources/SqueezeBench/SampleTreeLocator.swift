import Foundation
import Glibc
import SqueezeKit

/// Finds the sample tree `squeeze bench` uses when no directory is given: `testdata/sample` of
/// the source tree the binary was built in (`.build/…/squeeze` sits inside it), or
/// `share/squeeze/sample` beside an installed binary's `bin`, or `SQUEEZE_SAMPLE_TREE`.
public struct SampleTreeLocator: Sendable {
    /// The running `squeeze`, symbolic links resolved.
    public var executable: String
    public var environment: [String: String]

    public init(executable: String, environment: [String: String]) {
        self.executable = executable
        self.environment = environment
    }

    /// Where the tree is looked for, in order.
    public var candidates: [String] {
        var candidates: [String] = []
        if let explicit = environment["SQUEEZE_SAMPLE_TREE"] { candidates.append(explicit) }
        var directory = PathName(executable).parent
        candidates.append("\(directory.parent.appending("share/squeeze/sample"))")
        while true {
            candidates.append("\(directory.appending("testdata/sample"))")
            let parent = directory.parent
            if parent == directory || directory == "." { break }
            directory = parent
        }
        return candidates
    }

    public func locate() throws(BenchError) -> PathName {
        for candidate in candidates where (try? FileStatus.of(PathName(candidate), followingSymlinks: true))?.kind == .directory {
            return PathName(candidate)
        }
        let binDirectory = PathName(executable).parent
        throw .sampleTreeMissing(searched: [
            "\(binDirectory.parent.appending("share/squeeze/sample"))",
            "testdata/sample in \(binDirectory) and every directory above it",
        ] + (environment["SQUEEZE_SAMPLE_TREE"].map { ["SQUEEZE_SAMPLE_TREE=\($0)"] } ?? []))
    }
}

/// A fresh directory for a bench's outputs and reports, removed with everything in it.
public final class ScratchDirectory: Sendable {
    public let path: String

    /// Makes `parent/squeeze-bench.XXXXXX`.
    public init(in parent: String) throws(BenchError) {
        var template = Array("\(parent)/squeeze-bench.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .scratch("cannot create a directory in '\(parent)': \(String(cString: strerror(errno)))")
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `path/name`.
    public func callAsFunction(_ name: String) -> String { "\(path)/\(name)" }

    /// Removes `name` and everything under it; a name that is not there is no error.
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: self(name))
    }

    /// Removes the directory and everything in it.
    public func removeAll() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
