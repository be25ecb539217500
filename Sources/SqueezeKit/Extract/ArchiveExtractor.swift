import CArchive
import Glibc

/// Extracts the entries of one archive under a destination, one by one, with libarchive's
/// `archive_write_disk`. Used by one thread.
///
/// Safety comes in layers, because a hostile archive must never write outside the destination:
/// - squeeze checks every entry first: absolute names and names with `..` are refused
///   (`EntryPath`), so are device nodes and FIFOs unless allowed, and hard links to anything this
///   extraction did not make itself (a link to a file that was already there, or is outside, could
///   let the entry's data change it).
/// - the name is then placed under the destination's canonical path (no symbolic links, no `..`),
///   and libarchive writes with ARCHIVE_EXTRACT_SECURE_SYMLINKS (it refuses to write through a
///   symbolic link, so a link planted by an earlier entry cannot carry a later one outside, and it
///   checks hard link targets the same way) and SECURE_NODOTDOT. Its SECURE_NOABSOLUTEPATHS cannot
///   be used, since every path it is given is now absolute: squeeze's own check refuses absolute
///   names instead.
/// - setuid and setgid bits are cleared and owners left to whoever extracts, unless asked.
/// - regular files are written to a temporary beside their name and renamed into place once
///   complete: an entry that fails or is interrupted leaves no half-written file.
/// - nothing that was in the destination before is replaced without `--force`; the check is made
///   here (so that the entry is reported) and ARCHIVE_EXTRACT_NO_OVERWRITE keeps libarchive from
///   replacing a file that stands where it wants a parent directory.
final class ArchiveExtractor {
    private let reader: ArchiveReadHandle
    private let disk: DiskWriteHandle
    private let options: ExtractionOptions
    private let registry: TemporaryFileRegistry
    private let collector: any ResultRecording
    private let cancellation: CancellationFlag
    private var paths: ExtractedPaths
    private let entry = ArchiveEntryHandle()
    private var bytesReported: Int64 = 0

    /// `root` must be canonical (see `PathName.canonical()`).
    init(
        reader: ArchiveReadHandle, root: PathName, rootWasCreated: Bool, options: ExtractionOptions,
        registry: TemporaryFileRegistry, collector: any ResultRecording, cancellation: CancellationFlag
    ) throws {
        self.reader = reader
        disk = try DiskWriteHandle()
        self.options = options
        self.registry = registry
        self.collector = collector
        self.cancellation = cancellation
        paths = ExtractedPaths(root: root, rootWasCreated: rootWasCreated)
        if options.restoreOwners { try disk.useSystemUserDatabase() }
    }

    /// Extracts every entry, recording each one's outcome; skipped entries go to the report.
    /// Throws when the archive cannot be read any further (or the disk writer is broken).
    func extractAll(into report: inout RunReportBuilder) throws {
        while !cancellation.isCancelled {
            let header = try reader.nextHeader(into: entry)
            if header == .endOfFile { break }
            let name = entry.pathname
            let start = MonotonicClock.now()
            do {
                if let outcome = try extract(name, headerWarning: header.warning, report: &report) {
                    collector.record(outcome)
                }
            } catch let refusal as EntryRefusal {
                collector.record(failure(name, "\(refusal)", since: start))
            } catch let error as LibarchiveError where !error.isFatal {
                collector.record(failure(name, "\(error)", since: start))
            } catch let error as SystemError {
                collector.record(failure(name, "\(error)", since: start))
            } catch is CancellationError {
                break
            } catch {
                // The archive (or the disk writer) cannot go on: say which entry it stopped at.
                throw ArchiveDamageError(entry: name, underlying: error)
            }
            reportProgress()
        }
        reportProgress()
        // Directories get their times and permissions last, once nothing more is written in them.
        if case .warning(let message) = try disk.close() {
            report.warnings.append(FileFailure(path: paths.root, message: message))
        }
    }

    /// Extracts the current entry; nil when it was skipped (and noted in the report).
    private func extract(_ name: PathName, headerWarning: String?, report: inout RunReportBuilder) throws -> FileOutcome? {
        let start = MonotonicClock.now()
        let relative = try EntryPath.relative(name)
        let storedLink = entry.hardLinkTarget
        // A hard link is another name for what its target (vetted below) is; tar readers give it
        // no type of its own.
        let kind = storedLink == nil ? entry.kind : .regular
        try checkKind(kind, isDestination: relative.isEmpty)
        let target = relative.isEmpty ? paths.root : paths.root.appending(relative)
        let isDirectory = kind == .directory && storedLink == nil
        // Regular files go through a temporary; everything else is created in one step.
        let usesTemporary = kind == .regular && storedLink == nil

        var updatesOwnDirectory = false
        if let existing = try? FileStatus.of(target, followingSymlinks: false) {
            if paths.contains(target) {
                // The archive names it again: the last entry wins, as with tar.
                if isDirectory && existing.kind == .directory {
                    updatesOwnDirectory = true
                } else if !usesTemporary && existing.kind != .directory {
                    try systemCall("replace", target) { target.withCString { unlink($0) } }
                }
            } else if !(isDirectory && existing.kind == .directory) && !options.overwrite {
                report.skipped.append(SkippedPath(path: name, reason: .outputExists(target)))
                return nil
            }
        }

        let linkTarget = try storedLink.map(placeHardLinkTarget)
        paths.noteParents(of: target)
        var flags = ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM | ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT
        if options.restoreOwners { flags |= ARCHIVE_EXTRACT_OWNER }
        // A directory this extraction made may take the entry's times and permissions; every
        // directory on the way to it exists, so nothing can be replaced on the way.
        if !options.overwrite && !updatesOwnDirectory { flags |= ARCHIVE_EXTRACT_NO_OVERWRITE }
        try disk.setOptions(flags)

        if !options.keepSetuidBits { entry.permissions &= ~(S_ISUID | S_ISGID) }
        let temporary = usesTemporary ? freshTemporary(for: target) : nil
        entry.pathname = temporary ?? target
        if let linkTarget { entry.hardLinkTarget = linkTarget }

        var warnings = headerWarning.map { [$0] } ?? []
        var written: Int64 = 0
        var headerWritten = false
        if let temporary { registry.register(temporary) }
        do {
            if case .warning(let message) = try disk.writeHeader(entry, name: name) { warnings.append(message) }
            headerWritten = true
            while let block = try reader.nextDataBlock(name: name) {
                if cancellation.isCancelled { throw CancellationError() }
                try disk.writeData(block.bytes, at: block.offset, name: name)
                written += Int64(block.bytes.count)
            }
            if case .warning(let message) = try disk.finishEntry(name: name) { warnings.append(message) }
            if let temporary {
                try systemCall("rename into place", target) {
                    temporary.withCString { from in target.withCString { to in rename(from, to) } }
                }
                registry.unregister(temporary)
            }
        } catch {
            if headerWritten { _ = try? disk.finishEntry(name: name) }
            if let temporary {
                _ = temporary.withCString { unlink($0) }
                registry.unregister(temporary)
            }
            throw error
        }
        paths.insert(target)
        return FileOutcome(
            source: name, output: target, bytesIn: 0, bytesOut: written, seconds: MonotonicClock.now() - start,
            status: .done, warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
    }

    private func checkKind(_ kind: FileKind, isDestination: Bool) throws(EntryRefusal) {
        switch kind {
        case .regular, .directory, .symbolicLink: break
        case .fifo, .characterDevice, .blockDevice:
            if !options.allowSpecialFiles { throw .specialFile(kind) }
        case .socket, .unknown:
            throw .unsupportedKind(kind)
        }
        if isDestination && kind != .directory { throw .namesDestination(kind) }
    }

    /// The full path of a hard link's target: inside the destination, and made by this extraction.
    private func placeHardLinkTarget(_ link: PathName) throws(EntryRefusal) -> PathName {
        let relative: PathName
        do {
            relative = try EntryPath.relative(link)
        } catch {
            throw .hardLinkOutside(target: link)
        }
        let target = paths.root.appending(relative)
        guard !relative.isEmpty && paths.contains(target) else { throw .hardLinkToUnextracted(target: link) }
        return target
    }

    /// A temporary name beside `target` that nothing uses (libarchive creates it).
    private func freshTemporary(for target: PathName) -> PathName {
        while true {
            let candidate = AtomicFileWriter.temporaryCandidate(for: target)
            if !FileStatus.exists(candidate) { return candidate }
        }
    }

    private func failure(_ name: PathName, _ message: String, since start: Double) -> FileOutcome {
        FileOutcome(
            source: name, output: nil, bytesIn: 0, bytesOut: 0, seconds: MonotonicClock.now() - start,
            status: .failed(message))
    }

    /// The archive bytes consumed since the last report, for the progress display.
    private func reportProgress() {
        let consumed = reader.bytesConsumed
        if consumed > bytesReported {
            collector.recordProgress(bytes: consumed - bytesReported)
            bytesReported = consumed
        }
    }
}
