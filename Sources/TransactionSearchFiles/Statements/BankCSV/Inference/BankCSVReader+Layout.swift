import TransactionSearch

/// The layout a read reports (`BankCSVLayout`): what was understood of the file and why.
extension BankCSVReader {
    /// The layout of a read file.
    static func makeLayout(delimiter: UInt8, delimiterReason: String, encoding: TextEncoding, encodingReason: String?, lineEnds: String,
                           headerLine: Int?, headerStrings: [String], names: [HeaderName], roles: ColumnRoles, columnCount: Int,
                           decided: Decided, currencyReason: String, preambleLines: [Int], sections: Sections, export: KnownExport?,
                           inferred: Bool, notes: [String]) -> BankCSVLayout {
        // A headerless known export's columns are shown with their names, but stated by position.
        let shownNames = headerStrings.isEmpty ? names.map(\.original) : headerStrings
        let sign: SignConvention = decided.plan.sign == .flipped ? .flipped : .asWritten
        var layout = BankCSVLayout(
            delimiter: String(UnicodeScalar(delimiter)), delimiterReason: delimiterReason, encoding: encoding,
            lineEnds: lineEnds, headerLine: headerLine, headers: headerStrings,
            columns: roles.roles.enumerated().compactMap { index, role in
                role.map { BankCSVLayout.Column(index: index, header: shownNames[ifPresent: index] ?? "", role: $0) }
            },
            ignoredColumns: roles.ignoredReasons.sorted { $0.key < $1.key }.filter { $0.key < columnCount }.map {
                BankCSVLayout.IgnoredColumn(index: $0.key, header: shownNames[ifPresent: $0.key] ?? "", reason: $0.value)
            },
            dateStyle: decided.dateStyle, dateOrder: decided.dateOrder.shown, dateOrderReason: decided.dateOrder.reason,
            decimalSeparator: decided.decimal.separator, decimalSeparatorReason: decided.decimal.reason,
            sign: sign, signReason: decided.signReason,
            headerCurrency: decided.headerCurrency?.code,
            preambleLines: preambleLines, footerLines: sections.footer,
            rowCount: sections.rowCount, notes: notes)
        layout.knownExport = export?.name
        layout.currencyReason = currencyReason
        layout.dateReadings = decided.dateOrder.readings
        layout.columnsInferred = headerLine == nil && (inferred || export != nil)
        layout.encodingReason = encodingReason
        return layout
    }
}
