import Boards
import Workbench

/// The statuses of include/gamebench.h (`enum gb_status`), one per kind of failure.
enum Status: Int32 {
    case ok = 0
    case handle = 1
    case argument = 2
    case game = 3
    case rules = 4
    case action = 5
    case text = 6
    case spec = 7
    case file = 8
    case state = 9
}

/// A failed call: its status and the one-line message the caller gets in `gb_error`.
struct Failure: Error {
    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func argument(_ message: String) -> Failure { Failure(.argument, message) }
    static func state(_ message: String) -> Failure { Failure(.state, message) }
}

/// The size of `gb_error`'s message array.
private let messageCapacity = 512

/// Runs one exported call: its status, with `err` (a `gb_error *`, may be NULL) filled
/// in on a failure. Every export goes through here, so no error escapes as a trap.
@inline(__always)
func call(_ err: UnsafeMutableRawPointer?, _ body: () throws(Failure) -> Void) -> Int32 {
    do {
        try body()
        return Status.ok.rawValue
    } catch {
        if let err { write(error, to: err) }
        return error.status.rawValue
    }
}

/// Writes `failure` into a `gb_error`: the code, then the message cut at a character
/// boundary to fit 511 bytes and a NUL.
private func write(_ failure: Failure, to err: UnsafeMutableRawPointer) {
    err.storeBytes(of: failure.status.rawValue, as: Int32.self)
    let message = err.advanced(by: 4).assumingMemoryBound(to: UInt8.self)
    var bytes = Array(failure.message.replacingNewlines.utf8)
    if bytes.count > messageCapacity - 1 {
        var end = messageCapacity - 1
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
        bytes.removeSubrange(end...)
    }
    for (i, b) in bytes.enumerated() { message[i] = b }
    message[bytes.count] = 0
}

extension String {
    /// The text on one line (a message never spans lines).
    var replacingNewlines: String { split(whereSeparator: \.isNewline).joined(separator: " ") }
}

/// An output pointer the caller must give.
@inline(__always)
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(Failure) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw .argument("\(name) is NULL") }
    return pointer
}

/// A C string argument, which must be given and be UTF-8.
func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(Failure) -> String {
    guard let pointer else { throw .argument("\(name) is NULL") }
    guard let s = String(validatingCString: pointer) else { throw .argument("\(name) is not UTF-8 text") }
    return s
}

/// Writes `text` snprintf-style: its full length in `*length`, at most `capacity - 1`
/// bytes and a NUL into `buffer` (which may be NULL when `capacity` is 0).
func output(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
            _ length: UnsafeMutablePointer<Int64>?) throws(Failure) {
    let length = try required(length, "length")
    guard capacity >= 0 else { throw .argument("capacity \(capacity) is negative") }
    let bytes = Array(text.utf8)
    if capacity > 0 {
        let buffer = try required(buffer, "buffer")
        let n = min(bytes.count, Int(capacity) - 1)
        for i in 0..<n { buffer[i] = CChar(bitPattern: bytes[i]) }
        buffer[n] = 0
    }
    length.pointee = Int64(bytes.count)
}

extension Failure {
    /// A parse error of position or move text.
    init(text error: ParseError) { self.init(.text, error.message) }
    /// A workbench error, as the status it maps to.
    init(_ status: Status, _ error: WorkbenchError) { self.init(status, error.message) }
}
