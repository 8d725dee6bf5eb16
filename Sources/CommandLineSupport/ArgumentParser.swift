/// The arguments of one command line, parsed against a `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    /// Positional arguments, in order.
    public var arguments: [String] = []
    /// Values by option name, in the order given.
    public var values: [String: [String]] = [:]
    /// Flags given, by name.
    public var flags: Set<String> = []

    public init() {}

    /// The last value of an option, or nil.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `--help` was asked for.
    public var wantsHelp: Bool { flags.contains("help") }
}

/// A command line that does not fit its command: what is wrong, in one line, and a hint.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}

/// Parses command lines the way swift-argument-parser does: `--name value` and
/// `--name=value`, short flags (`-q`), `--` to end the options, `--help` anywhere. A value may
/// begin with `-` (`--min -50`). A word of more than two characters that begins with one `-`
/// and names no option is an argument (so `fsearch coffee -uber` excludes uber), as is a
/// negative number.
public enum ArgumentParser {
    public static func parse(_ words: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        func option(named name: String) -> CommandSpec.Option? { spec.options.first { $0.name == name } }
        func record(_ option: CommandSpec.Option, value: String?) throws(UsageError) {
            if let value {
                if !option.isRepeatable, parsed.values[option.name] != nil {
                    throw UsageError("--\(option.name) is given twice", hint: "give it once")
                }
                parsed.values[option.name, default: []].append(value)
            } else {
                parsed.flags.insert(option.name)
            }
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || isNumber(word) {
                try addArgument(word, to: &parsed, spec: spec)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let known = option(named: name) else {
                    throw UsageError("unknown option '--\(name)'", hint: suggestion(for: name, in: spec))
                }
                if known.takesValue {
                    if let inlineValue {
                        try record(known, value: inlineValue)
                    } else {
                        guard index < words.count else {
                            throw UsageError("--\(name) needs a value (<\(known.valueName!)>)", hint: "--\(name) <\(known.valueName!)>")
                        }
                        try record(known, value: words[index])
                        index += 1
                    }
                } else {
                    if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                    try record(known, value: nil)
                }
                continue
            }
            // One dash: short options (`-q`, `-qh`), or an argument such as `-uber`.
            let letters = Array(word.dropFirst())
            let shorts = letters.map { letter in spec.options.first { $0.short == letter } }
            if shorts.contains(where: { $0 == nil }) {
                if letters.count > 2 {
                    try addArgument(word, to: &parsed, spec: spec)
                    continue
                }
                throw UsageError("unknown option '\(word)'", hint: "put -- before arguments that begin with -")
            }
            for (position, short) in shorts.enumerated() {
                let known = short!
                if known.takesValue {
                    guard position == shorts.count - 1, index < words.count else {
                        throw UsageError("-\(letters[position]) needs a value (<\(known.valueName!)>)")
                    }
                    try record(known, value: words[index])
                    index += 1
                } else {
                    try record(known, value: nil)
                }
            }
        }
        return parsed
    }

    private static func addArgument(_ word: String, to parsed: inout ParsedArguments, spec: CommandSpec) throws(UsageError) {
        guard spec.acceptsArguments else {
            throw UsageError("unexpected argument '\(word)'", hint: spec.usage)
        }
        parsed.arguments.append(word)
    }

    private static func isNumber(_ word: String) -> Bool {
        let body = word.dropFirst()
        return word.hasPrefix("-") && !body.isEmpty && body.allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
    }

    /// "did you mean --group?" for a close misspelling.
    private static func suggestion(for name: String, in spec: CommandSpec) -> String? {
        let best = spec.options.map { ($0.name, EditDistance.between($0.name, name)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(2, name.count / 3) else { return "see --help" }
        return "did you mean --\(best.0)?"
    }
}
