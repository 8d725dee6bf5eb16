import TransactionSearch

/// The form that edits a transaction's category and notes: one line being typed per field,
/// the field the keys go to, and the change it makes.
package struct EditForm: FieldForm, Sendable {
    /// The fields the form edits, in order.
    package static let fields: [TransactionField] = [.category, .notes]

    /// The transaction as it was when the form opened.
    package let transaction: Transaction
    /// Its position in the list (the detail page goes back to it).
    package let position: Int
    /// One line per field of `fields`.
    package var values: [LineEditor]
    /// The index in `fields` of the field being typed.
    package var active = 0

    /// A form holding the transaction's values, the cursor in the first field.
    package init(transaction: Transaction, position: Int) {
        self.transaction = transaction
        self.position = position
        values = [LineEditor(transaction.category ?? ""), LineEditor(transaction.notes ?? "")]
    }

    /// The change the form makes: each field whose text differs from the transaction's,
    /// set (trimmed by the store) or cleared when left empty; empty when nothing changed.
    package var patch: TransactionPatch {
        var patch = TransactionPatch()
        func change(_ text: String, from old: String?) -> FieldChange<String> {
            if text == (old ?? "") { return .keep }
            return text.isEmpty ? .clear : .set(text)
        }
        patch.category = change(values[0].text, from: transaction.category)
        patch.notes = change(values[1].text, from: transaction.notes)
        return patch
    }
}
