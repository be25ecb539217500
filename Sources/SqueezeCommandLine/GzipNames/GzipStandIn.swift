import Glibc
import SqueezeKit

/// squeeze under the names gzip, gunzip, zcat, pigz and unpigz (links to the binary), and as
/// `squeeze gzip`: the command line parsed as that tool parses it (`GzipCommandLine`), its help,
/// version and usage errors, then the work handed to squeeze's runs (`GzipRun`). Nothing here
/// goes through the argument parser: every `zgrep`, `find -exec gzip` and `tar -I pigz` pays for
/// a start.
package enum GzipStandIn {
    /// The tool a name stands for.
    package enum Tool {
        case gzip, gunzip, zcat, pigz, unpigz

        /// The tool a binary called `argument0` is (by the last component: a link named gzip,
        /// gunzip, zcat, pigz or unpigz); nil for another name.
        package init?(calledAs argument0: String) {
            // By bytes, not by characters (grapheme breaking): every process pays for this first.
            let bytes = argument0.utf8
            let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[bytes.index(after: $0)...] } ?? bytes[...]
            self.init(name: String(decoding: name, as: UTF8.self))
        }

        init?(name: String) {
            switch name {
            case "gzip": self = .gzip
            case "gunzip": self = .gunzip
            case "zcat": self = .zcat
            case "pigz": self = .pigz
            case "unpigz": self = .unpigz
            default: return nil
            }
        }

        var dialect: GzipOptions.Dialect { self == .pigz || self == .unpigz ? .pigz : .gzip }

        /// What messages start with. Debian installs gunzip and zcat as scripts that run
        /// `gzip -d` and `gzip -cd`, so their messages say "gzip".
        var program: String {
            switch self {
            case .gzip, .gunzip, .zcat: "gzip"
            case .pigz: "pigz"
            case .unpigz: "unpigz"
            }
        }
    }

    /// Whether SIGPIPE was ignored when the process started (a parent's `trap '' PIPE`), read
    /// before squeeze ignores it for its own runs: then a reader gone is an error, as for `cat`.
    nonisolated(unsafe) private(set) static var inheritedIgnoredPipeSignal = false

    /// argv's words from `index` on, as the bytes the kernel passed (a name need not be UTF-8).
    package static func arguments(from index: Int) -> [[UInt8]] {
        (index..<Int(CommandLine.argc)).map { place in
            guard let word = CommandLine.unsafeArgv[place] else { return [] }
            return Array(UnsafeRawBufferPointer(start: word, count: strlen(word)))
        }
    }

    /// Runs the tool on `arguments` (argv's words after the program's name, as bytes) and exits.
    package static func main(_ tool: Tool, arguments: [[UInt8]], argument0: String) -> Never {
        var previous = sigaction()
        sigaction(SIGPIPE, nil, &previous)
        inheritedIgnoredPipeSignal = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)

        var options = GzipOptions(dialect: tool.dialect, program: tool.program)
        options.decompress = tool == .gunzip || tool == .zcat || tool == .unpigz
        options.toStandardOutput = tool == .zcat
        // Debian's gunzip and zcat run `gzip` by name: glibc's messages then say "gzip".
        let argument0 = tool == .gunzip || tool == .zcat ? "gzip" : argument0
        let outcome = GzipCommandLine.parse(arguments, argument0: argument0, options: options) { name in
            getenv(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
        switch outcome {
        case .refused(let message, let status):
            StandardStreams.message(message)
            exit(status)
        case .help(let options):
            exit(printAndClose(GzipHelp.help(options), options: options, to: options.dialect == .pigz ? .error : .output))
        case .version(let options):
            exit(printAndClose(GzipHelp.version(options), options: options, to: .output))
        case .license(let options):
            exit(printAndClose(GzipHelp.license(options), options: options, to: .output))
        case .run(let options):
            exit(GzipRun(options: options).run())
        }
    }

    /// Prints help or version text and closes standard output, as gzip does, so that a full disk
    /// (`--help >/dev/full`) or a closed descriptor (`--version >&-`) is an error: gzip's message
    /// and exit 1. (pigz does not check; neither does squeeze under its names.)
    private static func printAndClose(_ text: String, options: GzipOptions, to stream: StandardStreams.Stream) -> Int32 {
        do throws(SystemError) {
            try StandardStreams.write(text, to: stream)
            guard options.dialect == .gzip, close(STDOUT_FILENO) != 0, errno != EBADF else { return 0 }
            throw SystemError("close", "standard output", code: errno)
        } catch {
            guard options.dialect == .gzip else { return 0 }
            StandardStreams.message("\n\(options.program): \(error.reason)\n")
            return 1
        }
    }
}
