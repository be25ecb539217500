import SqueezeKit

/// `list`'s part of the report stream: the entries of each archive, spooled as they are read, and
/// printed after the table.
extension ReportStream {
    /// For `ListingRequest.entryHandler`: spools each entry under its archive.
    package var entryHandler: ArchiveEntryHandler {
        { [self] archive, entry in
            let path = "\(archive)"
            do {
                try entrySpool(for: path).append(entry)
            } catch {
                recordSpoolFailure("\(error)")
            }
        }
    }

    /// The table, then each archive's entries as `tar tv` shows them, in chunks.
    package func printListing(to stream: StandardStreams.Stream) throws {
        let listings = ListingFormatter.sorted(self.listings.withLock { $0 })
        try CommandOutput.print(ListingFormatter().fileTable(listings), to: stream, what: "the listing")
        for (path, listing) in listings {
            guard let archive = listing.archive else { continue }
            let spool = archives.withLock { $0[path] }
            let heading = ListingFormatter.entriesHeading(
                path: path, format: archive.format, filters: archive.filters, count: spool?.count ?? 0)
            try CommandOutput.print("\n" + heading, to: stream, what: "the listing")
            try spool?.printLines(to: stream)
        }
    }
}

/// One archive's entries while `list` reads them: their columns, a NUL after each (no name holds
/// one), in a spool; the width of the owner and size columns; and, for `--json`, each entry's JSON.
///
/// Checked `Sendable`: `let`s of `Sendable` types.
package final class ArchiveEntrySpool: Sendable {
    private let text: SpoolFile
    package let json: SpoolFile?
    private let widths = Locked((owner: 0, size: 0))

    package init(keepsJSON: Bool) throws {
        text = try SpoolFile()
        json = keepsJSON ? try SpoolFile() : nil
    }

    package var count: Int { text.recordCount }

    package func append(_ entry: ArchiveListing.Entry) throws {
        let columns = ListingFormatter.EntryColumns(entry)
        widths.withLock { $0 = (max($0.owner, columns.owner.count), max($0.size, columns.size.count)) }
        var bytes = Array(columns.mode.utf8)
        for field in [columns.owner, columns.size, columns.rest] {
            bytes.append(0)
            bytes += field.utf8
        }
        bytes.append(0)
        try text.append(bytes)
        if let json {
            let encoded = try ReportStream.entryEncoder.encode(entry)
            try json.append(json.recordCount > 0 ? Array(",".utf8) + encoded : Array(encoded))
        }
    }

    /// Prints the entries' lines, padded, a chunk of lines at a time.
    package func printLines(to stream: StandardStreams.Stream) throws {
        let (ownerWidth, sizeWidth) = widths.withLock { ($0.owner, $0.size) }
        var fields: [String] = []
        var field: [UInt8] = []
        var out = ""
        try text.forEachChunk { chunk in
            for byte in chunk {
                guard byte == 0 else { field.append(byte); continue }
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                guard fields.count == 4 else { continue }
                out += ListingFormatter.EntryColumns(mode: fields[0], owner: fields[1], size: fields[2], rest: fields[3])
                    .line(ownerWidth: ownerWidth, sizeWidth: sizeWidth)
                fields.removeAll(keepingCapacity: true)
            }
            if out.utf8.count >= 64 * 1024 {
                try CommandOutput.print(out, to: stream, what: "the listing")
                out = ""
            }
        }
        if !out.isEmpty { try CommandOutput.print(out, to: stream, what: "the listing") }
    }
}
