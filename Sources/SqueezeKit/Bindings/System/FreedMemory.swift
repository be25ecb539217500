import CSystem

/// How the C library's allocator keeps what is freed. Decoded blocks (1-2 MiB each) are made on
/// the decoding threads and freed on others once written or extracted. By default glibc gives a
/// block over its moving mmap threshold back to the kernel when it is freed, and trims a heap's
/// free top over twice that threshold; the next block is then faulted in again, page by page:
/// 6,000 page faults and 3-4% of the CPU of extracting a `.tar.zst` of /usr/include. Kept,
/// freed memory is reused as it is; a process still holds no more than at its peak.
public enum FreedMemory {
    /// Call once, first thing in a process, before any thread starts. Blocks under 32 MiB (the
    /// ceiling of glibc's own moving threshold) come from the heaps, whose free tops are kept up
    /// to 256 MiB.
    public static func keepForReuse() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }
}
