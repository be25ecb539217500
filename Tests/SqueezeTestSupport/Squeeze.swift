import Foundation
import Glibc

/// The built `squeeze` binary and the repository's test data.
public enum Squeeze {
    /// `SQUEEZE_BINARY`, or the `squeeze` SwiftPM built beside this test bundle.
    public static var binary: String { builtBinary("squeeze", unless: "SQUEEZE_BINARY") }

    /// `SQUEEZE_GZIP_BINARY`, or the `squeeze-gzip` SwiftPM built beside this test bundle: the gzip
    /// names alone, which `scripts/install --with-gzip-names` links gzip, gunzip, zcat, pigz and
    /// unpigz to.
    public static var gzipNamesBinary: String { builtBinary("squeeze-gzip", unless: "SQUEEZE_GZIP_BINARY") }

    private static func builtBinary(_ name: String, unless variable: String) -> String {
        if let explicit = ProcessInfo.processInfo.environment[variable] { return explicit }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(length > 0, "cannot read /proc/self/exe")
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Runs `squeeze` with `arguments`.
    @discardableResult
    public static func run(_ arguments: [String], input: Data? = nil, currentDirectory: String? = nil) throws -> CommandResult {
        try CommandRunner.run(binary, arguments, input: input, currentDirectory: currentDirectory)
    }

    /// Whether this build runs under ThreadSanitizer (`scripts/test --sanitize=thread`, which
    /// builds the binary the same way): its shadow memory multiplies every process's resident
    /// size, so bounds on peak memory hold only without it.
    public static let isThreadSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

    /// The repository root (found from this source file's path).
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// A file or directory under `testdata/`.
    public static func fixture(_ name: String) -> String { "\(repositoryRoot)/testdata/\(name)" }

    /// The public conformance vectors (`../shared/interop`, or `SQUEEZE_INTEROP_DIR`), when present.
    public static var interopDirectory: String? {
        let candidates = [ProcessInfo.processInfo.environment["SQUEEZE_INTEROP_DIR"], "\(repositoryRoot)/../shared/interop"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: "\($0)/MANIFEST.txt") }
    }
}
