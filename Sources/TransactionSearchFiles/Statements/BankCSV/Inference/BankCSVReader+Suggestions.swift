import TransactionSearch

/// The error for a file whose required columns cannot be found, made to help: the closest
/// columns for each missing role (by their cells, and by how close their names are to the names
/// the reader knows), and options that import the file, tried on it before they are suggested.
extension BankCSVReader {
    /// The error for missing required roles, with candidates and verified options (tried only
    /// when `suggesting`, so that the trial itself suggests nothing).
    static func missingColumnsError(_ missing: [ColumnRole], bytes: [UInt8], options: BankCSVOptions, context: StatementContext,
                                    suggesting: Bool, headerLine: Int, headers: [String], roles: ColumnRoles,
                                    profiles: [ColumnProfile]) -> BankCSVError {
        let names = headers.map(HeaderName.init)
        var used = Set(roles.roles.indices.filter { roles.roles[$0] != nil && roles.roles[$0] != .valueDate })
        var missingColumns: [BankCSVError.MissingColumn] = []
        var suggested = options
        var everyRoleHasACandidate = true
        for role in missing {
            let found = candidates(for: role, names: names, profiles: profiles, excluding: used)
            missingColumns.append(BankCSVError.MissingColumn(role: role, candidates: found))
            guard let best = found.first else {
                everyRoleHasACandidate = false
                continue
            }
            let header = headers[ifPresent: best.index] ?? ""
            let isUnique = !header.isEmpty && names.filter { $0.fullKey == HeaderName(header).fullKey }.count == 1
            suggested.columns[role] = isUnique ? .header(header) : .position(best.index)
            used.insert(best.index)
        }
        var verified = false
        if suggesting && everyRoleHasACandidate && suggested != options {
            if let (_, layout) = try? read(bytes, options: suggested, context: context, suggesting: false) {
                verified = true
                if suggested.dateOrder == nil { suggested.dateOrder = layout.dateOrder }
                if suggested.decimalSeparator == nil { suggested.decimalSeparator = layout.decimalSeparator }
            }
        }
        return BankCSVError(.missingColumns(missing), headerLine: headerLine, headers: headers, missing: missingColumns,
                            suggestedOptions: everyRoleHasACandidate && suggested != options ? suggested : nil,
                            suggestionVerified: verified)
    }

    /// The columns that could play `role`, best first: by what their cells look like and by how
    /// close their names are to the names the reader knows for it.
    static func candidates(for role: ColumnRole, names: [HeaderName], profiles: [ColumnProfile],
                           excluding used: Set<Int>) -> [BankCSVError.Candidate] {
        let relatedRoles: [ColumnRole] = switch role {
        case .amount: [.amount, .debit, .credit]
        case .merchant: [.merchant, .description, .notes]
        default: [role]
        }
        let knownNames = relatedRoles.flatMap(HeaderVocabulary.names(of:))
        let keywords = HeaderVocabulary.keywordList.filter { relatedRoles.contains($0.role) }.map(\.word)
        var scored: [(score: Int, candidate: BankCSVError.Candidate)] = []
        for index in profiles.indices where !used.contains(index) {
            let profile = profiles[index]
            var score = 0
            var reasons: [String] = []
            let example = quoted(profile.example ?? "")
            switch role {
            case .date:
                if profile.mostly(profile.dates, 0.5) {
                    score += 10
                    reasons.append("values look like dates (\(example))")
                }
            case .amount:
                if profile.mostly(profile.amounts) && profile.moneyLike > 0 && !profile.mostly(profile.dates) {
                    score += 10
                    reasons.append("values look like amounts (\(example))")
                }
            default:
                if profile.mostly(profile.withLetters) && profile.distinct >= 2 && !profile.mostly(profile.dates) {
                    score += 5 + min(profile.distinct, 50) / 10
                    reasons.append("text (\(example))")
                }
            }
            if let name = names[ifPresent: index], !name.key.isEmpty {
                var closest: (distance: Int, name: String)?
                for known in knownNames {
                    let distance = editDistance(name.key, known)
                    if closest == nil || distance < closest!.distance { closest = (distance, known) }
                }
                if let closest, closest.distance <= max(1, min(3, closest.name.count / 3)) {
                    score += 6 - closest.distance
                    reasons.append("name close to \(quoted(closest.name))")
                } else if let word = keywords.first(where: { keyword in name.words.contains { $0.contains(keyword) } }) {
                    score += 3
                    reasons.append("name contains \(quoted(word))")
                }
            }
            guard score > 0 else { continue }
            let candidate = BankCSVError.Candidate(index: index, header: names[ifPresent: index]?.original ?? "",
                                                   why: reasons.joined(separator: ", "))
            scored.append((score, candidate))
        }
        return scored.sorted { ($0.score, -$0.candidate.index) > ($1.score, -$1.candidate.index) }.map(\.candidate)
    }

    /// The Levenshtein distance between two strings, by Unicode scalars.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left.unicodeScalars), b = Array(right.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
