import SqueezeKit

/// gzip's and pigz's command lines, parsed as each parses them: by hand, on argv's bytes, because
/// their rules are their own (gzip's `getopt_long`: options anywhere, clusters, attached values,
/// long names abbreviated; pigz's scanner: `-p2` but not `-Sz`, no `--name=value`) and because a
/// start under these names must cost little (no argument parser, no reflection).
enum GzipCommandLine {
    /// What the command line asks for.
    enum Outcome {
        case run(GzipOptions)
        /// `-h`, `-V`, `-L`: answered as soon as they are met, whatever follows.
        case help(GzipOptions)
        case version(GzipOptions)
        case license(GzipOptions)
        /// A usage error: what to print (whole lines) and the status to exit with.
        case refused(String, status: Int32)
    }

    /// Parses `arguments` (argv without its first) for `options`' dialect, after the options
    /// of the environment (`GZIP`; and `PIGZ` for pigz). `argument0` is argv[0] as given:
    /// gzip's option errors (glibc's) name the program by it.
    static func parse(_ arguments: [[UInt8]], argument0: String, options: GzipOptions, environment: (String) -> [UInt8]?) -> Outcome {
        let outcome: Outcome
        switch options.dialect {
        case .gzip:
            var parser = GzipDialectParser(options: options, argument0: argument0)
            outcome = parser.parse(arguments, environment: environment("GZIP"))
        case .pigz:
            var parser = PigzDialectParser(options: options)
            outcome = parser.parse(arguments, environment: [("GZIP", environment("GZIP")), ("PIGZ", environment("PIGZ"))])
        }
        // squeeze's indexed members are libdeflate's gzip: not zlib's or zip's one stream, nor
        // zlib's strategies.
        if case .run(let options) = outcome, options.indexed, options.format != .gzip || options.strategy != .standard {
            let message = "--indexed writes gzip members: it cannot be used with -z, -K, -H or -U"
            return options.dialect == .gzip
                ? .refused("\(options.program): \(message)\nTry `\(options.program) --help' for more information.\n", status: 1)
                : .refused("\(options.program): abort: \(message)\n", status: PigzDialectParser.usageStatus)
        }
        return outcome
    }

    /// Whitespace-separated words, as gzip and pigz split their environment variables.
    static func words(_ text: [UInt8]) -> [[UInt8]] {
        text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }).map(Array.init)
    }
}

extension Array where Element == UInt8 {
    /// The bytes as text, for messages.
    var text: String { String(decoding: self, as: UTF8.self) }

    func starts(with prefix: String) -> Bool { count >= prefix.utf8.count && self[..<prefix.utf8.count].elementsEqual(prefix.utf8) }
}
