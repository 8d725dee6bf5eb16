import TransactionSearch

/// Where a file's table starts: its header (searched in the first records, after a preamble of
/// any length up to `headerSearchRecords`), or its first data row when it has none; and which
/// known export it is, by its header's names or, for the few exports without a header, by the
/// shape of its rows (whose column names then stand in for a header).
extension BankCSVReader {
    /// The start of a file's table.
    struct TableStart {
        /// The header's record; nil when the file has none.
        var headerRecord: Int?
        /// The first record of the table: the header, or the first data row.
        var tableFirst: Int
        /// The header's names as written (empty when there is no header).
        var headerStrings: [String]
        /// The names the columns' roles are read from: the header's, or a known headerless
        /// export's (then `headerStrings` is empty).
        var names: [HeaderName]
        /// The known export the file is, if any.
        var export: KnownExport?

        /// The first data record.
        var firstData: Int { headerRecord.map { $0 + 1 } ?? tableFirst }
    }

    /// Finds the table's start (see the extension's comment).
    /// - Throws: `BankCSVError` when the lines to skip leave nothing.
    static func tableStart(_ file: DelimitedChunks, structure: DelimitedChunks.Structure, options: BankCSVOptions,
                           explicitNames: [String]) throws(BankCSVError) -> TableStart {
        var headerRecord: Int?
        let tableFirst: Int
        if options.skipLines != nil {
            guard let first = structure.firstRecordAfterSkip else {
                throw BankCSVError(.invalidOption("the file has nothing after line \(options.skipLines ?? 0), the lines to skip"))
            }
            tableFirst = first
        } else if let found = headerSearch(file, explicitNames: explicitNames) {
            tableFirst = found
            headerRecord = found
        } else {
            tableFirst = structure.longestRunStart ?? 0
        }
        let first = file.record(tableFirst, in: structure)
        if headerRecord == nil {
            // A line found by position is the header unless it is a transaction itself.
            let isData = first.withView { looksLikeDataAnywhere($0, 0) }
            if !isData || !explicitNames.isEmpty { headerRecord = tableFirst }
        }
        guard headerRecord == nil else {
            let strings = first.strings(of: 0)
            let names = strings.map(HeaderName.init)
            return TableStart(headerRecord: headerRecord, tableFirst: tableFirst, headerStrings: strings, names: names,
                              export: KnownExport.recognise(names))
        }
        if let export = KnownExport.recognise(headerlessRow: first.strings(of: 0), delimiter: file.delimiter), let shape = export.headerless {
            return TableStart(headerRecord: nil, tableFirst: tableFirst, headerStrings: [], names: shape.names.map(HeaderName.init),
                              export: export)
        }
        return TableStart(headerRecord: nil, tableFirst: tableFirst, headerStrings: [], names: [], export: nil)
    }

    /// How many records the header is searched in.
    static let headerSearchRecords = 1000

    /// The first of the first records whose fields qualify as a header (`headerQualifies`).
    private static func headerSearch(_ file: DelimitedChunks, explicitNames: [String]) -> Int? {
        let head = file.table(from: file.start, records: headerSearchRecords)
        return (0..<head.recordCount).first { headerQualifies(head.strings(of: $0), explicitNames: explicitNames) }
    }
}

extension BankCSVReader {
    /// The columns the options name, by role.
    /// - Throws: `BankCSVError` for a column the file does not have, or one given two roles.
    static func explicitColumns(_ options: BankCSVOptions, headers: [HeaderName], columnCount: Int, headerLine: Int?,
                                headerStrings: [String]) throws(BankCSVError) -> [ColumnRole: Int] {
        var explicit: [ColumnRole: Int] = [:]
        for (role, reference) in options.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let index: Int?
            switch reference {
            case .header(let name):
                let key = HeaderName(name).fullKey
                index = headers.firstIndex { $0.fullKey == key }
            case .position(let position):
                index = position >= 0 && position < columnCount ? position : nil
            }
            guard let index else {
                throw BankCSVError(.unknownColumn(role: role, reference), headerLine: headerLine, headers: headerStrings)
            }
            if let other = explicit.first(where: { $0.value == index })?.key {
                throw BankCSVError(.invalidOption("the options give column \(index + 1) two roles, \(other.rawValue) and \(role.rawValue)"),
                                   headerLine: headerLine, headers: headerStrings)
            }
            explicit[role] = index
        }
        return explicit
    }
}
