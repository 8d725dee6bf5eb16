import TransactionSearch

/// The options as `fsearch import` arguments, and the map syntax they use, so that an error
/// can print the exact command that would import a file and `fsearch` can read it back
/// (`ErrorReport` writes a `BankCSVError`'s suggested options with `commandLine`).
///
/// `--map date=Buchungstag,merchant=Auftraggeber/Empfänger,amount=#6`: entries `role=column`,
/// separated by commas; a column is its header name or `#n` (the n-th column, from 1); a name
/// with a comma, `=`, a double quote or a leading `#` is written in double quotes with its
/// quotes doubled. Roles are `ColumnRole` raw values (`valueDate`, `pendingReference`, ...).
extension BankCSVOptions {
    /// The arguments, one per element, unquoted (as a program receives them):
    /// `["--map", "date=Buchungstag,amount=Betrag", "--date-order", "dmy", "--decimal-comma"]`.
    var commandLineArguments: [String] {
        var arguments: [String] = []
        if !columns.isEmpty { arguments += ["--map", BankCSVOptions.mapText(columns)] }
        if let dateOrder { arguments += ["--date-order", dateOrder.rawValue] }
        switch decimalSeparator {
        case .comma?: arguments.append("--decimal-comma")
        case .point?: arguments.append("--decimal-point")
        case nil: break
        }
        if let delimiter { arguments += ["--delimiter", BankCSVOptions.delimiterName(delimiter)] }
        if let encoding { arguments += ["--encoding", encoding.rawValue] }
        if let skipLines { arguments += ["--skip-lines", String(skipLines)] }
        if let sign { arguments += ["--sign", sign.rawValue] }
        if let defaultCurrency { arguments += ["--currency", defaultCurrency.code] }
        if let account { arguments += ["--account", account] }
        return arguments
    }

    /// The arguments as one line for a shell, each quoted only when it needs it:
    /// `--map 'merchant=Auftraggeber/Empfänger,amount=Betrag (EUR)' --date-order dmy`.
    var commandLine: String {
        commandLineArguments.map(BankCSVOptions.shellQuoted).joined(separator: " ")
    }

    /// `date=Buchungstag,amount=#6`, roles in `ColumnRole` order.
    static func mapText(_ columns: [ColumnRole: ColumnRef]) -> String {
        ColumnRole.allCases.compactMap { role -> String? in
            guard let reference = columns[role] else { return nil }
            switch reference {
            case .position(let position): return "\(role.rawValue)=#\(position + 1)"
            case .header(let name):
                let needsQuotes = name.contains(",") || name.contains("=") || name.contains("\"") || name.hasPrefix("#")
                    || name != name.trimmingWhitespace()
                let written = needsQuotes ? "\"" + name.replacingAll("\"", with: "\"\"") + "\"" : name
                return "\(role.rawValue)=\(written)"
            }
        }.joined(separator: ",")
    }

    /// Parses the `--map` syntax (see the type's documentation).
    /// - Throws: `BankCSVOptionError` naming the entry that is not `role=column`, an unknown
    ///   role (with the roles there are), or a role given twice.
    static func parseMap(_ text: String) throws(BankCSVOptionError) -> [ColumnRole: ColumnRef] {
        var columns: [ColumnRole: ColumnRef] = [:]
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            var roleName = ""
            while index < characters.count && characters[index] != "=" && characters[index] != "," {
                roleName.append(characters[index])
                index += 1
            }
            guard index < characters.count, characters[index] == "=" else {
                throw BankCSVOptionError("map entry \(quoted(roleName)) is not role=column")
            }
            index += 1
            var value = ""
            var wasQuoted = false
            if index < characters.count && characters[index] == "\"" {
                wasQuoted = true
                index += 1
                while true {
                    guard index < characters.count else { throw BankCSVOptionError("map entry \(quoted(roleName)): a quote is never closed") }
                    if characters[index] == "\"" {
                        if index + 1 < characters.count && characters[index + 1] == "\"" {
                            value.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    value.append(characters[index])
                    index += 1
                }
                guard index == characters.count || characters[index] == "," else {
                    throw BankCSVOptionError("map entry \(quoted(roleName)): text after the closing quote")
                }
            } else {
                while index < characters.count && characters[index] != "," {
                    value.append(characters[index])
                    index += 1
                }
            }
            index += 1  // the comma
            let trimmedRole = roleName.trimmingWhitespace()
            guard let role = ColumnRole.allCases.first(where: { $0.rawValue.lowercased() == trimmedRole.lowercased() }) else {
                let known = ColumnRole.allCases.map(\.rawValue).joined(separator: ", ")
                throw BankCSVOptionError("unknown role \(quoted(trimmedRole)) in the map (roles: \(known))")
            }
            guard columns[role] == nil else { throw BankCSVOptionError("the map gives \(role.rawValue) twice") }
            let name = wasQuoted ? value : value.trimmingWhitespace()
            guard !name.isEmpty else { throw BankCSVOptionError("map entry \(role.rawValue) names no column") }
            if !wasQuoted, name.hasPrefix("#"), name.count > 1, name.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard let number = Int(name.dropFirst()), (1...ColumnRef.positionLimit).contains(number) else {
                    throw BankCSVOptionError("map entry \(role.rawValue): \(name) is no column: columns count from #1 to #\(ColumnRef.positionLimit)")
                }
                columns[role] = .position(number - 1)
            } else {
                columns[role] = .header(name)
            }
        }
        return columns
    }

    /// The delimiter a `--delimiter` value names (`tab`, `semicolon`, `;`, `\t`...), or nil.
    static func delimiter(named name: String) -> String? {
        switch name.lowercased() {
        case "comma", ",": ","
        case "semicolon", ";": ";"
        case "tab", "\\t", "\t": "\t"
        case "pipe", "|": "|"
        default: name.unicodeScalars.count == 1 ? name : nil
        }
    }

    /// The text in single quotes when a shell would otherwise split or expand it.
    static func shellQuoted(_ argument: String) -> String {
        let safe = !argument.isEmpty && !argument.hasPrefix("#") && argument.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x7F || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || "-_=,./:@%+#".unicodeScalars.contains(scalar)
        }
        return safe ? argument : "'" + argument.replacingAll("'", with: "'\\''") + "'"
    }
}

/// A `--map` or other bank CSV option that cannot be read, with why.
struct BankCSVOptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What cannot be read, and why.
    var description: String

    /// An error with its message.
    init(_ description: String) { self.description = description }
}

extension String {
    /// Every occurrence of `target` replaced.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
