import TransactionSearch

/// The first pass over a QIF file: its sections, its account records and the records of its
/// transaction sections, kept as byte ranges (one flat array of fields for the whole file, so
/// a record costs no allocation). Sections that hold no transactions become `SkippedPart`s.
///
/// A record never merges two (docs/SPEC.md section 9): a second `D` or `T` line in one record
/// means its closing `^` is missing, so the record ends before it and a new one begins, with a
/// warning naming both lines.
struct QIFScan {
    /// One line of a record: its code letter and its value, trimmed.
    struct Field {
        var code: UInt8
        var line: Int32
        var start: Int32
        var end: Int32

        var range: Range<Int> { Int(start)..<Int(end) }
    }

    /// A record of a transaction section: its first line and its fields (`fields[first..<end]`).
    struct Record {
        var line: Int32
        var firstField: Int32
        var endField: Int32
        /// Index into `sections`.
        var section: Int32
        /// Whether the record ended at a second `D` or `T` line (its `^` missing): its fields
        /// may be half of a transaction, so nothing is filled in for what it lacks.
        var endsAtRepeat = false
    }

    /// A transaction section and the account it belongs to.
    struct Section {
        var type: QIFAccountType
        /// The account's name as written (`N` of the last `!Account` record), for telling an
        /// opening balance's transfer to itself.
        var accountName: String?
        /// The name made safe to store (`AccountName.masked`).
        var maskedAccount: String?
    }

    var fields: [Field] = []
    var records: [Record] = []
    var sections: [Section] = []
    var skipped: [SkippedPart] = []
    /// Masked account names in order of appearance.
    var accounts: [String] = []
    var warnings: [String] = []
    /// Whether any `!` header named a known section.
    var hasHeader = false

    private enum State {
        case none
        case transactions
        case accounts
        case skipped(String)
    }

    /// Scans `bytes` (UTF-8).
    init(_ bytes: ByteView) {
        var lines = TextLines(bytes)
        var state = State.none
        var sectionLine = 0, sectionLastLine = 0, sectionRecords = 0
        var recordLine = 0, recordFields = 0
        /// The lines of the open record's `D` and `T` (0: none yet).
        var recordDateLine = 0, recordTotalLine = 0
        var autoSwitch = false
        var accountName: String?
        var current: (name: String, masked: String?)?
        var seenAccounts: Set<String> = []

        func closeRecord(atRepeat: Bool = false) {
            defer {
                recordFields = 0
                recordDateLine = 0
                recordTotalLine = 0
            }
            guard recordFields > 0 else { return }
            sectionRecords += 1
            switch state {
            case .transactions:
                let end = Int32(fields.count)
                records.append(Record(line: Int32(recordLine), firstField: end - Int32(recordFields), endField: end,
                                      section: Int32(sections.count - 1), endsAtRepeat: atRepeat))
            case .accounts:
                guard let name = accountName else { break }
                let masked = AccountName.masked(name)
                if let masked, seenAccounts.insert(masked).inserted { accounts.append(masked) }
                if !autoSwitch { current = (name, masked) }
            case .none, .skipped:
                break
            }
            accountName = nil
        }

        func closeSection() {
            if case .skipped(let what) = state {
                let count = sectionRecords == 1 ? "1 record" : "\(sectionRecords) records"
                skipped.append(SkippedPart(.line(sectionLine), "lines \(sectionLine)-\(max(sectionLastLine, sectionLine)): \(what), \(count)"))
            }
            sectionRecords = 0
        }

        func startTransactions(_ type: QIFAccountType) {
            state = .transactions
            sections.append(Section(type: type, accountName: current?.name, maskedAccount: current?.masked))
        }

        while let line = lines.next() {
            let number = lines.number
            let trimmed = bytes.trimming(line)
            guard let first = trimmed.first.map({ bytes[$0] }) else { continue }
            if first == UInt8(ascii: "!") {
                if recordFields > 0 {
                    warnings.append("line \(recordLine): the record has no closing ^ before the header on line \(number); read as ended there")
                }
                closeRecord()
                closeSection()
                let header = QIFHeader(bytes, trimmed)
                sectionLine = number
                sectionLastLine = number
                switch header {
                case .transactions(let type):
                    hasHeader = true
                    startTransactions(type)
                case .accounts:
                    hasHeader = true
                    state = .accounts
                case .skipped(let what):
                    hasHeader = true
                    state = .skipped(what)
                case .autoSwitch(let on):
                    hasHeader = true
                    autoSwitch = on
                case .unknown(let text):
                    warnings.append("line \(number): \(quoted(text)) is not a QIF header known here; what follows up to the next header is ignored")
                    state = .skipped("lines after an unknown header \(text)")
                }
                continue
            }
            sectionLastLine = number
            if first == UInt8(ascii: "^") {
                closeRecord()
                continue
            }
            if case .none = state {
                warnings.append("line \(number): records before any !Type: header are read as a bank account (!Type:Bank)")
                startTransactions(.bank)
            }
            if case .transactions = state, first == UInt8(ascii: "D") || first == UInt8(ascii: "T") {
                let earlier = first == UInt8(ascii: "D") ? recordDateLine : recordTotalLine
                if earlier > 0 {
                    let code = first == UInt8(ascii: "D") ? "D (date)" : "T (amount)"
                    warnings.append("line \(number): a second \(code) line in the record of line \(recordLine) (the first is on line \(earlier)): the record has no closing ^; read as two records")
                    closeRecord(atRepeat: true)
                }
                if first == UInt8(ascii: "D") { recordDateLine = number } else { recordTotalLine = number }
            }
            if recordFields == 0 { recordLine = number }
            recordFields += 1
            let value = bytes.trimming(trimmed.lowerBound + 1..<trimmed.upperBound)
            switch state {
            case .transactions:
                fields.append(Field(code: first, line: Int32(truncatingIfNeeded: number),
                                    start: Int32(truncatingIfNeeded: value.lowerBound), end: Int32(truncatingIfNeeded: value.upperBound)))
            case .accounts where first == UInt8(ascii: "N"):
                accountName = bytes.text(value)
            case .accounts, .skipped, .none:
                break
            }
        }
        if recordFields > 0, case .transactions = state {
            warnings.append("line \(recordLine): the last record has no closing ^; read as ended at the end of the file")
        }
        closeRecord()
        closeSection()
    }
}
