import Glibc

/// The temporaries an extraction killed outright (SIGKILL, a power cut) left in the destination,
/// removed by the next extraction into it, as `compress` removes its own (`LeftoverTemporaries`:
/// only those whose process is gone, never one of a run still going).
///
/// A killed run's temporaries are beside the entries it was writing, so each directory that was
/// there before this extraction is listed once, the first time an entry goes into it; directories
/// this extraction made hold none. The destination is not walked as a whole: it may be a large
/// tree the archive does not touch. A directory reached through a symbolic link is not listed
/// (nothing is ever written there, nor removed).
struct LeftoverSweep {
    private var listed: Set<PathName> = []

    /// Lists `directory` (relative to the destination; empty: the destination itself) if it has
    /// not been, removing the leftovers found there; returns what the run should report (each one
    /// removed, and each one that could not be judged or removed).
    mutating func sweep(_ directory: PathName, placement: EntryPlacement) -> [SkippedPath] {
        guard listed.insert(directory).inserted, Self.isReachedWithoutLinks(directory, placement: placement) else { return [] }
        let path = placement.path(directory)
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return []
        }
        defer { closedir(stream) }
        guard let names = try? TreeScanner.entries(in: stream, path) else { return [] }
        var found: [SkippedPath] = []
        for entry in names where entry.type == DT_REG || entry.type == DT_UNKNOWN {
            guard let temporary = TemporaryName.recognise(entry.name) else { continue }
            let relative = directory.isEmpty ? entry.name : directory.appending(entry.name)
            let reason = LeftoverTemporaries.settle(placement.path(relative), temporary, removing: true)
            // One of a run still going is its business alone.
            if reason != SkipReason.temporaryFile { found.append(SkippedPath(path: placement.absolute(relative), reason: reason)) }
        }
        return found
    }

    /// Whether every component of `directory` below the destination is a directory, not a link to one.
    private static func isReachedWithoutLinks(_ directory: PathName, placement: EntryPlacement) -> Bool {
        var path = directory
        while !path.isEmpty && path != "." {
            guard (try? FileStatus.of(placement.path(path), followingSymlinks: false))?.kind == .directory else { return false }
            path = path.parent == "." ? PathName(bytes: []) : path.parent
        }
        return true
    }
}
