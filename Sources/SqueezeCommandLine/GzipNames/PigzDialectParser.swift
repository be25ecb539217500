import SqueezeKit

/// pigz 2.6's command line, as its own scanner reads it: every option is processed before any
/// file (options anywhere, up to `--`); a cluster of letters after one dash, where `-b`, `-p`,
/// `-I`, `-J` and `-A` take the rest of the word as their value (`-p2`, `-cp2`, `-b256`) or else
/// the next word, and `-S` and `-C` only the next (`-Sz` is refused); digits are the level
/// (`-0` ... `-9`, `-11`); long options only whole and without `=`. `GZIP`, then `PIGZ`, hold
/// options too, but no files. Errors are "pigz: abort: ..." and exit 22 (EINVAL), as pigz's.
struct PigzDialectParser {
    private(set) var options: GzipOptions
    /// pigz's `headis`: bits 1 and 2 store (or, once decoding, restore) the name and the time;
    /// bits 4 and 8 are what decoding will restore, shifted down by the first `-d`.
    private var headis = 3
    /// 0 compress, 1 decompress, 2 test: the last of `-d` and `-t` wins.
    private var decode = 0
    /// The option letter waiting for its value.
    private var pending: UInt8?

    /// pigz's status for a bad command line: EINVAL.
    static let usageStatus: Int32 = 22

    init(options: GzipOptions) {
        self.options = options
        // unpigz decompresses, as `-d` would.
        if options.decompress {
            headis >>= 2
            decode = 1
        }
    }

    /// pigz 2.6's long options and the letter each stands for.
    static let longOptions: [(String, UInt8)] = [
        ("LZW", "Z"), ("lzw", "Z"), ("alias", "A"), ("ascii", "a"), ("best", "9"), ("bits", "Z"), ("blocksize", "b"),
        ("decompress", "d"), ("fast", "1"), ("force", "f"), ("comment", "C"), ("first", "F"), ("iterations", "I"),
        ("maxsplits", "J"), ("oneblock", "O"), ("help", "h"), ("independent", "i"), ("keep", "k"), ("license", "L"),
        ("list", "l"), ("name", "N"), ("no-name", "n"), ("no-time", "T"), ("processes", "p"), ("quiet", "q"),
        ("recursive", "r"), ("rsyncable", "R"), ("silent", "q"), ("stdout", "c"), ("suffix", "S"), ("synchronous", "Y"),
        ("test", "t"), ("time", "M"), ("to-stdout", "c"), ("uncompress", "d"), ("verbose", "v"), ("version", "V"),
        ("zip", "K"), ("zlib", "z"), ("huffman", "H"), ("rle", "U"),
    ].map { ($0.0, UInt8(ascii: $0.1)) }

    private func abort(_ message: String) -> GzipCommandLine.Outcome {
        .refused("\(options.program): abort: \(message)\n", status: Self.usageStatus)
    }

    mutating func parse(_ arguments: [[UInt8]], environment: [(String, [UInt8]?)]) -> GzipCommandLine.Outcome {
        for (variable, value) in environment {
            guard let value else { continue }
            for word in GzipCommandLine.words(value) {
                switch option(word) {
                case .stop(let outcome): return outcome
                case .file: return abort("cannot provide files in \(variable) environment variable")
                case .taken: continue
                }
            }
            if let stop = missingValue() { return stop }
        }
        var files: [[UInt8]] = []
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded {
                files.append(argument)
            } else if argument == Array("--".utf8) {
                if let stop = missingValue() { return stop }
                optionsEnded = true
            } else {
                switch option(argument) {
                case .stop(let outcome): return outcome
                case .file: files.append(argument)
                case .taken: continue
                }
            }
        }
        if let stop = missingValue() { return stop }
        options.files = files.map { PathName(bytes: $0) }
        options.decompress = decode == 1
        options.test = decode == 2
        options.toStandardOutput = options.toStandardOutput || options.test || options.list
        options.headerFields = StoredHeaderFields(name: headis & 1 != 0, time: headis & 2 != 0)
        return .run(options)
    }

    private enum Step {
        case taken
        case file
        case stop(GzipCommandLine.Outcome)
    }

    private func missingValue() -> GzipCommandLine.Outcome? {
        pending.map { abort("missing parameter after -\(Character(Unicode.Scalar($0)))") }
    }

    /// One word: options, an option's value, or a file (`-` is standard input).
    private mutating func option(_ word: [UInt8]) -> Step {
        if pending != nil && word.first == UInt8(ascii: "-"), let stop = missingValue() { return .stop(stop) }
        if let letter = pending {
            pending = nil
            return value(word, for: letter).map(Step.stop) ?? .taken
        }
        guard word.count > 1 && word[0] == UInt8(ascii: "-") else { return .file }
        var letters = Array(word[1...])
        if letters[0] == UInt8(ascii: "-") {
            let name = Array(letters[1...])
            // squeeze's own, which have no letter: as under gzip's names.
            switch name.text {
            case "indexed":
                options.indexed = true
                return .taken
            case "run-report":
                options.showsRunReport = true
                return .taken
            default: break
            }
            guard let (_, letter) = Self.longOptions.first(where: { Array($0.0.utf8) == name }) else {
                return .stop(abort("invalid option: \(word.text)"))
            }
            letters = [letter]
        }
        var place = 0
        while place < letters.count {
            let letter = letters[place]
            place += 1
            if let outcome = apply(letter, digitsAfter: &place, in: letters) { return .stop(outcome) }
            guard pending != nil else { continue }
            guard place < letters.count else { break }
            if letter == UInt8(ascii: "S") || letter == UInt8(ascii: "C") {
                return .stop(abort("invalid usage: -\(Character(Unicode.Scalar(letter))) must be followed by space"))
            }
            pending = nil
            return value(Array(letters[place...]), for: letter).map(Step.stop) ?? .taken
        }
        return .taken
    }

    /// One letter of a cluster (with the digits of a level after it).
    private mutating func apply(_ letter: UInt8, digitsAfter place: inout Int, in letters: [UInt8]) -> GzipCommandLine.Outcome? {
        switch letter {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var level = Int(letter - UInt8(ascii: "0"))
            while place < letters.count, letters[place] >= UInt8(ascii: "0"), letters[place] <= UInt8(ascii: "9") {
                level = level * 10 + Int(letters[place] - UInt8(ascii: "0"))
                place += 1
                if level > 11 { return abort("only levels 0..9 and 11 are allowed") }
            }
            if level == 10 { return abort("only levels 0..9 and 11 are allowed") }
            options.level = level
        case UInt8(ascii: "A"), UInt8(ascii: "C"), UInt8(ascii: "I"), UInt8(ascii: "J"), UInt8(ascii: "S"), UInt8(ascii: "b"),
             UInt8(ascii: "p"):
            pending = letter
        // Tuning of zopfli's -11 (squeeze's -11 is libdeflate's slowest level): nothing to tune.
        case UInt8(ascii: "F"), UInt8(ascii: "O"): break
        case UInt8(ascii: "H"): options.strategy = .huffmanOnly
        case UInt8(ascii: "U"): options.strategy = .runLength
        // The suffix is the format's, unless a later -S says otherwise (pigz: the last wins).
        case UInt8(ascii: "K"): (options.format, options.suffix) = (.zip, Array(".zip".utf8))
        case UInt8(ascii: "z"): (options.format, options.suffix) = (.zlib, Array(".zz".utf8))
        case UInt8(ascii: "R"): options.rsyncable = true
        case UInt8(ascii: "L"): return .license(options)
        case UInt8(ascii: "M"): headis |= 0xA
        case UInt8(ascii: "N"): headis |= 0xF
        case UInt8(ascii: "T"), UInt8(ascii: "m"): headis &= ~0xA
        case UInt8(ascii: "V"): return .version(options)
        case UInt8(ascii: "Y"): options.synchronous = true
        case UInt8(ascii: "Z"): return abort("invalid option: LZW output not supported: -Z")
        case UInt8(ascii: "a"): return abort("invalid option: no ascii conversion: -a")
        case UInt8(ascii: "c"): options.toStandardOutput = true
        case UInt8(ascii: "d"):
            if decode == 0 { headis >>= 2 }
            decode = 1
        case UInt8(ascii: "f"): options.force = true
        case UInt8(ascii: "h"): return .help(options)
        // Independent blocks: squeeze's blocks never refer back to the one before.
        case UInt8(ascii: "i"): break
        case UInt8(ascii: "k"): options.keep = true
        case UInt8(ascii: "l"): options.list = true
        // pigz 2.6 stores neither the name nor the time after -n (`pigz -n -c` writes time 0).
        case UInt8(ascii: "n"): headis &= ~0xF
        case UInt8(ascii: "q"): options.verbosity = 0
        case UInt8(ascii: "r"): options.recursive = true
        case UInt8(ascii: "t"): decode = 2
        case UInt8(ascii: "v"): options.verbosity += 1
        default: return abort("invalid option: -\(Character(Unicode.Scalar(letter)))")
        }
        return nil
    }

    /// The value of `-b`, `-p`, `-S`, `-I`, `-J`, `-A` or `-C`.
    private mutating func value(_ value: [UInt8], for letter: UInt8) -> GzipCommandLine.Outcome? {
        switch letter {
        case UInt8(ascii: "S"): options.suffix = value
        case UInt8(ascii: "C"): options.comment = value
        case UInt8(ascii: "A"): break  // the name of a zip entry read from standard input (-K)
        default:
            guard !value.isEmpty else { return abort("internal error: empty parameter") }
            var number = 0
            for digit in value {
                guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9"), number <= (Int.max - 9) / 10 else {
                    return abort("invalid numeric parameter: \(value.text)")
                }
                number = number * 10 + Int(digit - UInt8(ascii: "0"))
            }
            switch letter {
            case UInt8(ascii: "b"):
                guard number <= (1 << 29) >> 10 else { return abort("block size too large: \(value.text)") }
                guard number << 10 >= 32 << 10 else { return abort("block size too small (must be >= 32K)") }
                options.blockSize = number << 10
            case UInt8(ascii: "p"):
                guard number >= 1 else { return abort("invalid number of processes: \(value.text)") }
                options.jobs = number
            default: break  // -I, -J: zopfli's iterations and splits
            }
        }
        return nil
    }
}
