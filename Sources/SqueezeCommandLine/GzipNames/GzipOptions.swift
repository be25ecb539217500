import SqueezeKit

/// What a command line under gzip's or pigz's names asked for, once parsed
/// (`GzipCommandLine`): plain values, no argument parser behind them, since every `zgrep`,
/// `find -exec gzip` and `tar -I pigz` pays for a start.
struct GzipOptions {
    /// Whose command line this is: the two parse differently, and print differently.
    enum Dialect {
        /// GNU gzip 1.12 (`getopt_long`): options anywhere, long ones abbreviated and with `=`.
        case gzip
        /// pigz 2.6: its own scanner; every option before the first file is processed.
        case pigz
    }

    var dialect: Dialect
    /// What messages start with: gzip's `program_name` (the basename; "gzip" under gunzip and
    /// zcat, which Debian installs as scripts that run `gzip`), pigz's too.
    var program: String

    var decompress = false
    var toStandardOutput = false
    var test = false
    var list = false
    var force = false
    var keep = false
    var recursive = false
    /// gzip's and pigz's verbosity: 0 quiet (`-q`), 1 the default (errors and warnings), 2 and
    /// more `-v`.
    var verbosity = 1
    /// `-n`/`-N` (and pigz's `-m`/`-M`/`-T`): which of the name and the time go into the header
    /// when compressing, or come out of it when decompressing (neither by default).
    var headerFields = StoredHeaderFields.nameAndTime
    var suffix: [UInt8] = Array(".gz".utf8)
    var level: Int?
    /// pigz's `-p`.
    var jobs: Int?
    /// pigz's `-b`, in bytes.
    var blockSize: Int?
    /// `--synchronous` (pigz `-Y`): every output made durable before the run ends.
    var synchronous = false
    /// `--run-report` (squeeze's own): squeeze's multi-line report of the run on standard error.
    var showsRunReport = false
    /// pigz's `-z` (zlib, `.zz`) and `-K` (zip, `.zip`).
    var format = OutputFormat.gzip
    /// `--rsyncable` (pigz `-R`): blocks start where the bytes say.
    var rsyncable = false
    /// `--indexed` (squeeze's own): squeeze's indexed members, decoded in parallel, instead of the
    /// one member gzip and pigz write.
    var indexed = false
    /// pigz's `-H` and `-U`.
    var strategy = DeflateStrategy.standard
    /// pigz's `-C`: the header's comment.
    var comment: [UInt8]?
    /// gzip's hidden `---presume-input-tty`.
    var presumesInputTerminal = false
    /// The operands, as their bytes (any name a file system holds, UTF-8 or not).
    var files: [PathName] = []

    init(dialect: Dialect, program: String) {
        self.dialect = dialect
        self.program = program
    }

    var quiet: Bool { verbosity == 0 }
    var verbose: Bool { verbosity > 1 }
}
