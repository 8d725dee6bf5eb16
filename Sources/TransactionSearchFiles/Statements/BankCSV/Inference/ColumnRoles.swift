import TransactionSearch

/// Which column plays which role, decided in three steps: what the header names say (or the
/// options), whether each column's cells fit that (`ColumnProfile`), and which column wins when
/// two claim a role that only one can play (the booking date over a value date).
struct ColumnRoles {
    /// The role of each column, nil when it is left out.
    private(set) var roles: [ColumnRole?]
    /// Why each left-out column is left out.
    private(set) var ignoredReasons: [Int: String] = [:]
    /// Choices worth telling the person.
    private(set) var notes: [String] = []
    /// The columns the options named, by role.
    private(set) var explicit: [ColumnRole: Int] = [:]

    /// Roles only one column can play.
    static let singleRoles: Set<ColumnRole> = [.date, .time, .amount, .debit, .credit, .indicator, .currency, .status,
                                               .category, .subcategory, .card, .account, .reference, .pendingReference,
                                               .type, .timeZone]

    /// The role proposed for each column by its name: what `HeaderVocabulary` says.
    struct Proposal {
        var role: ColumnRole
        var rank: Int
        var isTentative: Bool
    }

    /// - Parameters:
    ///   - headers: the header names (empty when the file has none).
    ///   - columnCount: how many columns the table has.
    ///   - explicit: the options' columns, already resolved to indices.
    ///   - export: the known export the header is, whose conventions name some columns.
    init(headers: [HeaderName], columnCount: Int, explicit: [ColumnRole: Int], export: KnownExport? = nil) {
        roles = Array(repeating: nil, count: columnCount)
        self.explicit = explicit
        for (index, name) in headers.enumerated() where index < columnCount {
            if let column = export?.column(named: name) {
                if case .ignored(let why) = column { ignoredReasons[index] = why + " (\(export!.name))" }
            } else if case .ignored(let why)? = HeaderVocabulary.meaning(of: name)?.target {
                ignoredReasons[index] = why
            }
        }
    }

    /// The proposals that header names make (a known export's conventions before the
    /// vocabulary), with the options' columns replacing them.
    static func proposals(headers: [HeaderName], columnCount: Int, explicit: [ColumnRole: Int],
                          export: KnownExport? = nil) -> [Int: Proposal] {
        var proposals: [Int: Proposal] = [:]
        let explicitRoles = Set(explicit.keys)
        for (index, name) in headers.enumerated() where index < columnCount {
            if let column = export?.column(named: name) {
                if case .role(let role) = column, !(explicitRoles.contains(role) && singleRoles.contains(role)) {
                    proposals[index] = Proposal(role: role, rank: -1, isTentative: false)
                }
                continue
            }
            guard let meaning = HeaderVocabulary.meaning(of: name), let role = meaning.role else { continue }
            if explicitRoles.contains(role) && singleRoles.contains(role) && role != .date { continue }
            if role == .date && explicitRoles.contains(.date) {
                // Another date than the one named: a value date, kept in the notes.
                proposals[index] = Proposal(role: .valueDate, rank: meaning.rank, isTentative: meaning.isTentative)
                continue
            }
            if [.debit, .credit].contains(role) && explicitRoles.contains(.amount) { continue }
            if role == .amount && (explicitRoles.contains(.debit) || explicitRoles.contains(.credit)) { continue }
            if [.merchant, .description, .notes].contains(role) && explicitRoles.contains(role) { continue }
            proposals[index] = Proposal(role: role, rank: meaning.rank, isTentative: meaning.isTentative || meaning.isFromKeyword)
        }
        for (role, index) in explicit where index < columnCount {
            proposals[index] = Proposal(role: role, rank: -1, isTentative: false)
        }
        return proposals
    }

    /// Decides every column's role from the proposals and the columns' cells. When the cells
    /// are not transactions (`checkingCells` false: no row has a date and an amount), a role
    /// the whole name gives is kept as named; only tentative ones are checked.
    mutating func decide(proposals: [Int: Proposal], headers: [HeaderName], profiles: [ColumnProfile], checkingCells: Bool = true) {
        func label(_ index: Int) -> String {
            index < headers.count && !headers[index].original.isEmpty ? quoted(headers[index].original) : "column \(index + 1)"
        }
        let explicitColumns = Set(explicit.values)
        var claimed: [Int: Proposal] = [:]
        for (index, proposal) in proposals.sorted(by: { $0.key < $1.key }) {
            guard !explicitColumns.contains(index), checkingCells || proposal.isTentative else {
                claimed[index] = proposal
                continue
            }
            let profile = index < profiles.count ? profiles[index] : ColumnProfile()
            if let role = ColumnRoles.check(proposal, profile) {
                if role != proposal.role {
                    notes.append("\(label(index)) holds \(ColumnRoles.kindWords(role)) (e.g. \(quoted(profile.example ?? ""))): read as \(role.rawValue), not \(proposal.role.rawValue)")
                }
                // A column read as another role than its name says yields to one named for it.
                let rank = role == proposal.role ? proposal.rank : proposal.rank + 5
                claimed[index] = Proposal(role: role, rank: rank, isTentative: proposal.isTentative)
            } else if role(proposal.role, isCounterpartyAccountIn: profile) {
                ignoredReasons[index] = "the counterparty's account (a different value on most rows)"
                notes.append("\(label(index)) has a different value on most rows: read as the counterparty's account, not imported")
            } else {
                ignoredReasons[index] = profile.nonEmpty == 0 ? "named like \(proposal.role.rawValue), but empty"
                    : "named like \(proposal.role.rawValue), but its values do not fit (e.g. \(quoted(profile.example ?? "")))"
            }
        }
        // One column per single role: the lowest rank, then the leftmost.
        for role in ColumnRole.allCases where ColumnRoles.singleRoles.contains(role) {
            let contenders = claimed.filter { $0.value.role == role }.sorted { ($0.value.rank, $0.key) < ($1.value.rank, $1.key) }
            guard contenders.count > 1 else { continue }
            let winner = contenders[0].key
            for (index, _) in contenders.dropFirst() {
                if role == .date {
                    claimed[index]?.role = .valueDate
                    notes.append("\(label(winner)) is the date; \(label(index)) is another date, kept in the notes")
                } else {
                    claimed[index] = nil
                    ignoredReasons[index] = "a second \(role.rawValue) column (\(label(winner)) is used)"
                    notes.append("\(label(winner)) and \(label(index)) both name the \(role.rawValue): \(label(winner)) is used")
                }
            }
        }
        // A signed amount wins over debit and credit columns that split it; debit and credit
        // columns need no indicator.
        var amount = claimed.first { $0.value.role == .amount }?.key
        let split = claimed.filter { $0.value.role == .debit || $0.value.role == .credit }.map(\.key).sorted()
        if let signed = amount, checkingCells, profiles[ifPresent: signed]?.nonEmpty == 0,
           split.contains(where: { (profiles[ifPresent: $0]?.nonEmpty ?? 0) > 0 }) {
            // An amount column left empty beside debit and credit columns that are not.
            claimed[signed] = nil
            ignoredReasons[signed] = "empty: the debit and credit columns hold the amounts"
            amount = nil
        }
        if let amount, !split.isEmpty {
            for index in split {
                claimed[index] = nil
                ignoredReasons[index] = "debit or credit of the amount in \(label(amount)), which is used"
            }
            notes.append("both a signed amount (\(label(amount))) and debit/credit columns (\(split.map(label).joined(separator: ", "))): the signed amount is used")
        }
        if amount == nil, !split.isEmpty, let indicator = claimed.first(where: { $0.value.role == .indicator })?.key {
            claimed[indicator]?.role = .type
            notes.append("\(label(indicator)) is read as the transaction type: the debit and credit columns give the sign")
        }
        // An unnamed column of debit/credit letters (`S`/`H` after `Umsatz`) signs the amount.
        if let amount, !claimed.values.contains(where: { $0.role == .indicator }), profiles[ifPresent: amount]?.negatives == 0 {
            for index in profiles.indices where claimed[index] == nil && ignoredReasons[index] == nil {
                let profile = profiles[index]
                if profile.nonEmpty > 0 && profile.indicators == profile.nonEmpty {
                    claimed[index] = Proposal(role: .indicator, rank: 9, isTentative: true)
                    notes.append("\(label(index)) holds debit/credit marks (e.g. \(quoted(profile.example ?? ""))): it signs the amount")
                    break
                }
            }
        }
        for (index, proposal) in claimed {
            roles[index] = proposal.role
            ignoredReasons[index] = nil
        }
        for index in roles.indices where roles[index] == nil && ignoredReasons[index] == nil {
            if index < headers.count, let role = HeaderVocabulary.meaning(of: headers[index])?.role, let chosen = explicit[role] {
                ignoredReasons[index] = "named like \(role.rawValue), but the options name \(label(chosen))"
            } else {
                ignoredReasons[index] = index < headers.count && !headers[index].original.isEmpty ? "a name the reader does not know" : "no name"
            }
        }
    }

    /// The role a proposal keeps after looking at the column's cells (maybe another one: `Valuta`
    /// with currency codes is the currency), or nil when the cells fit no role it could have.
    private static func check(_ proposal: Proposal, _ profile: ColumnProfile) -> ColumnRole? {
        let role = proposal.role
        switch role {
        case .date, .valueDate:
            if profile.mostly(profile.dates, 0.5) { return role }
            if profile.mostly(profile.currencyCodes) { return .currency }
            if profile.nonEmpty == 0 { return role == .valueDate || !proposal.isTentative ? role : nil }
            return nil
        case .amount, .debit, .credit:
            if profile.nonEmpty == 0 { return proposal.isTentative ? nil : role }
            if profile.mostly(profile.amounts) { return role }
            if profile.mostly(profile.indicators) { return .indicator }
            if profile.mostly(profile.dates) { return .valueDate }
            return nil
        case .currency:
            if profile.mostly(profile.currencyCodes) || profile.nonEmpty == 0 { return role }
            if profile.mostly(profile.dates) { return .valueDate }
            return proposal.isTentative ? nil : role
        case .indicator:
            if profile.mostly(profile.indicators) || profile.nonEmpty == 0 { return role }
            if profile.mostly(profile.amounts) { return .amount }
            return .type
        case .type:
            return profile.nonEmpty > 0 && profile.indicators == profile.nonEmpty ? .indicator : role
        case .status:
            if profile.mostly(profile.statuses + profile.flags) || profile.nonEmpty == 0 { return role }
            return proposal.isTentative ? nil : role
        case .time:
            return profile.mostly(profile.times) || profile.nonEmpty == 0 ? role : nil
        case .account:
            if proposal.isTentative && profile.distinct > max(3, profile.nonEmpty / 4) { return nil }
            return role
        case .merchant, .description, .notes:
            // `Details` holding DEBIT/CREDIT is a kind of transaction, not a text.
            return proposal.isTentative && profile.mostly(profile.indicators, 0.5) ? .type : role
        default:
            return role
        }
    }

    private func role(_ role: ColumnRole, isCounterpartyAccountIn profile: ColumnProfile) -> Bool {
        role == .account && profile.distinct > max(3, profile.nonEmpty / 4)
    }

    /// `dates`, `currency codes`, ... for a note.
    private static func kindWords(_ role: ColumnRole) -> String {
        switch role {
        case .valueDate, .date: "dates"
        case .currency: "currency codes"
        case .indicator: "debit/credit marks"
        case .amount: "amounts"
        default: "values of another kind"
        }
    }

    /// The columns of a role, left to right.
    func columns(_ role: ColumnRole) -> [Int] {
        roles.indices.filter { roles[$0] == role }
    }

    /// The column of a single role.
    func column(_ role: ColumnRole) -> Int? {
        roles.firstIndex { $0 == role }
    }
}
