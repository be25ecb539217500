import Glibc
import SqueezeKit

/// Paths as the user typed them. ArgumentParser works on `String`s, which replace bytes that are
/// not UTF-8 with U+FFFD (so `caf\xe9` would name another file); the kernel's `argv` still holds
/// the bytes. An argument with a replacement character is looked up there: as a whole argument,
/// or as the value of `--option=value`.
enum CommandLinePath {
    static func pathName(_ argument: String) -> PathName {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return PathName(argument) }
        for raw in rawArguments {
            if String(decoding: raw, as: UTF8.self) == argument { return PathName(bytes: raw) }
            if let equals = raw.firstIndex(of: UInt8(ascii: "=")),
               String(decoding: raw[(equals + 1)...], as: UTF8.self) == argument {
                return PathName(bytes: raw[(equals + 1)...])
            }
        }
        return PathName(argument)
    }

    static func pathNames(_ arguments: [String]) -> [PathName] { arguments.map(pathName) }

    private static let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).compactMap { index in
        guard let argument = CommandLine.unsafeArgv[index] else { return nil }
        return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
}

/// Where the running `squeeze` binary is, so that a bench can run it again as a child.
enum ExecutablePath {
    /// `/proc/self/exe` resolved; the path it was started by if that cannot be read.
    static var current: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        if length > 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}
