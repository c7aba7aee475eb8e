#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Boards
import Search

/// A program running as a child process, its standard input, output and error piped
/// to the workbench: lines written with deadlines, lines read with deadlines, the
/// last lines of its standard error kept, and an end that always reaps it.
///
/// One owner at a time: an agent's process is used by the game it plays and handed
/// between games through its definition's pool (a `Locked`), never shared, hence
/// `@unchecked Sendable`.
final class AgentProcess: @unchecked Sendable {
    /// What a read gave.
    enum Read: Equatable {
        case line(String)
        /// The deadline passed first.
        case timeout
        /// The process closed its standard output (it exited or crashed).
        case closed
        /// A line longer than ``maxLineBytes``.
        case tooLong
    }

    /// The longest line read; longer is flooding.
    static let maxLineBytes = 65_536
    /// Lines of standard error kept for records.
    static let errorTailLines = 20
    /// Characters kept of each of those lines.
    static let errorLineLength = 300

    let pid: pid_t
    /// The value of ``ProcessTree/variable`` in its environment, which its descendants inherit.
    let mark: String
    private var input, output, errors: Int32
    private var outputBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    private var outputClosed = false
    /// Where reads land before they join a buffer; one allocation per process.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private(set) var errorTail: [String] = []
    private var slot: Int?
    private var reaped = false

    private init(pid: pid_t, mark: String, input: Int32, output: Int32, errors: Int32, slot: Int?) {
        self.pid = pid
        self.mark = mark
        self.input = input
        self.output = output
        self.errors = errors
        self.slot = slot
    }

    deinit { end(gracefully: false) }

    // MARK: - Starting

    /// The path of `program`: with a `/`, relative to `directory`; else the first
    /// executable of that name on `PATH`. The message names what is wrong.
    static func resolve(_ program: String, directory: String) throws(StartFailure) -> String {
        if program.contains("/") {
            let path = program.hasPrefix("/") ? program : directory + "/" + program
            return try check(path, as: program)
        }
        let searchPath = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for dir in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
            if let path = try? check(dir + "/" + program, as: program) { return path }
        }
        throw StartFailure("program '\(program)' not found on PATH")
    }

    private static func check(_ path: String, as program: String) throws(StartFailure) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StartFailure("program '\(program)' not found (\(path))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StartFailure("program '\(program)' is not a regular file (\(path))") }
        guard access(path, X_OK) == 0 else { throw StartFailure("program '\(program)' is not executable (\(path))") }
        return path
    }

    /// Why a program could not be started.
    struct StartFailure: Error { let message: String; init(_ m: String) { message = m } }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), looked up at
    /// run time as the Swift module does not export it.
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    /// Held while pipes are made and a process started (see ``start(_:directory:)``).
    private static let spawning = Locked(())

    /// Starts `arguments` (the program resolved, no shell) in `directory`, in a process
    /// group of its own, its standard streams piped to us.
    static func start(_ arguments: [String], directory: String) throws(StartFailure) -> AgentProcess {
        guard let program = arguments.first else { throw StartFailure("empty command") }
        let path = try resolve(program, directory: directory)
        guard let addChdir else { throw StartFailure("this C library cannot set a child's working directory") }
        // Pipes are made close-on-exec, and made and handed over under one lock, so an
        // agent started by another worker never inherits these ends (it would keep
        // this agent's input open after we close it).
        return try spawning.withLock { _ throws(StartFailure) in
            try spawn(path: path, arguments: arguments, directory: directory, addChdir: addChdir)
        }
    }

    private static func spawn(path: String, arguments: [String], directory: String,
                              addChdir: AddChdir) throws(StartFailure) -> AgentProcess {
        let program = arguments[0]
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            for fd in inPipe + outPipe + errPipe where fd >= 0 { close(fd) }
            throw StartFailure("cannot make pipes: \(String(cString: strerror(errno)))")
        }
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        _ = directory.withCString { addChdir(&actions, $0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (killed whole), no blocked signals, and the signals
        // the workbench ignores or handles back at their defaults.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, sig) }
        posix_spawnattr_setsigdefault(&attributes, &signals)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv[0] = strdup(path)
        argv.append(nil)
        defer { for p in argv { free(p) } }
        // The environment, with the mark its descendants inherit (ProcessTree).
        _ = ProcessTree.subreaper
        let mark = ProcessTree.newMark()
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee {
            if !String(cString: entry).hasPrefix(ProcessTree.variable + "=") { envp.append(strdup(entry)) }
            e += 1
        }
        envp.append(strdup("\(ProcessTree.variable)=\(mark)"))
        envp.append(nil)
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard status == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw StartFailure("cannot start '\(program)': \(String(cString: strerror(status)))")
        }
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return AgentProcess(pid: pid, mark: mark, input: inPipe[1], output: outPipe[0], errors: errPipe[0],
                            slot: ChildProcessGroups.register(pid))
    }

    // MARK: - Talking

    /// Writes `lines`, each ended by a newline, before `deadline` (``Clock/now`` seconds),
    /// in as few writes as the pipe allows: one request is one system call, not one per
    /// line. `false` when the process no longer reads (it exited) or the deadline passed.
    func send(_ lines: [String], until deadline: Double) -> Bool {
        guard input >= 0 else { return false }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { write(input, $0.baseAddress! + sent, $0.count - sent) }
            if n > 0 { sent += n; continue }
            if n < 0 && errno == EINTR { continue }
            guard n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return false }
            var fds = [pollfd(fd: input, events: Int16(POLLOUT), revents: 0)]
            let wait = Self.milliseconds(until: deadline)
            if wait == 0 { return false }
            _ = poll(&fds, 1, wait)
        }
        return true
    }

    /// What standard output holds that was not read yet (checked without waiting),
    /// blank lines skipped: `nil` when nothing, else the first line (or the start of
    /// one) that an agent wrote after its move.
    func unreadOutput() -> String? {
        while true {
            if outputBuffer.isEmpty {
                guard output >= 0, !outputClosed else { return nil }
                var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, 0) > 0, fds[0].revents & Int16(POLLIN) != 0 else { return nil }
                readOutput()
                if outputBuffer.isEmpty { return nil }
            }
            guard outputBuffer.contains(10) else {
                let start = String(decoding: outputBuffer.prefix(200), as: UTF8.self)
                return start.trimmingBlanks.isEmpty && outputBuffer.count < Self.maxLineBytes ? nil : start
            }
            guard case .line(let line) = readLine(until: Clock.now) else { return "" }
            if !line.trimmingBlanks.isEmpty { return line }
        }
    }

    /// Bytes written to its standard input that it has not read yet (Linux's
    /// `FIONREAD` on a pipe); 0 when unknown.
    func unreadInput() -> Int {
        guard input >= 0, let ioctl = Self.ioctl else { return 0 }
        var count: Int32 = 0
        return ioctl(input, 0x541B /* FIONREAD */, &count) == 0 ? Int(count) : 0
    }

    private typealias Ioctl = @convention(c) (Int32, UInt, UnsafeMutablePointer<Int32>) -> Int32

    /// `ioctl`, variadic in C, looked up and called with the arguments of `FIONREAD`.
    private static let ioctl: Ioctl? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ioctl") else { return nil }
        return unsafeBitCast(symbol, to: Ioctl.self)
        #else
        return nil
        #endif
    }()

    /// The next line of standard output (without its newline, a `\r` before it
    /// dropped), read before `deadline`; standard error is drained meanwhile. A line
    /// over ``maxLineBytes`` is ``Read/tooLong`` whether or not its newline came. The
    /// process exiting ends the output even when a child of its still holds it open.
    func readLine(until deadline: Double) -> Read {
        while true {
            if let newline = outputBuffer.firstIndex(of: 10) {
                var end = newline
                if end > 0 && outputBuffer[end - 1] == 13 { end -= 1 }
                if end > Self.maxLineBytes { return .tooLong }
                let line = String(decoding: outputBuffer[..<end], as: UTF8.self)
                outputBuffer.removeSubrange(...newline)
                return .line(line)
            }
            if outputBuffer.count > Self.maxLineBytes { return .tooLong }
            if outputClosed { return .closed }
            let wait = Self.milliseconds(until: deadline)
            if wait == 0 { drainErrors(); return .timeout }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            // In slices, to notice the process exiting while a child holds its output.
            let ready = poll(&fds, errors >= 0 ? 2 : 1, min(wait, Self.exitCheckMilliseconds))
            if ready < 0 && errno != EINTR { outputClosed = true; continue }
            if ready > 0 && errors >= 0 && fds[1].revents != 0 { drainErrors() }
            if ready > 0 && fds[0].revents != 0 { readOutput(); continue }
            if ready == 0 && hasExited() {
                // What it wrote before it exited is read; nothing more counts as its.
                while !outputClosed && outputBuffer.count <= Self.maxLineBytes {
                    let before = outputBuffer.count
                    readOutput()
                    if outputBuffer.count == before { break }
                }
                outputClosed = true
            }
        }
    }

    /// How often, in milliseconds, a wait for output checks whether the process exited.
    static let exitCheckMilliseconds: Int32 = 20

    /// Whether the process has exited (it stays a zombie until ``end(gracefully:)``).
    func hasExited() -> Bool { reaped || exitInfo() != nil }

    /// How the process ended, once it has: `WNOWAIT` leaves it a zombie, so that its
    /// pid (the group's id) cannot be reused before ``end(gracefully:)`` kills the group.
    private func exitInfo() -> siginfo_t? {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid ? info : nil
    }

    private func readOutput() {
        let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
        if n > 0 {
            outputBuffer.append(contentsOf: chunk[..<n])
        } else if n == 0 || (errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK) {
            outputClosed = true
        }
    }

    /// Reads what standard error holds now, keeping its last lines.
    func drainErrors() {
        while errors >= 0 {
            let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress!, $0.count) }
            if n > 0 {
                errorBuffer.append(contentsOf: chunk[..<n])
                while let newline = errorBuffer.firstIndex(of: 10) {
                    keepErrorLine(errorBuffer[..<newline])
                    errorBuffer.removeSubrange(...newline)
                }
                if errorBuffer.count > 4 * Self.errorLineLength {
                    keepErrorLine(errorBuffer[...])
                    errorBuffer.removeAll()
                }
            } else if n == 0 {
                if !errorBuffer.isEmpty { keepErrorLine(errorBuffer[...]); errorBuffer.removeAll() }
                close(errors)
                errors = -1
            } else {
                return  // EAGAIN: nothing more now
            }
        }
    }

    private func keepErrorLine(_ bytes: ArraySlice<UInt8>) {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        if line.count > Self.errorLineLength { line = String(line.prefix(Self.errorLineLength)) + "…" }
        errorTail.append(line)
        if errorTail.count > Self.errorTailLines { errorTail.removeFirst(errorTail.count - Self.errorTailLines) }
    }

    /// After the process closed its output: its last words on standard error (read
    /// for up to `seconds`) and how it ended, e.g. `exited with status 3`.
    func exitDescription(waiting seconds: Double) -> String {
        let deadline = Clock.now + seconds
        while errors >= 0 {
            // Exited: what it wrote is there (a child of its may hold the pipe open).
            if hasExited() { drainErrors(); break }
            var fds = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let wait = Self.milliseconds(until: deadline)
            if wait == 0 { break }
            if poll(&fds, 1, min(wait, Self.exitCheckMilliseconds)) > 0 { drainErrors() }
        }
        while Clock.now < deadline {
            if let info = exitInfo() {
                let code = info._sifields._sigchld.si_status
                return info.si_code == CLD_EXITED ? "exited with status \(code)" : "was killed by signal \(code)"
            }
            usleep(2_000)
        }
        return "closed its output"
    }

    /// The failure `termination` for `reason`, with the process's last lines of
    /// standard error; for a crash, how it ended is added to the reason.
    func failure(_ termination: Termination, _ reason: String) -> AgentFailure {
        let detail = termination == .crash ? "\(reason): it \(exitDescription(waiting: 0.5))" : reason
        drainErrors()
        return AgentFailure(termination, detail, stderr: errorTail)
    }

    // MARK: - Ending

    /// Sends `quit` and closes the process's input, so that several processes can be
    /// asked to end at once before each is waited for.
    func askToQuit() {
        guard input >= 0 else { return }
        _ = send(["quit"], until: Clock.now + 0.2)
        close(input); input = -1
        quitAsked = Clock.now
    }
    private var quitAsked: Double?

    /// Ends the process and reaps it: `quit` and up to a second to exit when
    /// `gracefully`, then its whole process group killed. Idempotent.
    func end(gracefully: Bool) {
        guard !reaped else { return }
        if gracefully {
            askToQuit()
            let deadline = (quitAsked ?? Clock.now) + 1
            // An exited process stays a zombie (exitInfo), its group killed below.
            while Clock.now < deadline && exitInfo() == nil { usleep(2_000) }
        }
        // Its descendants, read while it still links them (ProcessTree), then all killed.
        var known = ProcessTree.tree(of: pid)
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        for p in known { kill(p, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ProcessTree.killStragglers(root: pid, mark: mark, known: &known)
        reaped = true
        ChildProcessGroups.unregister(slot)
        slot = nil
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1; output = -1; errors = -1
    }

    /// Milliseconds from now to `deadline` for `poll`, at least 1 unless it has passed.
    private static func milliseconds(until deadline: Double) -> Int32 {
        let left = deadline - Clock.now
        if left <= 0 { return 0 }
        return Int32(min(Double(Int32.max), (left * 1000).rounded(.up)))
    }
}

