extension PathName {
    /// What stands for standard input among the paths a command is given (its `-`): one NUL byte,
    /// which no argument, and no name of a NUL-separated list, can hold, so that no file is ever
    /// taken for it (and the kernel, should it be asked, finds nothing by that name).
    public static let standardInput = PathName(bytes: [0])

    /// How standard input is named in messages and reports.
    public static let standardInputName: PathName = "(standard input)"
}
