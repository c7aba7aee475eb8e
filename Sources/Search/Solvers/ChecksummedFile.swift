import Foundation

/// How every table file here is written: to `PATH.tmp-PID` beside it, each piece added
/// to the file's FNV-1a ``Checksum``, the checksum last, then renamed onto `path`. A
/// reader never sees half a file, and on any failure the temporary file is removed and
/// one line says what failed.
enum ChecksummedFile {
    /// Writes the pieces `body` hands to `put`, then the checksum, to `path`.
    static func write(to path: String, _ body: (_ put: (UnsafeRawBufferPointer) -> Void) -> Void)
        throws(TablebaseFileError) {
        let temporary = path + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw TablebaseFileError("cannot write \(temporary): \(String(cString: strerror(errno)))")
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
        if fclose(file) != 0 { ok = false }
        guard ok else {
            unlink(temporary)
            throw TablebaseFileError("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw TablebaseFileError("cannot rename \(temporary) to \(path): \(reason)")
        }
    }
}
