/// What a command accepts: its options and positional arguments, with the text `--help` shows.
public struct CommandSpec: Sendable {
    /// An option: `--name value` (or `--name=value`), or a flag `--name` / `-n`.
    public struct Option: Sendable {
        public var name: String
        public var short: Character?
        /// nil for a flag; the value's name in help (`DIR`) otherwise.
        public var valueName: String?
        public var isRepeatable: Bool
        public var help: String

        public static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, short: short, valueName: nil, isRepeatable: false, help: help)
        }

        public static func value(_ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
                                 help: String) -> Option {
            Option(name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help)
        }

        var takesValue: Bool { valueName != nil }
    }

    /// The command as typed, for usage lines (`fsearch import`).
    public var name: String
    public var abstract: String
    /// Positional arguments as shown in usage (`[QUERY...]`), and their help.
    public var arguments: String
    public var argumentsHelp: String
    /// Whether positional arguments are allowed at all.
    public var acceptsArguments: Bool
    public var options: [Option]
    /// Extra text after the options (examples, notes).
    public var discussion: String

    public init(name: String, abstract: String, arguments: String = "", argumentsHelp: String = "",
                acceptsArguments: Bool = false, options: [Option], discussion: String = "") {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.argumentsHelp = argumentsHelp
        self.acceptsArguments = acceptsArguments
        self.options = options + [.flag("help", short: "h", help: "Show this help.")]
        self.discussion = discussion
    }

    /// The usage line: `fsearch [QUERY...] [--file PATH] ...`.
    public var usage: String {
        var parts = [name]
        if !arguments.isEmpty { parts.append(arguments) }
        parts.append("[options]")
        return "usage: " + parts.joined(separator: " ")
    }

    /// The full `--help` text.
    public var helpText: String {
        var lines = [abstract, "", usage]
        if !argumentsHelp.isEmpty {
            lines += ["", "ARGUMENTS:", "  \(arguments.padded(to: 24)) \(argumentsHelp)"]
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            var label = option.short.map { "-\($0), " } ?? "    "
            label += "--\(option.name)"
            if let valueName = option.valueName { label += " <\(valueName)>" }
            let repeatable = option.isRepeatable ? " (repeatable)" : ""
            lines.append("  \(label.padded(to: 26)) \(option.help)\(repeatable)")
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
