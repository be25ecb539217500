import ArgumentParser
import SqueezeCommandLine
import SqueezeKit

/// `--files-from`, `--null`: names read from a list, taken as if they were given on the command
/// line (after the path arguments), with their exact bytes and no argument limit.
struct FileListArguments: ParsableArguments {
    @Option(
        name: .customLong("files-from"),
        help: ArgumentHelp("Also take the names in this file ('-': standard input), one per line; a name with a newline in it needs --null.", valueName: "list"),
        completion: .file())
    var filesFrom: String?

    @Flag(name: .customLong("null"), help: "Names in the --files-from list end with a NUL byte (find -print0), not a newline.")
    var null = false

    func validate() throws {
        if null && filesFrom == nil { throw ValidationError("--null says how the --files-from list is separated: give --files-from too") }
    }

    var fileList: FileList? {
        filesFrom.map { FileList(source: CommandLinePath.pathName($0, option: "--files-from"), separator: null ? .nul : .newline) }
    }

    /// The path arguments, then the list's names. A list that cannot be read ends the command
    /// (exit 1) before anything is done, with a message naming it.
    func roots(_ paths: [String]) throws -> [PathName] {
        try roots(CommandLinePath.pathNames(paths))
    }

    /// As `roots`, for a command that decodes: `-` is standard input (`PathName.standardInput`),
    /// and so is no path and no list.
    func decodingRoots(_ paths: [String]) throws -> [PathName] {
        if paths.isEmpty && filesFrom == nil { return StreamInputs.decodingPaths([]) }
        return try roots(paths.isEmpty ? [] : StreamInputs.decodingPaths(paths))
    }

    private func roots(_ named: [PathName]) throws -> [PathName] {
        var roots = named
        guard let list = fileList else { return roots }
        do {
            roots += try list.names()
        } catch {
            StandardStreams.message("squeeze: cannot read the file list: \(error)\n")
            throw ExitCode.failure
        }
        return roots
    }

    /// A usage error unless paths or a list were given.
    func requireInput(_ paths: [String]) throws {
        if paths.isEmpty && filesFrom == nil { throw ValidationError("give the paths to work on, or --files-from LIST") }
    }
}
