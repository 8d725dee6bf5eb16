import TransactionSearch

/// The form that changes every row the current search matches (Ctrl-B on the list): the
/// search it acts on, how many rows it matched when the form opened, and one line being typed
/// per field. An empty field leaves the rows' values as they are.
package struct BulkEditForm: FieldForm, Sendable {
    /// The fields the form sets, in order.
    package static let fields: [TransactionField] = [.category, .notes]

    /// The search whose matching rows change (every one, not only the rows on screen).
    package let query: Query
    /// How many rows it matched when the form opened.
    package let count: Int
    /// One line per field of `fields`, empty at first.
    package var values = [LineEditor](repeating: LineEditor(""), count: BulkEditForm.fields.count)
    /// The index in `fields` of the field being typed.
    package var active = 0

    /// A form over the rows of `query`, `count` of them.
    package init(query: Query, count: Int) {
        self.query = query
        self.count = count
    }

    /// The change: each field typed into is set (trimmed by the store); the others are kept.
    package var patch: TransactionPatch {
        var patch = TransactionPatch()
        for (index, field) in BulkEditForm.fields.enumerated() where !values[index].text.isEmpty {
            field.setTextChange(.set(values[index].text), in: &patch)
        }
        return patch
    }
}
