import Foundation

/// The name a whole-file write gives the file while it writes it: `PATH.tmp-PID`
/// beside `PATH`, renamed onto it when complete. Every whole-file write of the package
/// (tables, weights, a run's configuration and summaries) uses it, so a write a kill
/// cut short leaves a file a run folder can tell from anything else.
public enum TemporaryFile {
    /// The temporary path of this process's write of `path`.
    public static func path(for path: String) -> String { path + ".tmp-\(getpid())" }

    /// Whether the file `name` is what a write of the file `target` (a name in the same
    /// folder) left when a kill cut it short: `target.tmp-` and a process id.
    public static func isLeftover(_ name: String, of target: String) -> Bool {
        let prefix = target + ".tmp-"
        guard name.hasPrefix(prefix) else { return false }
        let pid = name.dropFirst(prefix.count)
        return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// How every table and weights file here is written: to `PATH.tmp-PID` beside it, each
/// piece added to the file's FNV-1a ``Checksum``, the checksum last, flushed to disk, then
/// renamed onto `path`. A reader never sees half a file (a crash leaves the old file or
/// the new one), and on any failure the temporary file is removed and one line, made by
/// `failure`, says what failed.
enum ChecksummedFile {
    /// Writes the pieces `body` hands to `put`, then the checksum, to `path`.
    static func write<Failure: Error>(to path: String, failure: (String) -> Failure,
                                      _ body: (_ put: (UnsafeRawBufferPointer) -> Void) -> Void) throws(Failure) {
        let temporary = TemporaryFile.path(for: path)
        guard let file = fopen(temporary, "wb") else {
            throw failure("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        var checksum = Checksum()
        var ok = true
        body { bytes in
            checksum.add(bytes)
            if ok && fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { ok = false }
        }
        var sum = checksum.value.littleEndian
        withUnsafeBytes(of: &sum) { bytes in
            if ok && fwrite(bytes.baseAddress, 1, 8, file) != 8 { ok = false }
        }
        if ok && (fflush(file) != 0 || fsync(fileno(file)) != 0) { ok = false }
        if fclose(file) != 0 { ok = false }
        guard ok else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure("cannot write \(temporary): \(reason)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure("cannot rename \(temporary) to \(path): \(reason)")
        }
    }
}
