import Glibc

/// What a scan does with one of squeeze's temporaries: a run that writes into the tree removes
/// those a killed run left (SIGKILL, a power cut: nothing of it remained to clean up), and never
/// one whose run may still be going; every other temporary is passed by, saying why.
enum LeftoverTemporaries {
    static func settle(_ path: PathName, _ temporary: TemporaryName.Recognised, removing: Bool) -> SkipReason {
        guard removing else { return .temporaryFile }
        switch temporary {
        case .unowned:
            return .leftoverTemporaryFile(
                "a temporary of an older squeeze, whose name does not say which run made it: "
                    + "once no squeeze is working on this tree, remove it (rm)")
        case .owned(let owner):
            switch owner.liveness {
            case .running:
                return .temporaryFile
            case .elsewhere:
                return .leftoverTemporaryFile(
                    "a squeeze temporary made on another machine or in another container (pid namespace), "
                        + "where process \(owner.pid) may still be writing it: once no squeeze is working on this tree there, remove it (rm)")
            case .gone:
                let removed = path.withCString { unlink($0) } == 0 || errno == ENOENT
                guard removed else {
                    let error = SystemError("remove", path, code: errno)
                    return .leftoverTemporaryFile("a temporary left by an interrupted squeeze run (process \(owner.pid)); \(error)")
                }
                return .removedTemporaryFile
            }
        }
    }
}
