import TransactionSearch

/// What the interactive search shows, read from the search model at one moment: the totals,
/// the groups with the positions of their rows, the problems of what was typed, and the rows
/// by position (`row`, which loads pages on demand as `TransactionSearchModel.row(at:)` does).
/// A value, so that the screen is a pure function of it, the screen's state and the size.
package struct BrowseContent {
    /// The store searched (the local day of a row, for its date).
    package var store: TransactionStore
    /// Whether a result has arrived (nothing is shown before the first).
    package var isAnswered: Bool
    /// The search box text the result answers, for "No transactions match".
    package var answeredText: String
    /// The count and sums of every matching row.
    package var total: Aggregate
    /// The result's grouping.
    package var grouping: Grouping
    /// The groups, with the positions of their rows; empty without grouping.
    package var sections: [ResultSection]
    /// The terms of what is typed now that the search left out.
    package var problems: [SearchSyntaxError]
    /// The words matched approximately, with what they matched.
    package var corrections: [Correction]
    /// How long the search took, in microseconds.
    package var elapsedMicroseconds: Int
    /// The row at a position, nil while its page loads.
    package var row: (Int) -> ResultRow?

    /// Content from its parts.
    package init(store: TransactionStore, isAnswered: Bool, answeredText: String, total: Aggregate, grouping: Grouping,
                 sections: [ResultSection], problems: [SearchSyntaxError], corrections: [Correction],
                 elapsedMicroseconds: Int, row: @escaping (Int) -> ResultRow?) {
        self.store = store
        self.isAnswered = isAnswered
        self.answeredText = answeredText
        self.total = total
        self.grouping = grouping
        self.sections = sections
        self.problems = problems
        self.corrections = corrections
        self.elapsedMicroseconds = elapsedMicroseconds
        self.row = row
    }

    /// What `model` shows now. Reading it registers the model's observed properties with an
    /// enclosing `withObservationTracking`.
    @MainActor
    package init(model: TransactionSearchModel) {
        let result = model.result
        self.init(store: model.store, isAnswered: model.answeredQuery != nil, answeredText: model.answeredQuery?.searchText ?? "",
                  total: result.total, grouping: result.grouping, sections: model.sections, problems: model.problems,
                  corrections: result.corrections, elapsedMicroseconds: result.elapsedMicroseconds,
                  row: { model.row(at: $0) })
    }

    /// A whole result with every matching row in `result.rows` (tests, and a store searched
    /// once): the sections laid out as the model lays them out.
    package init(store: TransactionStore, result: QueryResult, text: String, problems: [SearchSyntaxError] = []) {
        var sections: [ResultSection] = []
        var start = 0
        for group in result.groups {
            sections.append(ResultSection(group: group, positions: start ..< start + group.count))
            start += group.count
        }
        let rows = result.rows
        self.init(store: store, isAnswered: true, answeredText: text, total: result.total, grouping: result.grouping,
                  sections: sections, problems: problems, corrections: result.corrections,
                  elapsedMicroseconds: result.elapsedMicroseconds, row: { $0 >= 0 && $0 < rows.count ? rows[$0] : nil })
    }

    /// The number of matching rows.
    package var count: Int { total.count }
}
