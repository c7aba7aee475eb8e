import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opening the workbench's own files (logs, records, configurations) only when they
/// are regular files: a FIFO would block the open or the read for ever, a device such
/// as /dev/zero never ends, and a symbolic link loop looks like no file at all, so a
/// report would count 0 games and overwrite the summary. Each is refused as one
/// runtime error, `PATH: not a regular file (a FIFO)`. A symbolic link to a regular
/// file is followed.
public enum RegularFile {
    /// What is at `path`: `false` when nothing is there (not even a symbolic link),
    /// `true` for a regular file (or a link to one); anything else is a runtime error.
    public static func exists(_ path: String) throws(WorkbenchError) -> Bool {
        var link = stat()
        if lstat(path, &link) != 0 {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw .runtime("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var target = stat()
        if stat(path, &target) != 0 {
            switch errno {
            case ELOOP: throw notRegular(path, "a symbolic link loop")
            case ENOENT, ENOTDIR: throw notRegular(path, "a broken symbolic link")
            default: throw .runtime("cannot read \(path): \(String(cString: strerror(errno)))")
            }
        }
        if let kind = kind(target.st_mode) { throw notRegular(path, kind) }
        return true
    }

    /// Opens `path` with `flags` (`O_RDONLY`, or `O_WRONLY | O_APPEND | O_CREAT`, …)
    /// after checking it with ``exists(_:)``; `nil` when there is no file and `flags`
    /// do not create one. The open itself never blocks (`O_NONBLOCK`, cleared after),
    /// and the opened file is checked again, so a FIFO put in place between the check
    /// and the open is refused too.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(WorkbenchError) -> Int32? {
        let present = try exists(path)
        if !present && flags & O_CREAT == 0 { return nil }
        let fd = Glibc.open(path, flags | O_NONBLOCK | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .runtime("cannot \(flags & (O_WRONLY | O_RDWR) != 0 ? "write" : "read") \(path): \(reason)")
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .runtime("cannot read \(path): \(reason)")
        }
        if let kind = kind(opened.st_mode) {
            close(fd)
            throw notRegular(path, kind)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The whole content of the regular file `path`, or `nil` when there is none.
    public static func contents(_ path: String) throws(WorkbenchError) -> Data? {
        guard let fd = try open(path, flags: O_RDONLY) else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do { return try handle.readToEnd() ?? Data() } catch {
            throw .runtime("cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// What a file of mode `mode` is, in words, when it is not a regular file.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    static func notRegular(_ path: String, _ kind: String) -> WorkbenchError {
        .runtime("\(path): not a regular file (\(kind))")
    }
}
