/// The posting lists a condition's rows can be listed from: the descriptors' (merchant,
/// category, subcategory, payee), or those of a text field with a column of its own (card, account,
/// notes: `TextField.withColumns`). The planner counts rows through them; the executor walks
/// them.
enum PostingField: Equatable, Sendable, CustomStringConvertible {
    case descriptor
    case column(TextField)

    /// Every posting field: the descriptors, then the fields with columns in `TextField` order.
    static let all: [PostingField] = [.descriptor] + TextField.withColumns.map { .column($0) }

    /// Its position in `all` (and in `CompiledCondition.rowsByField`).
    var index: Int {
        switch self {
        case .descriptor: 0
        case .column(let field): 1 + TextField.columnIndex[field.rawValue]
        }
    }

    /// `descriptor`, or the field's name.
    var description: String {
        switch self {
        case .descriptor: "descriptor"
        case .column(let field): field.transactionField.rawValue
        }
    }

    /// The codes of this field a condition matches.
    func codes(of condition: CompiledCondition) -> CodeSet {
        switch self {
        case .descriptor: condition.descriptors
        case .column(let field): condition.codes[field]
        }
    }

    /// Rows carrying `code`.
    func rowCount(_ code: UInt32, in contents: StoreContents) -> Int {
        switch self {
        case .descriptor: contents.text.descriptors.rowCount(code)
        case .column(let field): contents.text[field].rowCount(code)
        }
    }

    /// One past the largest code.
    func codeLimit(in contents: StoreContents) -> Int {
        switch self {
        case .descriptor: contents.text.descriptors.codeLimit
        case .column(let field): contents.text[field].codeLimit
        }
    }

    /// The rows carrying `code`.
    func postings(_ code: UInt32, in contents: StoreContents) -> PostingList {
        switch self {
        case .descriptor: contents.text.descriptors.postings[Int(code)]
        case .column(let field): contents.text[field].postings[Int(code)]
        }
    }
}
