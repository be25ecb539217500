import ArgumentParser
import SqueezeKit

/// `--include`, `--exclude`, `--follow-symlinks`: which files in a tree are worked on.
struct SelectionArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Only files matching this glob (repeatable). A glob with '/' matches the path below the root, one without matches the file name.", valueName: "glob"))
    var include: [String] = []

    @Option(help: ArgumentHelp("Skip files and directories matching this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Flag(help: "Follow symbolic links inside trees (loops are detected and skipped).")
    var followSymlinks = false

    var filter: PathFilter { PathFilter(includes: include, excludes: exclude) }
}
