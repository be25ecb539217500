import Glibc

/// What kind of object a directory entry is, from `st_mode`.
public enum FileKind: String, Sendable, Codable {
    case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }

    /// How messages name this kind: "a FIFO", "a socket".
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "an unknown kind of file"
        }
    }
}
