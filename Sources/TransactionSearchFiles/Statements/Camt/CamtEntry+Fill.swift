import TransactionSearch

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
/// - Bank id (docs/SPEC.md section 9): `AcctSvcrRef` of the entry, else of its single detail,
///   else `NtryRef`. A detail of a split batch: its own `AcctSvcrRef`, else the entry's id and
///   `/` and the detail's position (from 1), so ids stay unique. Placeholders (`NONREF`,
///   `NOTPROVIDED`) are no id (`ImportKeys.bankID`). The payer's `EndToEndId`, `MndtId` or
///   `TxId` is no bank id: a payer reuses it (a monthly rent's reference); it joins the
///   fingerprint of a record with no bank id (`payerReference`).
/// - Transaction type: the detail's bank transaction code, else the entry's.
extension CamtEntry {
    /// The text fields of one entry.
    struct Texts {
        var merchant: String
        var notes: String?
        var bankID: String?
        var payerReference: String?
        var transactionType: String?
    }

    /// The texts of an entry made of the whole `Ntry`; nil when no merchant was found.
    func texts(isDebit: Bool, _ text: CamtText) -> Texts? {
        let single = details.count == 1 ? 0 : nil  // the only detail's index
        var merchant = single.flatMap { party(of: $0, isDebit: isDebit, text) }
        if merchant == nil && details.count >= 2 {
            let parties = Set(details.indices.map { party(of: $0, isDebit: isDebit, text) })
            if parties.count == 1, let only = parties.first { merchant = only }
        }
        let unstructured = single.flatMap { unstructuredText(of: $0, text) }
        let detailInfo = single.flatMap { details[$0].additionalInfo.flatMap(text.string) }
        let entryInfo = additionalInfo.flatMap(text.string)
        let code = single.flatMap { text.bankCode(details[$0].bankCode) } ?? text.bankCode(bankCode)
        merchant = merchant ?? entryInfo ?? unstructured ?? detailInfo ?? code
        if merchant == nil && details.count >= 2 { merchant = "Batch of \(details.count) transactions" }
        guard let merchant else { return nil }
        let bankID = entryID(text) ?? single.flatMap { ownID(of: $0, text) }
        return Texts(merchant: merchant, notes: notes(unstructured, detailInfo, entryInfo, merchant: merchant), bankID: bankID,
                     payerReference: single.flatMap { payerReference(of: $0, text) }, transactionType: code)
    }

    /// The texts of the detail at `index` of a split batch; nil when no merchant was found.
    func texts(detail index: Int, isDebit: Bool, _ text: CamtText) -> Texts? {
        let unstructured = unstructuredText(of: index, text)
        let detailInfo = details[index].additionalInfo.flatMap(text.string)
        let entryInfo = additionalInfo.flatMap(text.string)
        let code = text.bankCode(details[index].bankCode) ?? text.bankCode(bankCode)
        guard let merchant = party(of: index, isDebit: isDebit, text) ?? unstructured ?? detailInfo ?? entryInfo ?? code else {
            return nil
        }
        return Texts(merchant: merchant, notes: notes(unstructured, detailInfo, entryInfo, merchant: merchant),
                     bankID: ownID(of: index, text) ?? entryID(text).map { "\($0)/\(index + 1)" },
                     payerReference: payerReference(of: index, text), transactionType: code)
    }

    /// The counterparty's name: the creditor's for money out, the debtor's for money in; the
    /// ultimate party wins.
    private func party(of index: Int, isDebit: Bool, _ text: CamtText) -> String? {
        let (ultimate, direct) = isDebit ? (details[index].ultimateCreditor, details[index].creditor)
            : (details[index].ultimateDebtor, details[index].debtor)
        return ultimate.flatMap(text.string) ?? direct.flatMap(text.string)
    }

    private func unstructuredText(of index: Int, _ text: CamtText) -> String? {
        let first = details[index].unstructured.flatMap(text.string)
        if details[index].moreUnstructured.isEmpty { return first }
        let lines = [first].compactMap { $0 } + details[index].moreUnstructured.compactMap { text.string($0) }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// The entry's own bank id: `AcctSvcrRef`, else `NtryRef` (placeholders are none).
    private func entryID(_ text: CamtText) -> String? {
        ImportKeys.bankID(servicerReference.flatMap(text.string)) ?? ImportKeys.bankID(reference.flatMap(text.string))
    }

    /// A detail's own bank id: its `AcctSvcrRef` (placeholders are none).
    private func ownID(of index: Int, _ text: CamtText) -> String? {
        ImportKeys.bankID(details[index].servicerReference.flatMap(text.string))
    }

    /// The references the payer chose for a detail: `EndToEndId`, `MndtId`, `TxId`, the ones
    /// given (placeholders left out), joined with `/`.
    private func payerReference(of index: Int, _ text: CamtText) -> String? {
        let parts = [details[index].endToEndID, details[index].mandateID, details[index].transactionID]
            .compactMap { ImportKeys.bankID($0.flatMap(text.string)) }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The parts that are not the merchant, each once, joined with ` | `.
    private func notes(_ first: String?, _ second: String?, _ third: String?, merchant: String) -> String? {
        let first = first == merchant ? nil : first
        let second = second == merchant || second == first ? nil : second
        let third = third == merchant || third == first || third == second ? nil : third
        return CamtText.joined(CamtText.joined(first, second, with: " | "), third, with: " | ")
    }
}

