/// Watches the tar stream libarchive writes on its way to the compressor and notes where each
/// entry's header lies in it (`TarHeader` parses it), for the archive's entry index. libarchive
/// writes in blocks of 10 KiB, so the offsets cannot come from when it is called; they come from
/// the bytes themselves. Used by the producer thread alone.
final class TarEntryTracker: ArchiveByteSink {
    private let sink: any ArchiveByteSink
    private var state = State()

    fileprivate struct State {
        var entries = EntryRecords()
        /// Bytes seen so far.
        var offset: Int64 = 0
        /// A header sequence being gathered, starting at `pendingOffset`.
        var pending: [UInt8] = []
        var pendingOffset: Int64 = 0
        /// Data bytes still to pass before the next header.
        var dataLeft: Int64 = 0
        var phase = Phase.headers
    }

    fileprivate enum Phase {
        case headers
        /// The end-of-archive blocks were seen: whatever follows is padding.
        case ended
        /// Something was not understood: no index is written.
        case lost
    }

    init(passingTo sink: any ArchiveByteSink) {
        self.sink = sink
    }

    func consume(_ bytes: UnsafeRawBufferPointer) throws {
        state.observe(bytes)
        try sink.consume(bytes)
    }

    /// Every entry, once the whole tar went through and was understood; nil otherwise.
    var entries: EntryRecords? {
        state.phase == .ended ? state.entries : nil
    }
}

extension TarEntryTracker.State {
    mutating func observe(_ bytes: UnsafeRawBufferPointer) {
        var position = 0
        while position < bytes.count && phase == .headers {
            if dataLeft > 0 {
                let skipped = Int(min(dataLeft, Int64(bytes.count - position)))
                dataLeft -= Int64(skipped)
                position += skipped
                continue
            }
            if pending.isEmpty { pendingOffset = offset + Int64(position) }
            // Gather a block at a time, then as many as the parser asks for.
            let wanted = max(TarHeader.blockSize - pending.count % TarHeader.blockSize, 1)
            let taken = min(wanted, bytes.count - position)
            pending += bytes[position..<(position + taken)]
            position += taken
            guard pending.count % TarHeader.blockSize == 0 else { continue }
            switch pending.withUnsafeBytes({ TarHeader.parse($0) }) {
            case .entry(let header):
                entries.append(ArchiveEntryIndex.Entry(headerOffset: pendingOffset, header: header))
                dataLeft = TarHeader.roundedUp(header.size)
                pending = []
            case .endOfArchive:
                phase = .ended
            case .needsBytes:
                break
            case .invalid:
                phase = .lost
            }
        }
        offset += Int64(bytes.count)
    }
}
