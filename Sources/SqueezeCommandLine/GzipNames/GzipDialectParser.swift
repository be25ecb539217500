import Glibc
import SqueezeKit

/// GNU gzip 1.12's command line: `getopt_long` with gzip's short options
/// (`ab:cdfhH?klLmMnNqrS:tvVZ123456789`) and long ones, options anywhere among the files (unless
/// `POSIXLY_CORRECT`), `--` ending them, clusters (`-9k`), attached values (`-Sz`, `--suffix=.z`)
/// or the next word (`-S .z`), and a long name shortened to any unambiguous prefix (`--std`).
/// Options in `GZIP` come first, only those gzip allows there, with its warning.
struct GzipDialectParser {
    private(set) var options: GzipOptions
    /// argv[0] as given: glibc's messages start with it.
    let argument0: String
    /// gzip's `no_name` and `no_time`: nil until an option sets them; then the direction decides.
    private var noName: Bool?
    private var noTime: Bool?
    private var ascii = false

    init(options: GzipOptions, argument0: String) {
        self.options = options
        self.argument0 = argument0
    }

    /// What an option does, once recognised.
    enum Key: Equatable {
        case short(UInt8)
        case rsyncable, synchronous, presumeInputTerminal, runReport, jobs, indexed
    }

    struct LongOption {
        let name: String
        let takesArgument: Bool
        let key: Key
    }

    /// gzip 1.12's long options in its own order (which decides the list of an ambiguous prefix),
    /// and squeeze's own `--run-report`, `--jobs` (threads, as pigz's `-p`) and `--indexed`.
    static let longOptions: [LongOption] = [
        LongOption(name: "ascii", takesArgument: false, key: .short(UInt8(ascii: "a"))),
        LongOption(name: "to-stdout", takesArgument: false, key: .short(UInt8(ascii: "c"))),
        LongOption(name: "stdout", takesArgument: false, key: .short(UInt8(ascii: "c"))),
        LongOption(name: "decompress", takesArgument: false, key: .short(UInt8(ascii: "d"))),
        LongOption(name: "uncompress", takesArgument: false, key: .short(UInt8(ascii: "d"))),
        LongOption(name: "force", takesArgument: false, key: .short(UInt8(ascii: "f"))),
        LongOption(name: "help", takesArgument: false, key: .short(UInt8(ascii: "h"))),
        LongOption(name: "keep", takesArgument: false, key: .short(UInt8(ascii: "k"))),
        LongOption(name: "list", takesArgument: false, key: .short(UInt8(ascii: "l"))),
        LongOption(name: "license", takesArgument: false, key: .short(UInt8(ascii: "L"))),
        LongOption(name: "no-name", takesArgument: false, key: .short(UInt8(ascii: "n"))),
        LongOption(name: "name", takesArgument: false, key: .short(UInt8(ascii: "N"))),
        LongOption(name: "-presume-input-tty", takesArgument: false, key: .presumeInputTerminal),
        LongOption(name: "quiet", takesArgument: false, key: .short(UInt8(ascii: "q"))),
        LongOption(name: "silent", takesArgument: false, key: .short(UInt8(ascii: "q"))),
        LongOption(name: "synchronous", takesArgument: false, key: .synchronous),
        LongOption(name: "recursive", takesArgument: false, key: .short(UInt8(ascii: "r"))),
        LongOption(name: "suffix", takesArgument: true, key: .short(UInt8(ascii: "S"))),
        LongOption(name: "test", takesArgument: false, key: .short(UInt8(ascii: "t"))),
        LongOption(name: "verbose", takesArgument: false, key: .short(UInt8(ascii: "v"))),
        LongOption(name: "version", takesArgument: false, key: .short(UInt8(ascii: "V"))),
        LongOption(name: "fast", takesArgument: false, key: .short(UInt8(ascii: "1"))),
        LongOption(name: "best", takesArgument: false, key: .short(UInt8(ascii: "9"))),
        LongOption(name: "lzw", takesArgument: false, key: .short(UInt8(ascii: "Z"))),
        LongOption(name: "bits", takesArgument: true, key: .short(UInt8(ascii: "b"))),
        LongOption(name: "rsyncable", takesArgument: false, key: .rsyncable),
        LongOption(name: "run-report", takesArgument: false, key: .runReport),
        LongOption(name: "jobs", takesArgument: true, key: .jobs),
        LongOption(name: "indexed", takesArgument: false, key: .indexed),
    ]

    /// gzip's short options; those followed by ':' take a value.
    static let shortOptions = Array("ab:cdfhH?klLmMnNqrS:tvVZ123456789".utf8)

    /// gzip's longest suffix.
    static let maximumSuffixLength = 30

    /// One option met by the scan.
    struct Found {
        let key: Key
        let value: [UInt8]?
        /// As gzip names it in its own messages: `-c`, or `--stdout` (the full name).
        let spelling: String
    }

    private var tryHelp: String { "Try `\(options.program) --help' for more information.\n" }

    mutating func parse(_ arguments: [[UInt8]], environment: [UInt8]?) -> GzipCommandLine.Outcome {
        if let environment {
            let words = GzipCommandLine.words(environment)
            // gzip looks for `--` itself before each option of the variable: not allowed there.
            if words.contains(Array("--".utf8)) {
                return .refused("\(options.program): --: option not valid in GZIP environment variable\n" + tryHelp, status: 1)
            }
            var scanner = OptionScanner(arguments: words, argument0: argument0, permutes: true)
            while true {
                switch scanner.next() {
                case .error(let message): return .refused(message + tryHelp, status: 1)
                case .option(let found):
                    guard Self.isAllowedInEnvironment(found.key) else {
                        if found.key == .short(UInt8(ascii: "?")) { return .refused(tryHelp, status: 1) }
                        return .refused("\(options.program): \(found.spelling): option not valid in GZIP environment variable\n" + tryHelp, status: 1)
                    }
                    if let stop = apply(found) { return stop }
                    continue
                case .end:
                    break
                }
                break
            }
            if let operand = scanner.operands.first {
                return .refused("\(options.program): \(operand.text): non-option in GZIP environment variable\n" + tryHelp, status: 1)
            }
            if !words.isEmpty && !options.quiet {
                StandardStreams.message("\(options.program): warning: GZIP environment variable is deprecated; use an alias or script\n")
            }
        }
        var scanner = OptionScanner(arguments: arguments, argument0: argument0, permutes: getenv("POSIXLY_CORRECT") == nil)
        while true {
            switch scanner.next() {
            case .error(let message): return .refused(message + tryHelp, status: 1)
            case .option(let found):
                if let stop = apply(found) { return stop }
            case .end:
                options.files = scanner.operands.map { PathName(bytes: $0) }
                return finish()
            }
        }
    }

    /// gzip 1.12 takes from `GZIP` only what cannot change where output goes: `-n`, `-N`, `-q`,
    /// `-v`, `--rsyncable` and the levels.
    static func isAllowedInEnvironment(_ key: Key) -> Bool {
        switch key {
        case .rsyncable: true
        case .short(let letter): Array("nNqv123456789".utf8).contains(letter)
        default: false
        }
    }

    /// Applies one option; an outcome when it ends the parse.
    private mutating func apply(_ found: Found) -> GzipCommandLine.Outcome? {
        switch found.key {
        case .rsyncable: options.rsyncable = true
        case .indexed: options.indexed = true
        case .synchronous: options.synchronous = true
        case .presumeInputTerminal: options.presumesInputTerminal = true
        case .runReport: options.showsRunReport = true
        case .jobs:
            guard let jobs = found.value.flatMap({ Int($0.text) }), (1...1024).contains(jobs) else {
                return .refused("\(options.program): --jobs takes a number of threads from 1 to 1024\n" + tryHelp, status: 1)
            }
            options.jobs = jobs
        case .short(let letter):
            switch letter {
            case UInt8(ascii: "a"): ascii = true
            case UInt8(ascii: "b"):
                // The LZW code width (with -Z, which gzip no longer writes): checked, then unused.
                if let value = found.value, !value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                    return .refused("\(options.program): -b operand is not an integer\n" + tryHelp, status: 1)
                }
            case UInt8(ascii: "c"): options.toStandardOutput = true
            case UInt8(ascii: "d"): options.decompress = true
            case UInt8(ascii: "f"): options.force = true
            case UInt8(ascii: "h"), UInt8(ascii: "H"): return .help(options)
            case UInt8(ascii: "k"): options.keep = true
            case UInt8(ascii: "l"): (options.list, options.decompress, options.test, options.toStandardOutput) = (true, true, true, true)
            case UInt8(ascii: "L"): return .license(options)
            case UInt8(ascii: "m"): noTime = true
            case UInt8(ascii: "M"): noTime = false
            case UInt8(ascii: "n"): (noName, noTime) = (true, true)
            case UInt8(ascii: "N"): (noName, noTime) = (false, false)
            case UInt8(ascii: "q"): options.verbosity = 0
            case UInt8(ascii: "r"): options.recursive = true
            case UInt8(ascii: "S"): options.suffix = found.value ?? []
            case UInt8(ascii: "t"): (options.test, options.decompress, options.toStandardOutput) = (true, true, true)
            case UInt8(ascii: "v"): options.verbosity = max(options.verbosity, 1) + 1
            case UInt8(ascii: "V"): return .version(options)
            case UInt8(ascii: "Z"): return .refused("\(options.program): -Z not supported in this version\n" + tryHelp, status: 1)
            case UInt8(ascii: "1")...UInt8(ascii: "9"): options.level = Int(letter - UInt8(ascii: "0"))
            // `-?` is one of gzip's options, and no case of its switch: "Try --help".
            default: return .refused(tryHelp, status: 1)
            }
        }
        return nil
    }

    /// The defaults that depend on the whole line, and the checks gzip makes after the options.
    private mutating func finish() -> GzipCommandLine.Outcome {
        // Saved when compressing, not restored when decompressing, unless -n or -N said otherwise.
        let direction = options.decompress
        options.headerFields = StoredHeaderFields(name: !(noName ?? direction), time: !(noTime ?? direction))
        if ascii && !options.quiet { StandardStreams.message("\(options.program): option --ascii ignored on this system\n") }
        if options.suffix.isEmpty || options.suffix.count > Self.maximumSuffixLength {
            return .refused("\(options.program): invalid suffix '\(options.suffix.text)'\n", status: 1)
        }
        return .run(options)
    }
}
