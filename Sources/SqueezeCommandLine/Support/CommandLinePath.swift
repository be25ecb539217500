import Glibc
import SqueezeKit

/// Paths as the user typed them. ArgumentParser works on `String`s, which replace bytes that are
/// not UTF-8 with U+FFFD (so `caf\xe9` would name another file, and `caf\xe8` the same one); the
/// kernel's `argv` still holds the bytes. A path with a replacement character is matched to argv
/// by position: path arguments to argv's operands (the entries that are neither options nor their
/// values) in order, an option's value to that option's last value, as ArgumentParser keeps it.
package enum CommandLinePath {
    /// Path arguments, in ArgumentParser's order (argv's): each takes the next operand that
    /// reads as it, so two arguments that read alike keep their own bytes.
    package static func pathNames(_ arguments: [String]) -> [PathName] {
        var operands = rawArguments.operands[...]
        return arguments.map { argument in
            guard let index = operands.firstIndex(where: { String(decoding: $0, as: UTF8.self) == argument }) else {
                return PathName(argument)
            }
            let raw = operands[index]
            operands = operands[(index + 1)...]
            return argument.unicodeScalars.contains("\u{FFFD}") ? PathName(bytes: raw) : PathName(argument)
        }
    }

    /// The one path argument of a command that takes one.
    package static func pathName(_ argument: String) -> PathName { pathNames([argument])[0] }

    /// The value of the option named `names` (`"-o", "--output"`): `-o PATH`, `--output PATH` or
    /// `--output=PATH`, the last given.
    package static func pathName(_ argument: String, option names: String...) -> PathName {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return PathName(argument) }
        let raw = rawArguments.values(of: Set(names)).last { String(decoding: $0, as: UTF8.self) == argument }
        return raw.map { PathName(bytes: $0) } ?? PathName(argument)
    }

    private static let rawArguments = RawArguments(
        (1..<Int(CommandLine.argc)).compactMap { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return nil }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        })
}

/// `argv` as bytes, told apart as ArgumentParser does: options, their values, and operands (the
/// subcommand's name and the path arguments).
private struct RawArguments {
    /// Every option of squeeze's commands that takes a value; what follows one is its value, not
    /// an operand. (A flag, or an option missing here, only risks an operand being matched to a
    /// value that reads the same.)
    package static let optionsWithValues: Set<String> = [
        "-C", "-j", "-l", "-o", "--block-size", "--codec", "--collector", "--directory", "--exclude", "--files-from", "--from-json",
        "--include", "--jobs", "--json", "--level", "--mode", "--modes", "--output", "--output-dir", "--plan", "--progress",
        "--qos", "--repeat", "--scratch-dir", "--shard", "--shards", "--svg", "--warmup",
    ]

    /// What each entry is, in argv's order.
    enum Entry {
        case operand([UInt8])
        case value(option: String, [UInt8])
        case option
    }

    package let entries: [Entry]

    package init(_ arguments: [[UInt8]]) {
        var entries: [Entry] = []
        var index = 0
        var afterTerminator = false
        while index < arguments.count {
            let raw = arguments[index]
            index += 1
            let text = String(decoding: raw, as: UTF8.self)
            if afterTerminator || text == "-" || !text.hasPrefix("-") {
                entries.append(.operand(raw))
            } else if text == "--" {
                afterTerminator = true
                entries.append(.option)
            } else if text.hasPrefix("--"), let equals = raw.firstIndex(of: UInt8(ascii: "=")) {
                entries.append(.value(option: String(decoding: raw[..<equals], as: UTF8.self), Array(raw[(equals + 1)...])))
            } else {
                // A long option, or short ones grouped (`-fo DIR`): the last may take the next entry.
                let name = text.hasPrefix("--") ? text : "-" + String(text.suffix(1))
                entries.append(.option)
                if Self.optionsWithValues.contains(name) && index < arguments.count {
                    entries.append(.value(option: name, arguments[index]))
                    index += 1
                }
            }
        }
        self.entries = entries
    }

    package var operands: [[UInt8]] {
        entries.compactMap { if case .operand(let raw) = $0 { raw } else { nil } }
    }

    package func values(of names: Set<String>) -> [[UInt8]] {
        entries.compactMap { if case .value(let option, let raw) = $0, names.contains(option) { raw } else { nil } }
    }
}

/// Where the running `squeeze` binary is, so that a bench can run it again as a child.
package enum ExecutablePath {
    /// `/proc/self/exe` resolved; the path it was started by if that cannot be read.
    package static var current: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        if length > 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}
