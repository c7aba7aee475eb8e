import Foundation

/// How every table and weights file here is written: to `PATH.tmp-PID` beside it, each
/// piece added to the file's FNV-1a ``Checksum``, the checksum last, flushed to disk, then
/// renamed onto `path`. A reader never sees half a file (a crash leaves the old file or
/// the new one), and on any failure the temporary file is removed and one line, made by
/// `failure`, says what failed.
enum ChecksummedFile {
    /// Writes the pieces `body` hands to `put`, then the checksum, to `path`.
    static func write<Failure: Error>(to path: String, failure: (String) -> Failure,
                                      _ body: (_ put: (UnsafeRawBufferPointer) -> Void) -> Void) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
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
