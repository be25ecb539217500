// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "squeeze",
    products: [
        .executable(name: "squeeze", targets: ["squeeze"]),
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
        .target(name: "CArchive", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Intel ISA-L's igzip: the streaming inflater for other tools' gzip, and `--codec isal`.
        .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // Linux system calls Swift's Glibc module leaves out (no library to link).
        .systemLibrary(name: "CSystem"),

        // Every piece of logic; never imports ArgumentParser.
        .target(name: "SqueezeKit", dependencies: ["CZlib", "CDeflate", "CIsal", "CArchive", "CSystem"]),
        // `squeeze bench`: runs compress as child processes and reports, and the collectors only its ablation uses.
        .target(name: "SqueezeBench", dependencies: ["SqueezeKit"]),

        // The command line: parses, validates, calls SqueezeKit, maps outcomes to exit codes.
        .executableTarget(
            name: "squeeze",
            dependencies: [
                "SqueezeKit",
                "SqueezeBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // CArchive: tests build hostile archives with libarchive directly, not through the code under test.
        .target(name: "SqueezeTestSupport", dependencies: ["SqueezeKit", "CArchive"], path: "Tests/SqueezeTestSupport"),
        .testTarget(name: "SqueezeKitTests", dependencies: ["SqueezeKit", "SqueezeTestSupport", "CZlib"]),
        .testTarget(name: "SqueezeBenchTests", dependencies: ["SqueezeBench", "SqueezeKit", "SqueezeTestSupport"]),
        // Depends on the executable so `swift test` builds it before running it.
        .testTarget(name: "SqueezeCLITests", dependencies: ["squeeze", "SqueezeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
