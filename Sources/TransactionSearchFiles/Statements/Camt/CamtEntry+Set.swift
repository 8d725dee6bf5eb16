import TransactionSearch

/// Where each leaf inside an `Ntry` goes, told by the leaf's name and its three nearest
/// ancestors (`Cdtr/Nm` and `Cdtr/Pty/Nm` alike; `BkTxCd` codes by their path).
extension CamtEntry {
    /// The three open aggregates around a leaf, innermost first.
    struct Parents {
        var parent: CamtTag?
        var grandparent: CamtTag?
        var greatGrandparent: CamtTag?

        /// The ancestors, innermost first (nil for names the vocabulary lacks).
        init(_ parent: CamtTag?, _ grandparent: CamtTag?, _ greatGrandparent: CamtTag?) {
            self.parent = parent
            self.grandparent = grandparent
            self.greatGrandparent = greatGrandparent
        }
    }

    /// Records a leaf of the entry itself (outside its `TxDtls`).
    mutating func set(_ tag: CamtTag, _ field: Field, amount newAmount: AmountField?, parents: Parents) {
        switch (tag, parents.parent) {
        case (.amount, .entry?):
            if let earlier = amount, repeated == nil { repeated = ("Amt", earlier.line, field.line) }
            amount = newAmount
        case (.creditDebit, .entry?):
            if let earlier = creditDebit, repeated == nil { repeated = ("CdtDbtInd", earlier.line, field.line) }
            creditDebit = field
        case (.status, .entry?): status = field
        case (.code, .status?) where parents.grandparent == .entry: status = field
        case (.date, .bookingDate?), (.dateTime, .bookingDate?):
            bookingDate = field
            bookingDateIsDateTime = tag == .dateTime
        case (.date, .valueDate?), (.dateTime, .valueDate?):
            valueDate = field
            valueDateIsDateTime = tag == .dateTime
        case (.servicerReference, .entry?): servicerReference = field
        case (.entryReference, .entry?): reference = field
        case (.additionalEntryInfo, .entry?): additionalInfo = field
        default: bankCode.set(tag, field, parents: parents)
        }
    }
}

extension CamtEntry.Detail {
    /// Records a leaf of a `TxDtls`.
    mutating func set(_ tag: CamtTag, _ field: CamtEntry.Field, amount newAmount: CamtEntry.AmountField?, parents: CamtEntry.Parents) {
        switch (tag, parents.parent) {
        case (.amount, .transactionDetails?):
            amount = newAmount
        case (.amount, .transactionAmount?) where parents.grandparent == .amountDetails && parents.greatGrandparent == .transactionDetails:
            transactionAmount = newAmount
        case (.creditDebit, .transactionDetails?): creditDebit = field
        case (.servicerReference, .references?): servicerReference = field
        case (.endToEndID, .references?): endToEndID = field
        case (.mandateID, .references?): mandateID = field
        case (.transactionID, .references?): transactionID = field
        case (.unstructured, .remittance?):
            if unstructured == nil { unstructured = field } else { moreUnstructured.append(field) }
        case (.additionalTransactionInfo, .transactionDetails?): additionalInfo = field
        case (.name, _):
            let (party, above) = parents.parent == .party ? (parents.grandparent, parents.greatGrandparent)
                : (parents.parent, parents.grandparent)
            guard let party, party.isParty, above == .relatedParties else { return }
            switch party {
            case .creditor: creditor = creditor ?? field
            case .debtor: debtor = debtor ?? field
            case .ultimateCreditor: ultimateCreditor = ultimateCreditor ?? field
            default: ultimateDebtor = ultimateDebtor ?? field
            }
        default:
            bankCode.set(tag, field, parents: parents)
        }
    }
}

extension CamtEntry.BankCode {
    /// `BkTxCd/Domn/Cd`, `BkTxCd/Domn/Fmly/Cd`, `.../Fmly/SubFmlyCd`, `BkTxCd/Prtry/Cd`.
    mutating func set(_ tag: CamtTag, _ field: CamtEntry.Field, parents: CamtEntry.Parents) {
        switch (tag, parents.parent) {
        case (.code, .domain?) where parents.grandparent == .bankTransactionCode: domain = field
        case (.code, .family?) where parents.grandparent == .domain: family = field
        case (.subFamilyCode, .family?): subFamily = field
        case (.code, .proprietary?) where parents.grandparent == .bankTransactionCode: proprietary = field
        default: break
        }
    }
}
