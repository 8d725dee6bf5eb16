import CommandLineSupport

/// A failure fsearch reports as one line on stderr (and a hint), with its exit code.
struct CLIError: Error {
    /// sysexits(3) codes.
    enum Code: Int32 {
        case other = 1
        case usage = 64
        case badData = 65
        case noInput = 66
        case io = 74
    }

    var code: Code
    var message: String
    var hint: String?

    init(_ code: Code, _ message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }

    init(_ usage: UsageError, command: String) {
        self.init(.usage, usage.message, hint: usage.hint ?? "see fsearch \(command)--help")
    }
}
