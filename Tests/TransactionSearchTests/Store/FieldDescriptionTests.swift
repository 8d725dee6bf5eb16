import Testing
@testable import TransactionSearch

/// The description of the fields (`TransactionField`, `TextField`, `TextFieldValues`) is what
/// the store, the snapshot, the log, the cache and the compiler iterate: these tests check that
/// it is whole (every field has its slot, its storage, its scopes) and that a field added to it
/// comes with new log and snapshot versions.
@Suite struct FieldDescriptionTests {
    /// The log writes every `TransactionField` of a row in order and the snapshot a table and a
    /// column per `TextField`: a field added changes both layouts. When this fails, bump
    /// `EventLog.version` and `SnapshotFile.version` and write the new lists here.
    @Test func theFileLayoutsAreTheOnesOfTheirVersions() {
        #expect(EventLog.version == 3 && TransactionField.allCases.map(\.rawValue) == [
            "id", "date", "merchant", "category", "subcategory", "card", "account", "amount", "currency", "status", "notes",
            "payee", "import_key",
        ], "a transaction field was added or moved: bump EventLog.version and SnapshotFile.version")
        #expect(SnapshotFile.version == 6 && TextField.allCases == [.merchant, .category, .subcategory, .card, .account, .notes, .payee],
                "a text field was added or moved: bump SnapshotFile.version")
        #expect(FieldSources.fields == [.category, .subcategory, .payee, .notes, .account, .status, .card],
                "the fields whose source is kept were changed: bump EventLog.version and SnapshotFile.version")
    }

    /// Every field has a slot of its own in `TextFieldValues`, read and written by the same
    /// field, made and visited in `allCases` order.
    @Test func everyFieldHasASlotOfItsOwn() {
        var values = TextFieldValues<Int>(repeating: -1)
        for field in TextField.allCases { values[field] = field.rawValue }
        for field in TextField.allCases { #expect(values[field] == field.rawValue, "\(field)") }
        #expect(TextFieldValues { $0.rawValue } == values)
        var visited: [TextField] = []
        TextField.forEach { visited.append($0) }
        #expect(visited == TextField.allCases)
    }

    /// A field is held either through the descriptor (merchant, category, subcategory, payee:
    /// its key's parts, in order) or in a column of its own; each column field is stored,
    /// encoded and counted by its position among them. A snapshot keeps its own layout: three
    /// fields in its descriptors, the payee among its columns.
    @Test func everyFieldIsStoredOnce() {
        #expect(TextField.inDescriptor == [.merchant, .category, .subcategory, .payee])
        #expect(TextField.withColumns == [.card, .account, .notes])
        #expect(Set(TextField.inDescriptor + TextField.withColumns) == Set(TextField.allCases))
        #expect(TextField.inDescriptor.count + TextField.withColumns.count == TextField.allCases.count)
        #expect(Set(SnapshotRows.descriptorFields + SnapshotRows.columnFields) == Set(TextField.allCases))
        #expect(SnapshotRows.descriptorFields.count + SnapshotRows.columnFields.count == TextField.allCases.count)
        for (position, field) in TextField.withColumns.enumerated() {
            #expect(TextField.columnIndex[field.rawValue] == position)
            #expect(PostingField.all[PostingField.column(field).index] == .column(field))
        }
        for field in TextField.inDescriptor { #expect(TextField.columnIndex[field.rawValue] == -1) }
        #expect(PostingField.all.count == 1 + TextField.withColumns.count)
        // Each field with postings reads back, from the table, the code its row was written with.
        let table = RowTable(dayStart: ColumnBuffer(filler: 0))
        var record = RowRecord.empty
        (record.codes.card, record.codes.account, record.codes.notes) = (3, 5, 7)
        let row = table.allocateRow()
        table.write(record, at: row)
        for field in TextField.withColumns { #expect(table.code(of: field, row: row) == record.codes[field], "\(field)") }
    }

    /// The fields each scope searches, as docs/SPEC.md sections 2 and 10 say: plain words look
    /// in merchant, category, subcategory, notes and payee; a card term also in the masked title.
    @Test func eachScopeSearchesItsFields() {
        let expected: [TermField: [TextField]] = [
            .all: [.merchant, .category, .subcategory, .notes, .payee], .merchant: [.merchant], .category: [.category, .subcategory],
            .notes: [.notes], .amount: [], .card: [.card], .account: [.account], .payee: [.payee],
        ]
        for scope in TermField.allCases {
            #expect(TextField.searched(by: scope) == expected[scope], "\(scope)")
            #expect(TextField.approximatelySearched(by: scope) == expected[scope]?.filter(\.isSearchable), "\(scope)")
        }
        #expect(TextField.allCases.filter { $0.titles == .card } == [.card])
    }
}
