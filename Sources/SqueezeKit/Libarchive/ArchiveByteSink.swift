/// Where libarchive's archive writer sends the archive's bytes, as it produces them.
protocol ArchiveByteSink: AnyObject {
    func consume(_ bytes: UnsafeRawBufferPointer) throws
}
