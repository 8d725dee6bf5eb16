import TransactionSearch

/// SWIFT's transaction type identification codes (the three characters after `N`, `F` or `S`
/// in a `:61:` line) in words: what names a transaction whose line has no other text.
extension MT940StatementLine {
    private static let words: [String: String] = [
        "TRF": "Transfer", "DDT": "Direct debit", "STO": "Standing order", "CHK": "Cheque", "CHG": "Charges",
        "COM": "Commission", "INT": "Interest", "MSC": "Miscellaneous", "CAS": "Cash", "DIV": "Dividend",
        "FEX": "Foreign exchange", "TAX": "Tax", "SAL": "Salary", "COL": "Collection", "BOE": "Bill of exchange",
        "LDP": "Loan deposit", "ODC": "Overdraft charge", "SEC": "Securities", "BRF": "Brokerage fee", "CLR": "Cash letter",
        "DCR": "Documentary credit", "LBX": "Lock box", "RTI": "Returned item", "TCK": "Travellers cheques", "BNK": "Bank",
    ]

    /// The words of a type code (`NTRF`: `Transfer`), the code itself when it is not known,
    /// `Transaction` when the line has none.
    static func typeWords(_ code: String?) -> String {
        guard let code, !code.isEmpty else { return "Transaction" }
        let key = String(code.dropFirst().prefix(3)).uppercased()
        return words[key] ?? code
    }
}
