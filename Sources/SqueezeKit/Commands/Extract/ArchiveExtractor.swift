import CArchive
import Glibc

/// Extracts the entries of one archive under a destination, one by one, with libarchive's
/// `archive_write_disk`. Used by one thread: the extraction thread (see `ExtractionRun`).
///
/// Safety comes in layers, because a hostile archive must never write outside the destination:
/// - squeeze checks every entry first: absolute names and names with `..` are refused
///   (`EntryPath`), so are device nodes and FIFOs unless allowed, and hard links to anything this
///   extraction did not make itself (a link to a file that was there before could let the entry's
///   data change it, and through it any other name it has, inside the destination or not).
/// - libarchive then writes with ARCHIVE_EXTRACT_SECURE_SYMLINKS (it refuses to write through a
///   symbolic link, so a link planted by an earlier entry cannot carry a later one outside, and it
///   checks hard link targets the same way), SECURE_NODOTDOT, and SECURE_NOABSOLUTEPATHS whenever
///   paths can stay relative to the destination (see `EntryPlacement`).
/// - setuid and setgid bits are cleared and owners left to whoever extracts, unless asked.
/// - regular files are written to a temporary beside their name and renamed into place once
///   complete: an entry that fails or is interrupted leaves no half-written file. So is the data
///   of a hard link that carries some (cpio's newc puts a file's data on its last name):
///   libarchive would reopen the file in place.
/// - a file whose bytes the stream has not verified yet (a gzip member's CRC comes after its data)
///   keeps its temporary until they are (`UnverifiedEntries`), and so do the entries that must
///   not appear before it: hard links to it, symbolic links to it, later entries of its name. A
///   damaged archive leaves no wrong file under a final name. Directories, made from their
///   headers alone (which tar checksums), are made at once; libarchive gives them their modes and
///   times when it closes, after everything in them has its name.
/// - a hard link whose target comes later in the archive waits for it (`ForwardLinks`).
/// - nothing that was in the destination before is replaced without `--force`; the check is made
///   here (so that the entry is reported) and ARCHIVE_EXTRACT_NO_OVERWRITE keeps libarchive from
///   replacing a file that stands where it wants a parent directory. What this extraction made is
///   replaced by a later entry of the same name (see `clearOwn`).
final class ArchiveExtractor {
    /// The archive's path, for the failures that belong to no entry.
    private let archive: PathName
    private let reader: ArchiveReadHandle
    private let disk: DiskWriteHandle
    private let placement: EntryPlacement
    private let options: ExtractionOptions
    private let registry: TemporaryFileRegistry
    private let collector: any ResultRecording
    private let cancellation: CancellationFlag
    /// The entries asked for (`extract ARCHIVE PATH…`); nil, every entry.
    private var selection: EntrySelection?
    private var paths: ExtractedPaths
    private var linkedNames = LinkedNames()
    private let entry = ArchiveEntryHandle()
    /// For the links that give a file's names the data of a link entry (see `relink`).
    private let linkEntry = ArchiveEntryHandle()
    private var bytesReported: Int64 = 0
    /// Files extracted from bytes not verified yet, waiting under their temporaries.
    private var unverified = UnverifiedEntries()
    /// Hard links waiting for a target the archive has not made yet.
    private var forwardLinks = ForwardLinks()
    private var leftovers = LeftoverSweep()
    private var directoriesToSettle = DirectoriesToSettle()
    /// The directories entries go into, held open (nil where the thread cannot move inside the destination).
    private let heldDirectories: HeldDirectories?
    /// The ARCHIVE_EXTRACT_* flags of the current entry.
    private var entryFlags: Int32 = 0
    private let fileWriter = HeldDirectoryFileWriter()
    /// The second thread, which creates plain files (nil: this thread creates every entry).
    private let creator: PlainFileCreator?
    /// The files handed to it that may not have their names yet.
    private var handedOff = HandedOffNames()
    /// Files read for it and not sent yet: they go together (`handOver`), so that its thread
    /// wakes once for many (each wake-up is a system call and a switch on a loaded core), up to
    /// 32 files or a quarter of a megabyte of what they keep alive (`FileData.weight`).
    private var handOffs: [PlainFileCreator.File] = []
    private var handOffWeight = 0
    /// The last of the stream's chunks charged to a file sent to the creator, and to a file in
    /// `handOffs` (see `FileData.weight`): a chunk is charged to the first file sent that keeps it.
    private var lastSentChunk = -1
    private var lastChargedChunk = -1
    /// Temporary names come from one random seed, not a system call per file.
    private var temporaryNames = SplitMix64(seed: .random(in: .min ... .max))

    /// What extracting the current entry involves, once it has passed the checks.
    private struct Target {
        var relative: PathName
        var kind: FileKind
        /// Its directory was made by this extraction (`ExtractedPaths.madeParent`): nothing there
        /// predates it.
        var inOwnDirectory: Bool
        /// A hard link's target, relative to the destination.
        var linkTarget: PathName?
        /// A hard link with data: the data is written to a temporary, which then becomes every
        /// name of the file (see `relink`).
        var linkCarriesData: Bool
        /// A hard link whose target the archive has not made yet (see `ForwardLinks`).
        var linksForward = false
        /// It must not take its name before an entry still waiting (see `UnverifiedEntries`).
        var waitsBehind = false
        /// An empty name of a file with several (cpio's newc), whose data comes on a later name.
        var awaitsData = false
        /// Something was at the path before this extraction (a directory the entry merges into).
        var existedBefore = false
        /// A directory this extraction made, named again: it takes the entry's metadata.
        var updatesOwnDirectory = false
        /// Something that was there before this extraction is in the way (`--force`).
        var replacesOlder = false
        /// Regular files, data and entries that wait go through a temporary; everything else is
        /// made in one step.
        var usesTemporary: Bool { kind == .regular && (linkTarget == nil || linkCarriesData) || waitsBehind || linksForward }
        var isDirectory: Bool { kind == .directory && linkTarget == nil }
    }

    init(
        archive: PathName, reader: ArchiveReadHandle, placement: EntryPlacement, destinationWasCreated: Bool,
        options: ExtractionOptions, registry: TemporaryFileRegistry, collector: any ResultRecording,
        cancellation: CancellationFlag, selection: EntrySelection? = nil, createsOnTwoThreads: Bool = false,
        pauseCreator: PlainFileCreator.Pause? = nil
    ) throws {
        self.selection = selection
        self.archive = archive
        self.reader = reader
        disk = try DiskWriteHandle()
        self.placement = placement
        heldDirectories = placement.isInsideDestination ? HeldDirectories() : nil
        self.options = options
        self.registry = registry
        self.collector = collector
        self.cancellation = cancellation
        paths = ExtractedPaths(destinationWasCreated: destinationWasCreated) { relative in
            try? FileStatus.of(placement.path(relative), followingSymlinks: false)
        }
        if options.restoreOwners { try disk.useSystemUserDatabase() }
        // Plain files are created from held directories: without them, by this thread alone.
        if createsOnTwoThreads, let root = heldDirectories?.duplicateRoot() {
            creator = PlainFileCreator(
                root: root, placement: placement, writer: fileWriter, registry: registry, collector: collector,
                cancellation: cancellation, pause: pauseCreator)
        } else {
            creator = nil
        }
    }

    /// Extracts every entry, recording each one's outcome (skipped entries too) as it is done. Then
    /// reads the stream to its end, so that every byte is verified before the last files take
    /// their names. Throws when the archive cannot be read any further (or the disk writer is
    /// broken); files still waiting for their bytes to be verified are then removed and reported.
    func extractAll(into report: inout RunReportBuilder) throws {
        do {
            let extracted = Result { try extractEntries(into: &report) }
            // Every file handed over has its name (or has failed) before anything is settled.
            handOver()
            creator?.finish()
            handedOff.removeAll()
            try extracted.get()
            if !cancellation.isCancelled, let warning = try reader.finishReadingStream() {
                report.warnings.append(FileFailure(path: archive, message: warning))
            }
        } catch {
            abandonUnverified(because: error)
            refuseForwardLinks()
            // As libarchive settles the directories it made when it is freed.
            _ = directoriesToSettle.settle(placement: placement)
            throw error
        }
        if !cancellation.isCancelled { refuseForwardLinks() }
        if cancellation.isCancelled {
            abandonUnverified(because: nil)
        } else {
            commitUnverified { _ in true }
        }
        reportProgress()
        // Directories get their times and permissions last, once nothing more is written in them.
        if case .warning(let message) = try disk.close() {
            report.warnings.append(FileFailure(path: placement.root, message: message))
        }
        report.warnings += directoriesToSettle.settle(placement: placement)
        // As GNU tar says it, and with its exit status (2).
        for path in selection?.unmatched ?? [] {
            report.warnings.append(FileFailure(path: path, message: "Not found in archive"))
        }
    }

    private func extractEntries(into report: inout RunReportBuilder) throws {
        // The last entry whose header was read, to say where a header that cannot be read is.
        var previous: PathName?
        var unreadable = UnreadableHeaders()
        while !cancellation.isCancelled {
            let start = MonotonicClock.now()
            let header: LibarchiveStatus
            do {
                header = try reader.nextHeader(into: entry)
            } catch let error as LibarchiveError where !error.isFatal {
                // libarchive can go on past this header, unless it is stuck at it.
                if unreadable.note(error, at: reader.headerPosition, name: entry.pathname) { continue }
                throw ArchiveDamageError(.header(after: previous), underlying: error)
            } catch {
                throw ArchiveDamageError(.header(after: previous), underlying: error)
            }
            if let lost = unreadable.end(at: reader.headerPosition, after: previous) {
                collector.record(failure(lost.name ?? archive, lost.message, since: start))
                previous = lost.name ?? previous
            }
            if header == .endOfFile { break }
            let name = entry.pathname
            previous = name
            // An entry not asked for is passed over unsaid; libarchive skips its data.
            if selection?.select(name.bytes) == false { continue }
            do {
                defer { paths.settleParents() }
                if let outcome = try extract(name, headerWarning: header.warning.flatMap(Self.keptWarning)) {
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
                throw ArchiveDamageError(.entry(name), underlying: error)
            }
            commitUnverified(reader.streamHasVerified(through:))
            reportProgress()
        }
    }

    /// A header's warning, unless it only says that a name stored as UTF-8 (a pax path record) is
    /// not UTF-8: GNU tar writes such records for names that are not, and libarchive keeps the
    /// name's bytes, which is what GNU tar extracts, without a word.
    private static func keptWarning(_ message: String) -> String? {
        message.hasSuffix("can't be converted from UTF-8 to current locale.") ? nil : message
    }

    /// Gives the waiting files whose bytes are now verified their names, in archive order.
    private func commitUnverified(_ isVerified: (Int64) -> Bool) {
        for waiting in unverified.takeVerified(isVerified) {
            if waiting.isSuperseded {
                collector.record(waiting.outcome)
                continue
            }
            do {
                if waiting.givesDataToLinks, let file = waiting.linkTarget {
                    try relink(file, to: waiting.temporary, except: waiting.name)
                }
                try rename(waiting.temporary, over: waiting.name)
                registry.unregister(placement.absolute(waiting.temporary))
                // Waiting entries are never directories: in a directory this extraction made, they are its own.
                if !waiting.inOwnDirectory { paths.insert(waiting.name) }
                if let file = waiting.linkTarget { noteLinked([waiting.name, file]) }
                collector.record(waiting.outcome)
            } catch {
                // Its bytes were verified: the name could not be taken.
                discard(waiting.temporary)
                let cause = (error as? LibarchiveError)?.naming(waiting.temporary, as: waiting.name) ?? error
                collector.record(UnverifiedEntries.failure(waiting, "\(cause)"))
            }
        }
    }

    /// Removes the waiting entries; each is reported as failed with `error` unless the run was
    /// interrupted, a file with the names that were to be its hard links.
    private func abandonUnverified(because error: (any Error)?) {
        let waiting = unverified.takeAll()
        // The names of one file wait as links of one temporary inode: the first is the file.
        var first: [FileIdentity: Int] = [:]
        var links: [Int: [PathName]] = [:]
        for (index, entry) in waiting.enumerated() where !entry.isSuperseded {
            guard let identity = (try? status(of: entry.temporary)).map(FileIdentity.init) else { continue }
            if let file = first[identity] { links[file, default: []].append(entry.name) } else { first[identity] = index }
        }
        for (index, entry) in waiting.enumerated() {
            if !entry.isSuperseded { discard(entry.temporary) }
            guard let error else { continue }
            let cause = (error as? ArchiveDamageError)?.underlying ?? error
            collector.record(UnverifiedEntries.failure(entry, because: cause, links: entry.linkTarget == nil ? links[index] ?? [] : []))
        }
    }

    /// The archive ended without making the targets of the hard links still waiting for one.
    private func refuseForwardLinks() {
        for link in forwardLinks.takeAll() {
            collector.record(failure(link.entryName, "\(EntryRefusal.hardLinkToUnextracted(target: link.storedTarget))", since: link.start))
        }
    }

    private func discard(_ temporary: PathName) {
        _ = placement.path(temporary).withCString { unlink($0) }
        registry.unregister(placement.absolute(temporary))
    }

    /// Extracts the current entry; nil when it was skipped (and recorded as such).
    private func extract(_ name: PathName, headerWarning: String?) throws -> FileOutcome? {
        let start = MonotonicClock.now()
        guard let target = try check(name) else { return nil }
        if let replaced = forwardLinks.remove(named: target.relative) {
            // This entry takes the name first: that link would replace it if made later.
            collector.record(failure(replaced.entryName, "\(EntryRefusal.hardLinkToUnextracted(target: replaced.storedTarget))", since: replaced.start))
        }
        if target.linksForward, let file = target.linkTarget, let stored = entry.hardLinkTarget {
            forwardLinks.add(ForwardLinks.Link(name: target.relative, entryName: name, storedTarget: stored, start: start), to: file)
            return nil
        }
        if target.isDirectory {
            for temporary in unverified.supersede(target.relative) { discard(temporary) }
        }
        var flags = ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM | ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT
        if placement.isInsideDestination { flags |= ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS }
        if options.restoreOwners { flags |= ARCHIVE_EXTRACT_OWNER }
        // A directory this extraction made may take the entry's times and permissions; every
        // directory on the way to it exists, so nothing can be replaced on the way.
        if !options.overwrite && !target.updatesOwnDirectory { flags |= ARCHIVE_EXTRACT_NO_OVERWRITE }
        try disk.setOptions(flags)
        entryFlags = flags

        // A directory there already takes its entry's mode and time at the end (see `DirectoriesToSettle`).
        let settled = target.updatesOwnDirectory ? (entry.permissions & (options.keepSetuidBits ? 0o7777 : ~(S_ISUID | S_ISGID) & 0o7777), entry.modificationTime) : nil
        if settled != nil { entry.permissions |= 0o700 }
        let written = try write(name, to: target, headerWarning: headerWarning)
        if !target.existedBefore { paths.insert(target.relative, madeAs: target.isDirectory ? nil : target.kind) }
        if let settled, let status = try? status(of: target.relative), status.kind == .directory {
            directoriesToSettle.add(target.relative, status: status, permissions: settled.0, modificationTime: settled.1)
        }
        let outcome = FileOutcome(
            source: name, output: placement.absolute(target.relative), bytesIn: 0, bytesOut: written.bytes,
            seconds: MonotonicClock.now() - start, status: .done,
            warning: written.warnings.isEmpty ? nil : written.warnings.joined(separator: "; "))
        if let handOff = written.handOff, let creator {
            // The creator records the outcome once the file has its name.
            handOffs.append(PlainFileCreator.File(
                temporary: handOff.temporary, name: target.relative, entry: handOff.entry, data: handOff.data,
                outcome: outcome, start: start))
            handOffWeight += handOff.data.weight(chargingChunksAfter: &lastChargedChunk)
            noteHandedOff(target.relative, to: creator)
            return nil
        }
        if let waiting = written.waiting {
            let streamEnd = reader.streamPosition
            if target.linkCarriesData, let file = target.linkTarget { unverified.release(file, at: streamEnd) }
            unverified.append(UnverifiedEntries.Entry(
                temporary: waiting, name: target.relative, kind: target.kind, inOwnDirectory: target.inOwnDirectory,
                streamEnd: target.awaitsData ? UnverifiedEntries.awaitingData : streamEnd,
                outcome: outcome, linkTarget: target.linkTarget, givesDataToLinks: target.linkCarriesData))
        }
        if !target.isDirectory { makeForwardLinks(to: target.relative) }
        return written.waiting == nil ? outcome : nil
    }

    /// Makes the hard links that waited for `file`, just made (and those that waited for them):
    /// each through a temporary linked to the file (to its temporary while it waits), renamed
    /// into place. A link waits with its file, and behind an earlier entry of its own name still
    /// waiting (the last entry of a name wins, whatever the stream has verified).
    private func makeForwardLinks(to file: PathName) {
        guard !forwardLinks.isEmpty else { return }
        var made = [file]
        // The links' names were checked when their entries came: a file handed over since may
        // have taken one of them, or a directory on their way.
        if forwardLinks.isAwaited(file) { waitForCreator() }
        while let target = made.popLast() {
            for link in forwardLinks.take(to: target) {
                let start = MonotonicClock.now()
                let waitingFile = unverified.waiting(for: target)
                var temporary: PathName?
                do {
                    let parents = sequence(first: link.name.parent) { $0.parent }.lazy.prefix { $0 != "." }
                    try checkNotBeneathWaitingEntry(link.name, directories: parents)
                    let inOwnDirectory = paths.madeParent(of: link.name)
                    let linked = freshTemporary(for: link.name, inOwnDirectory: inOwnDirectory)
                    temporary = linked
                    registry.register(placement.absolute(linked))
                    linkEntry.clear()
                    linkEntry.pathname = placement.path(linked)
                    linkEntry.hardLinkTarget = placement.path(waitingFile?.temporary ?? target)
                    linkEntry.kind = .regular
                    try disk.setOptions(ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_NO_OVERWRITE)
                    _ = try disk.writeHeader(linkEntry, name: link.entryName)
                    _ = try disk.finishEntry(name: link.entryName)
                    let outcome = FileOutcome(
                        source: link.entryName, output: placement.absolute(link.name), bytesIn: 0, bytesOut: 0,
                        seconds: MonotonicClock.now() - link.start, status: .done)
                    if waitingFile != nil || unverified.isWaiting(link.name) {
                        let kind = waitingFile?.kind ?? (try? status(of: target))?.kind ?? .regular
                        unverified.append(UnverifiedEntries.Entry(
                            temporary: linked, name: link.name, kind: kind, inOwnDirectory: inOwnDirectory,
                            streamEnd: reader.streamPosition,
                            outcome: outcome, linkTarget: target))
                    } else {
                        try rename(linked, over: link.name)
                        registry.unregister(placement.absolute(linked))
                        paths.insert(link.name)
                        noteLinked([link.name, target])
                        collector.record(outcome)
                    }
                    made.append(link.name)
                } catch {
                    if let temporary { discard(temporary) }
                    let cause = temporary.flatMap { (error as? LibarchiveError)?.naming($0, as: link.name) } ?? error
                    collector.record(failure(link.entryName, "\(cause)", since: start))
                }
            }
        }
    }

    /// Throws when one of `directories`, which extracting `relative` would create, is the name of
    /// an entry still waiting (a file, a link: waiting entries are never directories). In archive
    /// order that name is taken by then, and the entry fails as it does when nothing waits
    /// ("Not a directory"); created now, the directory would keep the waiting entry from its name,
    /// and what is extracted would depend on how far the stream had been verified.
    private func checkNotBeneathWaitingEntry(_ relative: PathName, directories: some Sequence<PathName>) throws(SystemError) {
        guard !unverified.isEmpty, directories.contains(where: unverified.isWaiting) else { return }
        throw SystemError("extract", placement.absolute(relative), code: ENOTDIR)
    }

    /// Where the entry goes, after squeeze's checks; nil when something that was there before is
    /// in the way (a warning in the report, unless `--force`).
    private func check(_ name: PathName) throws -> Target? {
        let relative = try EntryPath.relative(name)
        waitForCreator(touching: relative)
        let storedLink = entry.hardLinkTarget
        // A hard link is another name for what its target (vetted below) is; tar readers give it
        // no type of its own.
        let kind = storedLink == nil ? entry.kind : .regular
        try checkKind(kind, isDestination: relative.isEmpty)
        paths.noteParents(of: relative)
        try checkNotBeneathWaitingEntry(relative, directories: paths.pendingParents)
        let inOwnDirectory = paths.madeParent(of: relative)
        if !relative.isEmpty && !inOwnDirectory {
            // A directory that was there before: a killed extraction may have left temporaries in it.
            let directory = relative.parent == "." ? PathName(bytes: []) : relative.parent
            for leftover in leftovers.sweep(directory, placement: placement) { collector.record(.skipped(leftover)) }
        }
        let linkTarget = try storedLink.map(checkHardLinkTarget)
        if let linkTarget { waitForCreator(touching: linkTarget) }
        if linkTarget == relative { throw EntryRefusal.hardLinkToItself }
        // cpio gives every name of a symbolic link its target as data: that is no file's data.
        let carriesData = linkTarget != nil && entry.size > 0 && entry.kind != .symbolicLink
        var target = Target(relative: relative, kind: kind, inOwnDirectory: inOwnDirectory, linkTarget: linkTarget, linkCarriesData: carriesData)
        if let storedLink, let linkTarget {
            let waiting = unverified.waiting(for: linkTarget)
            if waiting == nil && !paths.contains(linkTarget) {
                // Not made yet: made when the archive makes it, if it does. Data must be given to
                // a file that is there.
                if target.linkCarriesData { throw EntryRefusal.hardLinkToUnextracted(target: storedLink) }
                target.linksForward = true
            }
            // Data needs a file to go to (libarchive would drop it for a symbolic link, say).
            if target.linkCarriesData && (waiting?.kind ?? (try? status(of: linkTarget))?.kind) != .regular {
                throw EntryRefusal.hardLinkDataToNonFile(target: storedLink)
            }
            target.waitsBehind = waiting != nil
        }
        if kind == .symbolicLink, !unverified.isEmpty, let pointed = entry.symbolicLinkTarget.flatMap({ EntryPath.symbolicLinkTarget($0, of: relative) }) {
            target.waitsBehind = unverified.isWaiting(pointed)
        }
        if !target.isDirectory && unverified.isWaiting(relative) { target.waitsBehind = true }
        if kind == .regular && storedLink == nil && entry.size == 0 && entry.linkCount > 1 {
            target.awaitsData = true
            target.waitsBehind = true
        }

        // One look answers both: what is there, and whether this extraction made it.
        let existing = existingStatus(of: relative)
        let isOurs = paths.contains(relative, found: existing)
        if let existing {
            if isOurs {
                try clearOwn(relative, kind: existing.kind, for: &target)
            } else if target.isDirectory && existing.kind == .directory {
                target.existedBefore = true
            } else if !options.overwrite {
                collector.record(.skipped(SkippedPath(path: name, reason: .outputExists(placement.absolute(relative)))))
                return nil
            } else if existing.kind != .regular && existing.kind != .symbolicLink {
                // Nothing that is not a file is replaced, as for every output squeeze writes; a
                // symbolic link is, not followed (as `gzip -f` replaces one named after its source).
                throw EntryRefusal.replacesNonFile(existing.kind)
            } else {
                target.replacesOlder = true
            }
        }
        return target
    }

    /// The archive names again something this extraction made: the last entry wins, as with tar.
    /// What is in the way goes now, since ARCHIVE_EXTRACT_NO_OVERWRITE would have libarchive keep
    /// it and say the entry was made (except a temporary's rename, which replaces a file itself).
    /// A directory goes only if empty: its entries are the archive's too.
    private func clearOwn(_ relative: PathName, kind existing: FileKind, for target: inout Target) throws {
        let path = placement.path(relative)
        // What is held open there is no longer what the path names.
        heldDirectories?.forget(relative)
        if let creator {
            handOver()
            creator.forget(relative)
        }
        if target.isDirectory {
            if existing == .directory {
                target.updatesOwnDirectory = true
            } else {
                try systemCall("replace", placement.absolute(relative)) { path.withCString { unlink($0) } }
            }
        } else if existing == .directory {
            try systemCall("replace the directory", placement.absolute(relative)) { path.withCString { rmdir($0) } }
            directoriesToSettle.forget(relative)
        } else if !target.usesTemporary {
            try systemCall("replace", placement.absolute(relative)) { path.withCString { unlink($0) } }
        }
    }

    /// Creates the entry's object and copies its data: through a temporary renamed into place for
    /// a regular file, and for a hard link's data (see `relink`). A temporary that must wait for
    /// its bytes to be verified before it is renamed, and a file read for the creator, are the
    /// caller's to queue.
    private func write(_ name: PathName, to target: Target, headerWarning: String?) throws -> Written {
        if !options.keepSetuidBits { entry.permissions &= ~(S_ISUID | S_ISGID) }
        if target.linkCarriesData {
            // The data becomes a file of its own first.
            entry.hardLinkTarget = nil
            entry.kind = .regular
        } else if let file = target.linkTarget {
            // A link to a file still waiting is a link to its temporary, waiting with it.
            entry.hardLinkTarget = placement.path(unverified.temporary(for: file) ?? file)
            // Data it may carry is not for the file (see `check`): libarchive would write it
            // through the link.
            entry.size = 0
        }
        // A directory's data (GNU's incremental 'D': the names it dumped) is not written: the
        // disk writer has no file to write it to.
        let readsData = (target.linkTarget == nil || target.linkCarriesData) && !target.isDirectory
        guard target.usesTemporary else {
            do {
                let (written, warnings) = try create(target.relative, for: target, name, headerWarning: headerWarning, readsData: readsData)
                if let file = target.linkTarget { noteLinked([file, target.relative]) }
                return Written(bytes: written, warnings: warnings)
            } catch {
                // What libarchive made before failing is this extraction's: a later entry of the
                // name must replace it, not be told by NO_OVERWRITE that it is there.
                let made = !target.existedBefore && !target.replacesOlder && (try? status(of: target.relative)) != nil
                if made { paths.insert(target.relative) }
                throw error
            }
        }

        let temporary = freshTemporary(for: target.relative, inOwnDirectory: target.inOwnDirectory)
        if let directory = directoryForCreator(target, readsData: readsData) {
            return try read(name, for: target, temporary: temporary, in: directory, headerWarning: headerWarning)
        }
        registry.register(placement.absolute(temporary))
        do {
            let (written, warnings) = try create(temporary, for: target, name, headerWarning: headerWarning, readsData: readsData)
            // Data waits until its bytes are verified, in archive order: behind anything already
            // waiting. An entry without data (an empty file, a link) has no bytes to verify (its
            // header carries its own checksum, as a directory's does): it waits only when it must
            // not appear before an entry still waiting. Data for a link's file waits until every
            // earlier entry has its name, so that it reaches them all.
            let unverifiedData = written > 0 && (!unverified.isEmpty || !reader.streamHasVerified(through: reader.streamPosition))
            if target.waitsBehind || unverifiedData || target.linkCarriesData && !unverified.isEmpty {
                return Written(bytes: written, warnings: warnings, waiting: temporary)
            }
            if target.linkCarriesData, let file = target.linkTarget { try relink(file, to: temporary, except: target.relative) }
            try rename(temporary, over: target.relative)
            registry.unregister(placement.absolute(temporary))
            if let file = target.linkTarget { noteLinked([file, target.relative]) }
            return Written(bytes: written, warnings: warnings)
        } catch {
            discard(temporary)
            throw (error as? LibarchiveError)?.naming(temporary, as: target.relative) ?? error
        }
    }

    /// What writing an entry came to (see `write`).
    private struct Written {
        /// The bytes of data written, or read for the creator.
        var bytes: Int64
        /// libarchive's warnings about the entry.
        var warnings: [String]
        /// The temporary the entry waits under until its bytes are verified (see `UnverifiedEntries`);
        /// nil when it has its name, or was read for the creator.
        var waiting: PathName? = nil
        /// The file read for the creator, which gives it its name.
        var handOff: HandOff? = nil
    }

    /// A plain file read for the creator (`PlainFileCreator`), under the temporary it will have.
    private struct HandOff {
        var temporary: PathName
        var entry: HeldDirectoryFileWriter.Entry
        var data: PlainFileCreator.FileData
    }

    /// The held directory of the current entry's file when the creator may make it: a plain
    /// file (no link, no owners to restore, no setuid or setgid bits, small enough to be held
    /// in memory whole, by the size its header says) in a directory this extraction made, with
    /// nothing waiting before it and no link waiting for it, so that it takes its name as soon as
    /// it is written if its bytes are verified by then. Nil: this thread makes it.
    private func directoryForCreator(_ target: Target, readsData: Bool) -> Int32? {
        guard creator != nil, let heldDirectories, target.kind == .regular, target.linkTarget == nil, readsData,
              !target.waitsBehind, target.inOwnDirectory, paths.pendingParents.isEmpty, unverified.isEmpty,
              !options.restoreOwners, entry.permissions & (S_ISUID | S_ISGID) == 0,
              entry.hasSize, entry.size <= PlainFileCreator.largestFile, !forwardLinks.isAwaited(target.relative)
        else { return nil }
        return heldDirectories.held(target.relative.parent)
    }

    /// Reads the current entry's data for the creator. Bytes the stream has not verified yet keep
    /// the file here: it is written under its temporary from `directory` and waits (`waiting`), as
    /// every such file does.
    private func read(
        _ name: PathName, for target: Target, temporary: PathName, in directory: Int32, headerWarning: String?
    ) throws -> Written {
        var data = PlainFileCreator.FileData(expectedCount: Int(entry.size))
        while let block = try reader.nextDataBlock(name: name) {
            if cancellation.isCancelled { throw CancellationError() }
            if let lent = reader.lentChunk(holding: block.bytes), lent.chunk.count <= PlainFileCreator.largestChunkKept {
                data.append(lent, at: block.offset)
            } else {
                data.append(block.bytes, at: block.offset)
            }
        }
        let file = HeldDirectoryFileWriter.Entry(
            permissions: entry.permissions, size: entry.size,
            modificationTime: entry.hasModificationTime ? entry.modificationTime : nil, accessTime: entry.accessTime)
        let warnings = headerWarning.map { [$0] } ?? []
        guard data.count > 0 && !reader.streamHasVerified(through: reader.streamPosition) else {
            return Written(bytes: Int64(data.count), warnings: warnings, handOff: HandOff(temporary: temporary, entry: file, data: data))
        }
        registry.register(placement.absolute(temporary))
        do {
            let path = placement.absolute(target.relative)
            let written = try data.withBlocks { next in
                try fileWriter.write(temporary.lastComponent, in: directory, file, path: path, nextBlock: next)
            }
            return Written(bytes: written, warnings: warnings, waiting: temporary)
        } catch {
            discard(temporary)
            throw error
        }
    }

    /// Waits for the creator when extracting `relative`, or linking to it, touches a file handed
    /// to it (see `HandedOffNames`).
    private func waitForCreator(touching relative: PathName) {
        guard let creator, handedOff.conflicts(with: relative) else { return }
        handOver()
        creator.waitUntilCreated()
        handedOff.removeAll()
    }

    /// Waits for the creator to finish every file handed over: for what touches names it cannot
    /// list (the names of a file's hard links, the links waiting for a file).
    private func waitForCreator() {
        guard let creator, handedOff.count > 0 else { return }
        handOver()
        creator.waitUntilCreated()
        handedOff.removeAll()
    }

    /// Notes a file handed to `creator`. The names are forgotten once it is found to have made
    /// them all, looked at every thousand (a lock taken) and waited for at four times that (a
    /// pause of the channel's few milliseconds of work in thousands of files), so that their
    /// memory stays bounded whatever the number of entries.
    private func noteHandedOff(_ name: PathName, to creator: PlainFileCreator) {
        handedOff.insert(name)
        if handOffs.count >= 32 || handOffWeight >= 256 << 10 { handOver() }
        guard handedOff.count.isMultiple(of: 1024) else { return }
        handOver()
        if handedOff.count >= 4096 { creator.waitUntilCreated() }
        if creator.hasCreatedEverything { handedOff.removeAll() }
    }

    /// Sends the files read for the creator. Those it has no room for are made here, as are those
    /// the run's interruption keeps from it: this thread had read them whole, and finishes what it
    /// has begun (see `PlainFileCreator`).
    private func handOver() {
        guard let creator, !handOffs.isEmpty else { return }
        let (files, weight) = (handOffs, handOffWeight)
        (handOffs, handOffWeight) = ([], 0)
        if creator.handIfRoom(files, weight: weight) {
            lastSentChunk = lastChargedChunk
            return
        }
        // Their chunks were charged to files not sent: the next files kept in them are charged.
        lastChargedChunk = lastSentChunk
        if let heldDirectories { creator.createHere(files, from: heldDirectories) }
    }

    /// Makes `entry` (as set up) at `relative`, the target's name or its temporary (see `copy`).
    /// A file or symbolic link whose directory is there is made from inside that directory (see
    /// `HeldDirectories`), under its last component: libarchive then checks one name for symbolic
    /// links, not every directory on the way. A plain file's temporary there is written by squeeze
    /// from the directory's descriptor, without libarchive (`HeldDirectoryFileWriter`).
    /// Directories are not made from inside (libarchive gives them their modes and times when it
    /// closes, by the name it was given), nor are hard links (their targets are named from the
    /// destination), nor entries whose directories must be made.
    private func create(
        _ relative: PathName, for target: Target, _ name: PathName, headerWarning: String?, readsData: Bool
    ) throws -> (Int64, [String]) {
        if target.isDirectory, try makeDirectory(target) { return (0, headerWarning.map { [$0] } ?? []) }
        let inside = relative.parent != "." && target.linkTarget == nil && !target.isDirectory && paths.pendingParents.isEmpty
        guard inside, let heldDirectories else {
            entry.pathname = placement.path(relative)
            return try copy(name, headerWarning: headerWarning, readsData: readsData)
        }
        // A plain file's temporary is written from the directory's descriptor (see `HeldDirectoryFileWriter`).
        if relative != target.relative && target.kind == .regular && readsData && !options.restoreOwners
            && entry.permissions & (S_ISUID | S_ISGID) == 0, let directory = heldDirectories.held(relative.parent) {
            let file = HeldDirectoryFileWriter.Entry(
                permissions: entry.permissions, size: entry.size,
                modificationTime: entry.hasModificationTime ? entry.modificationTime : nil, accessTime: entry.accessTime)
            let written = try fileWriter.write(relative.lastComponent, in: directory, file, path: placement.absolute(target.relative)) {
                if cancellation.isCancelled { throw CancellationError() }
                return try reader.nextDataBlock(name: name)
            }
            return (written, headerWarning.map { [$0] } ?? [])
        }
        guard heldDirectories.enter(relative.parent) else {
            entry.pathname = placement.path(relative)
            return try copy(name, headerWarning: headerWarning, readsData: readsData)
        }
        entry.pathname = relative.lastComponent
        // With no directory on the way, SECURE_SYMLINKS would only look at the name itself (one
        // more open, stat and close), to remove a symbolic link there: squeeze has settled what
        // is there already (`check`, `clearOwn`), a temporary's name is new (made with O_EXCL),
        // and libarchive replaces what --force lets it replace without following it.
        try disk.setOptions(entryFlags & ~ARCHIVE_EXTRACT_SECURE_SYMLINKS)
        let made = Result { try copy(name, headerWarning: headerWarning, readsData: readsData) }
        try heldDirectories.leave()
        // Hard links made next (`relink`) name paths from the destination: checked again.
        try disk.setOptions(entryFlags)
        return try made.get()
    }

    /// Makes a new directory with `mkdirat` from its parent's held descriptor instead of libarchive,
    /// which for every directory sets and restores the umask and opens, examines and closes each
    /// directory on the way (SECURE_SYMLINKS: the held descriptor was opened without following a
    /// link). It is made with the mode libarchive makes a directory with (the owner's permissions
    /// added, no one else's write), and given its entry's mode and times at the end, as libarchive
    /// gives them when it closes (`DirectoriesToSettle`). False when libarchive must make it
    /// (something there, a parent to make, owners or setuid bits), or `mkdirat` failed: libarchive
    /// then tries, and says why it cannot.
    private func makeDirectory(_ target: Target) throws(SystemError) -> Bool {
        let permissions = entry.permissions
        guard let heldDirectories, !target.relative.isEmpty, !target.existedBefore, !target.updatesOwnDirectory,
              !target.replacesOlder, paths.pendingParents.isEmpty, !options.restoreOwners, permissions & (S_ISUID | S_ISGID) == 0,
              let parent = heldDirectories.held(target.relative.parent)
        else { return false }
        let name = target.relative.lastComponent
        guard name.withCString({ mkdirat(parent, $0, (permissions | 0o700) & 0o775) }) == 0 else { return false }
        var raw = stat()
        try systemCall("create", placement.absolute(target.relative)) {
            name.withCString { fstatat(parent, $0, &raw, AT_SYMLINK_NOFOLLOW) }
        }
        // Unset times are the start's, as libarchive gives them.
        directoriesToSettle.add(
            target.relative, status: FileStatus(raw), permissions: permissions,
            modificationTime: entry.hasModificationTime ? entry.modificationTime : fileWriter.startTime,
            accessTime: entry.accessTime ?? fileWriter.startTime)
        return true
    }

    /// Writes the header of `entry` (as set up) and copies the entry's data into what it made.
    /// Without `readsData`, the entry gets no data: the reader skips what it has at the next header.
    private func copy(_ name: PathName, headerWarning: String?, readsData: Bool = true) throws -> (Int64, [String]) {
        var warnings = headerWarning.map { [$0] } ?? []
        var written: Int64 = 0
        if case .warning(let message) = try disk.writeHeader(entry, name: name) { warnings.append(message) }
        do {
            while readsData, let block = try reader.nextDataBlock(name: name) {
                if cancellation.isCancelled { throw CancellationError() }
                try disk.writeData(block.bytes, at: block.offset, name: name)
                written += Int64(block.bytes.count)
            }
            if case .warning(let message) = try disk.finishEntry(name: name) { warnings.append(message) }
        } catch {
            _ = try? disk.finishEntry(name: name)
            throw error
        }
        return (written, warnings)
    }

    /// A hard link entry's data is for the file its target is: libarchive would write it into
    /// that file in place (truncated first), so that an interruption or a damaged archive would
    /// leave the file, under every name, half-written. Instead the data is written to
    /// `temporary`, and every name the file has here (its target and the earlier links to it,
    /// all made by this extraction) is replaced with the temporary, one by one: each through a
    /// fresh link (made by libarchive, which checks both paths for symbolic links) renamed over
    /// it. Every name always holds a whole file; `except` (the entry's own name) comes last.
    private func relink(_ file: PathName, to temporary: PathName, except own: PathName) throws {
        // A name of the file may have been taken since by a file handed over: the one found there
        // after it is.
        waitForCreator()
        let old = FileIdentity(try status(of: file))
        let names = [file] + linkedNames.names(of: old).filter { $0 != file && $0 != own }
        for name in names where (try? status(of: name)).map(FileIdentity.init) == old {
            let link = freshTemporary(for: name, inOwnDirectory: paths.madeParent(of: name))
            registry.register(placement.absolute(link))
            defer { registry.unregister(placement.absolute(link)) }
            linkEntry.clear()
            linkEntry.pathname = placement.path(link)
            linkEntry.hardLinkTarget = placement.path(temporary)
            linkEntry.kind = .regular
            do {
                _ = try disk.writeHeader(linkEntry, name: name)
                _ = try disk.finishEntry(name: name)
                try rename(link, over: name)
            } catch {
                _ = placement.path(link).withCString { unlink($0) }
                throw (error as? LibarchiveError)?.naming(link, as: name) ?? error
            }
            noteLinked([name])
        }
    }

    /// Renames `temporary` to `relative`, replacing what is there. A link of the file `relative`
    /// already names is not moved (rename(2) does nothing when both names are one file's): the
    /// temporary is then removed, as the rename would have.
    private func rename(_ temporary: PathName, over relative: PathName) throws(SystemError) {
        let from = placement.path(temporary), to = placement.path(relative)
        try systemCall("rename into place", placement.absolute(relative)) {
            from.withCString { from in to.withCString { to in Glibc.rename(from, to) } }
        }
        _ = from.withCString { unlink($0) }
    }

    /// Notes that `names` are hard links of one file (the one the first names now).
    private func noteLinked(_ names: [PathName]) {
        guard let status = try? status(of: names[0]) else { return }
        for name in names { linkedNames.add(name, to: FileIdentity(status)) }
    }

    /// `lstat` of a path relative to the destination.
    private func status(of relative: PathName) throws(SystemError) -> FileStatus {
        try FileStatus.of(placement.path(relative), followingSymlinks: false)
    }

    /// What is at an entry's path (nil: nothing), looked up from its directory's held descriptor
    /// where there is one (see `HeldDirectories.status`); every entry asks.
    private func existingStatus(of relative: PathName) -> FileStatus? {
        // Its directory is missing: nothing is there.
        if !paths.pendingParents.isEmpty { return nil }
        guard let heldDirectories, !relative.isEmpty else { return try? status(of: relative) }
        switch heldDirectories.status(of: relative) {
        case .status(let found): return found
        case .nothing: return nil
        case .notHeld: return try? status(of: relative)
        }
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

    /// A hard link's target, relative to the destination: inside it (whether this extraction made
    /// it is checked by the caller).
    private func checkHardLinkTarget(_ link: PathName) throws(EntryRefusal) -> PathName {
        let relative: PathName
        do {
            relative = try EntryPath.relative(link)
        } catch {
            throw .hardLinkOutside(target: link)
        }
        guard !relative.isEmpty else { throw .hardLinkToUnextracted(target: link) }
        return relative
    }

    /// A temporary name beside `relative` that nothing uses (libarchive creates it). In a
    /// directory this extraction made (`inOwnDirectory`), a fresh random name is free without looking.
    private func freshTemporary(for relative: PathName, inOwnDirectory: Bool) -> PathName {
        while true {
            let named = TemporaryName.candidate(for: relative, random: temporaryNames.next())
            // At the top, without the "./" the candidate comes with.
            let candidate = named.parent == "." ? named.lastComponent : named
            if inOwnDirectory || !FileStatus.exists(placement.path(candidate)) { return candidate }
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
