import Foundation
import Workbench

/// Writing results: text to stdout, JSON objects with sorted keys, errors to stderr.
enum Output {
    /// Prints `value` as one line of JSON; an encoding failure is a runtime error.
    static func printJSON<T: Encodable>(_ value: T) throws(WorkbenchError) {
        print(try JSON.text(value))
    }

    /// Prints `value` as one line of JSON when `json` (a command's `--json`), else `text`.
    static func printResult<T: Encodable>(_ value: T, json: Bool, text: @autoclosure () -> String) throws(WorkbenchError) {
        if json { try printJSON(value) } else { print(text()) }
    }

    /// Writes `bench: message` as one line: newlines and other control characters in
    /// echoed user input are escaped, so the message stays one line and harmless.
    static func error(_ message: String) {
        var oneLine = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": oneLine += "\\n"
            case "\r": oneLine += "\\r"
            case "\t": oneLine += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    oneLine += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    oneLine.unicodeScalars.append(scalar)
                }
            }
        }
        FileHandle.standardError.write(Data(("bench: " + oneLine + "\n").utf8))
    }

    /// A note for the user on stderr (not an error): one line.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data(("bench: " + message + "\n").utf8))
    }
}
