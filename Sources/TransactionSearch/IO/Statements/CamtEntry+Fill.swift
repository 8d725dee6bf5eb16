/// The text fields of a camt entry: merchant, notes, bank id, transaction type.
///
/// - Merchant: the counterparty. Money out (`DBIT`): `UltmtCdtr`, else `Cdtr` (`Nm`, or
///   `Pty/Nm` from version .08 on); money in: `UltmtDbtr`, else `Dbtr`. With no party: for an
///   entry `AddtlNtryInf`, `RmtInf/Ustrd`, `AddtlTxInf`, then the bank transaction code; for one
///   detail of a split batch its own `Ustrd` and `AddtlTxInf` come before `AddtlNtryInf`, which
///   describes the whole batch. A batch kept whole takes the details' party when they all share
///   it, else `Batch of N transactions` last. Nothing at all: an issue.
/// - Notes: the `Ustrd` lines joined with a space, then `AddtlTxInf`, then `AddtlNtryInf`,
///   leaving out the one that became the merchant and repeats, joined with ` | `.
/// - Bank id: `AcctSvcrRef` of the entry, else of its single detail, else `NtryRef`, else the
///   detail's `EndToEndId` (not `NOTPROVIDED`), else its `TxId`. A detail of a split batch:
///   its own `AcctSvcrRef`, `EndToEndId` or `TxId`, else the entry's id and `/` and the
///   detail's position (from 1), so ids stay unique; no id at all: none.
/// - Transaction type: the detail's bank transaction code, else the entry's.
extension CamtEntry {
    /// Fills an entry made of the whole `Ntry`; false when no merchant was found.
    func fill(_ entry: inout StatementEntry, isDebit: Bool, _ text: CamtText) -> Bool {
        let detail = details.count == 1 ? details[0] : nil
        var merchant = detail.flatMap { party(of: $0, isDebit: isDebit, text) }
        if merchant == nil && details.count >= 2 {
            let parties = Set(details.map { party(of: $0, isDebit: isDebit, text) })
            if parties.count == 1, let only = parties.first { merchant = only }
        }
        let unstructured = detail.flatMap { unstructuredText(of: $0, text) }
        let detailInfo = detail?.additionalInfo.flatMap(text.string)
        let entryInfo = additionalInfo.flatMap(text.string)
        let code = detail.flatMap { text.bankCode($0.bankCode) } ?? text.bankCode(bankCode)
        merchant = merchant ?? entryInfo ?? unstructured ?? detailInfo ?? code
        if merchant == nil && details.count >= 2 { merchant = "Batch of \(details.count) transactions" }
        guard let merchant else { return false }
        entry.merchant = merchant
        entry.notes = notes([unstructured, detailInfo, entryInfo], merchant: merchant)
        entry.bankID = servicerReference.flatMap(text.string) ?? detail?.servicerReference.flatMap(text.string)
            ?? reference.flatMap(text.string) ?? detail.flatMap { ownID(of: $0, text) }
        entry.transactionType = code
        return true
    }

    /// Fills the entry of one detail of a split batch; false when no merchant was found.
    func fill(_ entry: inout StatementEntry, from detail: Detail, position: Int, isDebit: Bool, _ text: CamtText) -> Bool {
        let unstructured = unstructuredText(of: detail, text)
        let detailInfo = detail.additionalInfo.flatMap(text.string)
        let entryInfo = additionalInfo.flatMap(text.string)
        let code = text.bankCode(detail.bankCode) ?? text.bankCode(bankCode)
        guard let merchant = party(of: detail, isDebit: isDebit, text) ?? unstructured ?? detailInfo ?? entryInfo ?? code else {
            return false
        }
        entry.merchant = merchant
        entry.notes = notes([unstructured, detailInfo, entryInfo], merchant: merchant)
        let entryID = servicerReference.flatMap(text.string) ?? reference.flatMap(text.string)
        entry.bankID = ownID(of: detail, text) ?? entryID.map { "\($0)/\(position)" }
        entry.transactionType = code
        return true
    }

    /// The counterparty's name: the creditor's for money out, the debtor's for money in; the
    /// ultimate party wins.
    private func party(of detail: Detail, isDebit: Bool, _ text: CamtText) -> String? {
        let fields = isDebit ? [detail.ultimateCreditor, detail.creditor] : [detail.ultimateDebtor, detail.debtor]
        for field in fields {
            if let field, let name = text.string(field) { return name }
        }
        return nil
    }

    private func unstructuredText(of detail: Detail, _ text: CamtText) -> String? {
        let lines = detail.unstructured.compactMap { text.string($0) }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// A detail's own reference: `AcctSvcrRef`, `EndToEndId` or `TxId`, `NOTPROVIDED` left out.
    private func ownID(of detail: Detail, _ text: CamtText) -> String? {
        for field in [detail.servicerReference, detail.endToEndID, detail.transactionID] {
            if let field, let value = text.string(field), value.uppercased() != "NOTPROVIDED" { return value }
        }
        return nil
    }

    private func notes(_ parts: [String?], merchant: String) -> String? {
        var kept: [String] = []
        for case let part? in parts where part != merchant && !kept.contains(part) { kept.append(part) }
        return kept.isEmpty ? nil : kept.joined(separator: " | ")
    }
}
