// The least a Swift program can be in gzip's place, for scripts/bench-startup's `floor` row: a
// static binary (the Swift runtime linked in, no Foundation) that does what zgrep and a
// `find -exec gzip -c` loop ask of gzip, with zlib and nothing else: `-c FILE` compresses FILE to
// standard output, `-cd FILE` (and -cdfq) decodes it there. No messages, no checks beyond zlib's:
// its start-up is what any Swift gzip pays before its first byte.
import Glibc
import CZlibFloor

let arguments = CommandLine.arguments.dropFirst()
let decodes = arguments.contains { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.contains("d") }
guard let path = arguments.last(where: { !$0.hasPrefix("-") }) else { exit(2) }
let input = open(path, O_RDONLY)
guard input >= 0 else { exit(1) }

var stream = z_stream()
let ready = decodes
    ? inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    : deflateInit2_(&stream, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
guard ready == Z_OK else { exit(1) }
var inBuffer = [UInt8](repeating: 0, count: 1 << 16)
var outBuffer = [UInt8](repeating: 0, count: 1 << 17)
var status = Z_OK
repeat {
    let count = read(input, &inBuffer, inBuffer.count)
    guard count >= 0 else { exit(1) }
    let flush = count == 0 ? Z_FINISH : Z_NO_FLUSH
    inBuffer.withUnsafeMutableBufferPointer { bytes in
        stream.next_in = bytes.baseAddress
        stream.avail_in = UInt32(count)
        repeat {
            outBuffer.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                status = decodes ? inflate(&stream, flush) : deflate(&stream, flush)
                _ = write(1, out.baseAddress, out.count - Int(stream.avail_out))
            }
        } while stream.avail_out == 0 && (status == Z_OK || status == Z_BUF_ERROR)
    }
    if count == 0 { break }
} while status == Z_OK
exit(status == Z_STREAM_END ? 0 : 1)
