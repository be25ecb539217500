import ArgumentParser
import SqueezeKit

/// `-o`, `--force`, `--rm`: where outputs go and what may be replaced or removed.
struct OutputArguments: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output-dir")], help: ArgumentHelp("Write outputs under this directory, mirroring the input tree, instead of beside each file.", valueName: "dir"))
    var outputDirectory: String?

    @Flag(name: .shortAndLong, help: "Overwrite existing outputs.")
    var force = false

    @Flag(name: .customLong("rm"), help: "Delete each source once its output is complete and in place.")
    var removeSources = false

    func options(discard: Bool = false) -> OutputOptions {
        OutputOptions(
            directory: outputDirectory.map(CommandLinePath.pathName), force: force, removeSources: removeSources, discard: discard)
    }
}
