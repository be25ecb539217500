import Glibc
import SqueezeKit

/// Which inputs named on the command line are streams: `-` (standard input), and a FIFO,
/// character device or socket (`/dev/stdin` on a pipe, `<(…)`), which is read front to back,
/// never skipped. Only special files found while walking a tree are skipped.
package enum StreamInputs {
    /// What `-` is read as by `extract`, which opens its archive by a name.
    package static let standardInputPath = "/dev/stdin"

    package static func isStream(_ argument: String) -> Bool {
        if argument == "-" { return true }
        var status = stat()
        guard stat(argument, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    }

    /// The paths of a command that decodes, with `-` as standard input; none means standard input.
    /// Standard input is `PathName.standardInput`: taken where it stands, once for each `-`.
    package static func decodingPaths(_ arguments: [String]) -> [PathName] {
        let named = arguments.isEmpty ? ["-"] : arguments
        return zip(named, CommandLinePath.pathNames(named)).map { argument, path in
            argument == "-" ? PathName.standardInput : path
        }
    }

    /// Whether standard input is a terminal: no place to read compressed data from. A user who
    /// typed `zcat` or `squeeze test` alone, meaning to name a file, would wait on a read that
    /// ends only at a typed end of file.
    package static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// squeeze's own decoding commands refuse to read compressed data from a terminal (exit 1),
    /// before any work, when standard input is among `roots`.
    package static func refuseTerminalInput(_ roots: [PathName], program: String) throws {
        guard roots.contains(.standardInput) && standardInputIsTerminal else { return }
        StandardStreams.message(
            "\(program): compressed data not read from a terminal: name a file, or redirect standard input from one or a pipe.\n")
        throw ExitStatus.failure
    }

    /// gzip refuses to write compressed data to a terminal (it would be garbage on screen).
    package static func refuseTerminalOutput(force: Bool, program: String) throws {
        guard !force && isatty(STDOUT_FILENO) == 1 else { return }
        StandardStreams.message("\(program): compressed data not written to a terminal. Use -f to force compression.\n")
        throw ExitStatus.failure
    }
}
