// swift-tools-version:6.0
import PackageDescription

// squeeze's own modules reach the metadata of a concrete generic type (`KeyedDecodingContainer<
// CodingKeys>`, `Option<Int?>`, …) through its accessor, not by its mangled name: the name is
// demangled at run time, and each requirement it carries (`CodingKeys: CodingKey`) is looked up
// by scanning all 6,000 protocol conformances of the binary. Every process paid that once per
// type: 5.5 M of the 73 M instructions of a resumed shard's rerun (callgrind), and a start is a
// quarter of that rerun. The code is a little larger (70 KB); what it does is the same.
// `scripts/build-static` compiles the argument parser so too.
let startUp: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

let package = Package(
    name: "squeeze",
    products: [
        .executable(name: "squeeze", targets: ["squeeze"]),
        .executable(name: "squeeze-gzip", targets: ["squeeze-gzip"]),
        .library(name: "SqueezeKit", targets: ["SqueezeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found with pkg-config; `providers` tells SwiftPM which Debian package to suggest.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libarchive's headers (libarchive-dev), and forwarders that open the library on first use:
        // loading it and its nine libraries at every start cost each process about a millisecond.
        // DWARF 4: valgrind 3.19 (Debian 12), which the benchmarks' instruction counts use, cannot
        // read the DWARF 5 clang writes by default, and gives up on the whole binary.
        // Fortified libc calls (snprintf, dprintf) in release builds, as Debian's hardening asks:
        // the only C squeeze compiles itself (the other shims are headers of Debian's libraries).
        .target(name: "CArchive", cSettings: [.unsafeFlags(["-gdwarf-4"]), .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]),
        // Intel ISA-L's igzip: the streaming inflater for other tools' gzip, and `--codec isal`.
        .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // libzstd (Debian's 1.5.4): zstd frames for `--format zstd`, and reading any .zst.
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // Linux system calls Swift's Glibc module leaves out (no library to link).
        .systemLibrary(name: "CSystem"),

        // Every piece of logic; never imports ArgumentParser, nor Foundation proper (only
        // FoundationEssentials): the static linker pulls Foundation, CoreFoundation and ICU into a
        // binary that references any of their symbols, 50 MB and a third of a start's page faults.
        .target(name: "SqueezeKit", dependencies: ["CZlib", "CDeflate", "CIsal", "CArchive", "CSystem", "CZstd"], swiftSettings: startUp),
        // The `operation` mode's scheduler (Foundation's OperationQueue), given to the runs through
        // `SchedulingOptions`; only the `squeeze` executable links it.
        .target(name: "SqueezeOperationQueue", dependencies: ["SqueezeKit"], swiftSettings: startUp),
        // What both executables share, without ArgumentParser or Foundation proper: a run's session
        // and report printing (`Support/`), and gzip's and pigz's command lines (`GzipNames/`).
        .target(name: "SqueezeCommandLine", dependencies: ["SqueezeKit"], swiftSettings: startUp),
        // `squeeze bench`: runs compress as child processes and reports, and the collectors only its ablation uses.
        .target(name: "SqueezeBench", dependencies: ["SqueezeKit"], swiftSettings: startUp),

        // The command line: parses, validates, calls SqueezeKit, maps outcomes to exit codes.
        .executableTarget(
            name: "squeeze",
            dependencies: [
                "SqueezeKit",
                "SqueezeCommandLine",
                "SqueezeOperationQueue",
                "SqueezeBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: startUp
        ),
        // gzip, gunzip, zcat, pigz and unpigz: the gzip names alone, linked without Foundation
        // proper or ArgumentParser, so that a script starting one process per file (zgrep,
        // find -exec) pays for a small binary's start. scripts/install points the links at it.
        .executableTarget(name: "squeeze-gzip", dependencies: ["SqueezeKit", "SqueezeCommandLine"], swiftSettings: startUp),

        // CArchive: tests build hostile archives with libarchive directly, not through the code under test;
        // CZlib: and DEFLATE streams of every block kind and flush with zlib (the decoding fuzzer).
        .target(name: "SqueezeTestSupport", dependencies: ["SqueezeKit", "CArchive", "CZlib"], path: "Tests/SqueezeTestSupport"),
        .testTarget(name: "SqueezeKitTests", dependencies: ["SqueezeKit", "SqueezeOperationQueue", "SqueezeTestSupport", "CZlib"]),
        .testTarget(name: "SqueezeBenchTests", dependencies: ["SqueezeBench", "SqueezeKit", "SqueezeTestSupport"]),
        // Depends on the executable so `swift test` builds it before running it.
        .testTarget(name: "SqueezeCLITests", dependencies: ["squeeze", "squeeze-gzip", "SqueezeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
