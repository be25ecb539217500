import CArchive
import CDeflate
import CIsal
import CZlib
import CZstd

/// The versions of the C libraries squeeze runs with, for `--version` and bug reports.
public enum LibraryVersions {
    /// zlib's own answer at run time (`zlibVersion()`): the shared library actually loaded.
    public static var zlib: String { String(cString: zlibVersion()) }

    /// libdeflate has no run-time version call: this is `LIBDEFLATE_VERSION_STRING` from the
    /// header squeeze was compiled against.
    public static var libdeflate: String { LIBDEFLATE_VERSION_STRING }

    /// ISA-L has no run-time version call either: its header's, as compiled against.
    public static var isal: String { "\(ISAL_MAJOR_VERSION).\(ISAL_MINOR_VERSION).\(ISAL_PATCH_VERSION)" }

    /// libzstd's own answer at run time (`ZSTD_versionString()`).
    public static var zstd: String { String(cString: ZSTD_versionString()) }

    /// libarchive's run-time answer, with the versions of the libraries it was built with
    /// (`archive_version_details()`, e.g. "libarchive 3.6.2 zlib/1.2.13 liblzma/5.4.1 …"), or
    /// why it cannot be loaded: `--version` still answers without it, as compress does.
    public static var libarchive: String {
        if let failure = squeeze_libarchive_load_failure() { return "libarchive: cannot load \(String(cString: failure))" }
        return String(cString: archive_version_details())
    }
}
