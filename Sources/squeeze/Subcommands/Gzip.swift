import ArgumentParser
import SqueezeCommandLine
import SqueezeKit

/// `squeeze gzip`: gzip's command line over squeeze's runs, so that a script, `tar -I`, logrotate
/// or a `PATH` that puts squeeze first can call it wherever it calls gzip; under the names gzip,
/// gunzip, zcat, pigz and unpigz (links to the binary) squeeze is that tool. `Squeeze.main` hands
/// these command lines to `GzipStandIn` before the argument parser sees them: gzip's and pigz's
/// rules are not the parser's, and a start must cost little. This type is only what the parser
/// knows of the command, for squeeze's help, man page and completions.
struct Gzip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gzip",
        abstract: "Act as gzip (and, under its names, gunzip, zcat, pigz and unpigz): its options, names, messages and exit status.",
        discussion: """
            gzip's semantics: each FILE becomes FILE.gz and the source is removed once its output \
            is complete (and, unlike gzip, durable on disk); -k keeps it. With no FILE, or '-', \
            standard input goes to standard output. -d decompresses, -c writes to standard \
            output, -t tests, -l lists. Options are gzip 1.12's, parsed as gzip parses them \
            (clustered, attached values, long names abbreviated, the GZIP environment variable); \
            under the names pigz and unpigz, pigz 2.6's (-p N, -b KiB, PIGZ). 'squeeze gzip --help' \
            lists them. --run-report prints squeeze's own report of the run instead of gzip's lines.

            Compression runs on every core: files in parallel, and a large file or a stream in \
            blocks. Exit status 0 done, 1 an error, 2 a warning, as gzip's.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("gzip's options and files.", valueName: "argument"))
    var arguments: [String] = []

    func run() throws {
        GzipStandIn.main(.gzip, arguments: arguments.map { Array($0.utf8) }, argument0: "gzip")
    }
}
