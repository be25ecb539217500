/// glibc's `getopt_long` over gzip's option tables (`GzipDialectParser`): each call gives the next
/// option, with its value, or the error glibc prints for it; operands are kept aside in their
/// order. With `permutes`, as GNU's default, options may follow operands; without (POSIX), the
/// first operand ends the options.
struct OptionScanner {
    enum Step {
        case option(GzipDialectParser.Found)
        /// glibc's message, a whole line.
        case error(String)
        case end
    }

    let arguments: [[UInt8]]
    let argument0: String
    let permutes: Bool
    private(set) var operands: [[UInt8]] = []
    private var index = 0
    /// The short options being read (`-9k`), and where.
    private var cluster: [UInt8] = []
    private var position = 0
    /// After `--`, or the first operand without permutation: the rest are operands.
    private var optionsEnded = false

    init(arguments: [[UInt8]], argument0: String, permutes: Bool) {
        self.arguments = arguments
        self.argument0 = argument0
        self.permutes = permutes
    }

    mutating func next() -> Step {
        if position < cluster.count { return short() }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded {
                operands.append(argument)
            } else if argument.count == 2 && argument[0] == UInt8(ascii: "-") && argument[1] == UInt8(ascii: "-") {
                optionsEnded = true
            } else if argument.count < 2 || argument[0] != UInt8(ascii: "-") {
                operands.append(argument)
                if !permutes { optionsEnded = true }
            } else if argument[1] == UInt8(ascii: "-") {
                return long(Array(argument[2...]))
            } else {
                (cluster, position) = (argument, 1)
                return short()
            }
        }
        return .end
    }

    /// The next letter of the cluster, and its value: the rest of the cluster, else the next word.
    private mutating func short() -> Step {
        let letter = cluster[position]
        position += 1
        let table = GzipDialectParser.shortOptions
        guard letter != UInt8(ascii: ":"), let place = table.firstIndex(of: letter) else {
            return .error("\(argument0): invalid option -- '\(Character(Unicode.Scalar(letter)))'\n")
        }
        let spelling = "-\(Character(Unicode.Scalar(letter)))"
        guard place + 1 < table.count && table[place + 1] == UInt8(ascii: ":") else {
            return .option(GzipDialectParser.Found(key: .short(letter), value: nil, spelling: spelling))
        }
        let value: [UInt8]
        if position < cluster.count {
            value = Array(cluster[position...])
        } else if index < arguments.count {
            value = arguments[index]
            index += 1
        } else {
            return .error("\(argument0): option requires an argument -- '\(Character(Unicode.Scalar(letter)))'\n")
        }
        position = cluster.count
        return .option(GzipDialectParser.Found(key: .short(letter), value: value, spelling: spelling))
    }

    /// `--name`, `--name=value` or `--name value`; a name may be shortened to a prefix that only
    /// one option (or options that all do the same) begins with.
    private mutating func long(_ body: [UInt8]) -> Step {
        let equals = body.firstIndex(of: UInt8(ascii: "="))
        let name = Array(body[..<(equals ?? body.endIndex)])
        let attached = equals.map { Array(body[($0 + 1)...]) }
        let table = GzipDialectParser.longOptions
        let option: GzipDialectParser.LongOption
        if let exact = table.first(where: { Array($0.name.utf8) == name }) {
            option = exact
        } else {
            let candidates = table.filter { $0.name.utf8.starts(with: name) }
            guard let first = candidates.first else { return .error("\(argument0): unrecognized option '--\(body.text)'\n") }
            if candidates.contains(where: { $0.takesArgument != first.takesArgument || $0.key != first.key }) {
                let possibilities = candidates.map { " '--\($0.name)'" }.joined()
                return .error("\(argument0): option '--\(body.text)' is ambiguous; possibilities:\(possibilities)\n")
            }
            option = first
        }
        let spelling = "--\(option.name)"
        if !option.takesArgument {
            if attached != nil { return .error("\(argument0): option '\(spelling)' doesn't allow an argument\n") }
            return .option(GzipDialectParser.Found(key: option.key, value: nil, spelling: spelling))
        }
        if let attached { return .option(GzipDialectParser.Found(key: option.key, value: attached, spelling: spelling)) }
        guard index < arguments.count else { return .error("\(argument0): option '\(spelling)' requires an argument\n") }
        index += 1
        return .option(GzipDialectParser.Found(key: option.key, value: arguments[index - 1], spelling: spelling))
    }
}
