import SqueezeKit

/// What `--help`, `--version` and `--license` print under gzip's and pigz's names: squeeze's own
/// words for the options the tool has, and a version line scripts can read as the tool's (its
/// last word is gzip's version; pigz's second word is pigz's).
enum GzipHelp {
    /// The versions of gzip and pigz whose command lines squeeze follows.
    static let gzipVersion = "1.12"
    static let pigzVersion = "2.6"

    static func version(_ options: GzipOptions) -> String {
        switch options.dialect {
        case .gzip:
            """
            gzip (squeeze \(VersionReport.squeeze)) \(gzipVersion)
            squeeze standing in for GNU gzip \(gzipVersion): its options, names, messages and exit status.
            'squeeze --version' names the libraries it uses.

            """
        case .pigz:
            "pigz \(pigzVersion) (squeeze \(VersionReport.squeeze))\n"
        }
    }

    static func license(_ options: GzipOptions) -> String {
        version(options) + "squeeze is free software; see the copyright file installed with it.\n"
    }

    static func help(_ options: GzipOptions) -> String {
        switch options.dialect {
        case .gzip: gzipHelp(options.program)
        case .pigz: pigzHelp(options.program)
        }
    }

    private static func gzipHelp(_ program: String) -> String {
        """
        Usage: \(program) [OPTION]... [FILE]...
        Compress FILEs in place (FILE becomes FILE.gz), or decompress them (-d).
        squeeze standing in for gzip \(gzipVersion): files and large inputs are compressed on every core,
        each into one gzip member, as gzip writes it.

          -c, --stdout       write to standard output; keep the files
          -d, --decompress   decompress (.gz .z .Z -gz -z _z .tgz .taz, any case; -S adds one)
          -f, --force        overwrite outputs, compress links and to a terminal; with -dc, copy
                             input that is not compressed as it is
          -h, --help         print this help
          -k, --keep         keep the files given
          -l, --list         list compressed files: sizes (of all members, decoding each file
                             unless squeeze's member index gives them), ratio, name
          -L, --license      print the license
          -n, --no-name      store no name and time (compressing); do not restore them
          -N, --name         store the name and time; restore them when decompressing
          -q, --quiet        print no warnings
          -r, --recursive    walk directories
              --rsyncable    start blocks where the bytes say, so that rsync sends little of a
                             changed file
          -S, --suffix=SUF   the suffix of compressed files, in both directions
              --synchronous  make each output durable before its source is removed
          -t, --test         check compressed files
          -v, --verbose      a line per file
          -V, --version      print the version
          -1, --fast         compress faster
          -9, --best         compress better
              --run-report   squeeze's own messages and its report of the run (files, bytes,
                             time, throughput) on standard error, instead of gzip's lines
              --jobs=N       compress with N threads (squeeze's own; default: the active cores)
              --indexed      write squeeze's indexed members instead of one member (squeeze's
                             own): decoded in parallel by squeeze, read by every gunzip, but a
                             one-shot reader (Python's zlib.decompress) sees only the first

        With no FILE, or when FILE is -, standard input is read.
        The GZIP environment variable may hold -n -N -q -v and the levels, as for gzip.
        Exit status: 0 done, 1 an error, 2 a warning.

        """
    }

    private static func pigzHelp(_ program: String) -> String {
        """
        Usage: \(program) [options] [files ...]
          compresses files in place, adding '.gz'; with no files, standard input to standard output.
          squeeze standing in for pigz \(pigzVersion).

        Options:
          -0 to -9, -11        Compression level (-0: stored; -11: libdeflate's slowest for a
                               file of one block, zlib's 9 for larger)
          --fast, --best       Levels 1 and 9
          -b, --blocksize mmm  Block size in KiB (default 1024)
          -c, --stdout         Write to standard output, keep the files
          -d, --decompress     Decompress
          -f, --force          Overwrite, compress links and to a terminal
          -h, --help           This help
          -i, --independent    Independent blocks (squeeze's always are)
          -k, --keep           Keep the files
          -l, --list           List compressed files
          -L, --license        The license
          -m, --no-time        Do not store or restore the time (-T too)
          -M, --time           Store or restore the time
          -n, --no-name        Do not store or restore the name and time
          -N, --name           Store or restore the name and time
          -p, --processes n    Compress with up to n threads (default: the active cores)
          -q, --quiet          No messages
          -r, --recursive      Walk directories
          -S, --suffix .sss    Suffix instead of .gz
          -t, --test           Check compressed files
          -v, --verbose        More messages
          -V, --version        The version
          -Y, --synchronous    Make outputs durable
          -F, -O, -I n, -J n   Accepted (zopfli's tuning; squeeze does not use zopfli)
          -z, --zlib           Compress to zlib (.zz)
          -K, --zip            Compress to a zip of one entry (.zip)
          -R, --rsyncable      Input-determined block locations for rsync
          -C, --comment ccc    Put comment ccc in the gzip or zip header
          -H, --huffman        Use only Huffman coding for compression
          -U, --rle            Use run-length encoding for compression
          --indexed            squeeze's indexed members instead of one member (squeeze's own:
                               decoded in parallel by squeeze; one-shot readers see the first)
          --run-report         squeeze's report of the run instead of pigz's lines
          --                   What follows are files

        """
    }
}
