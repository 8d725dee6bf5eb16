/// The posting lists a condition's rows can be listed from: the descriptors' (merchant,
/// category, subcategory), the notes', the cards' and the accounts'. The planner counts rows
/// through them; the executor walks them.
enum PostingField: Int, CaseIterable {
    case descriptor, note, card, account

    /// The codes of this field a condition matches.
    func codes(of condition: CompiledCondition) -> CodeSet {
        switch self {
        case .descriptor: condition.descriptors
        case .note: condition.notes
        case .card: condition.cards
        case .account: condition.accounts
        }
    }

    /// Rows carrying `code`.
    func rowCount(_ code: UInt32, in contents: StoreContents) -> Int {
        switch self {
        case .descriptor: contents.text.descriptors.rowCount(code)
        case .note: contents.text[.notes].rowCount(code)
        case .card: contents.text[.card].rowCount(code)
        case .account: contents.text[.account].rowCount(code)
        }
    }

    /// One past the largest code.
    func codeLimit(in contents: StoreContents) -> Int {
        switch self {
        case .descriptor: contents.text.descriptors.codeLimit
        case .note: contents.text[.notes].codeLimit
        case .card: contents.text[.card].codeLimit
        case .account: contents.text[.account].codeLimit
        }
    }

    /// The rows carrying `code`.
    func postings(_ code: UInt32, in contents: StoreContents) -> PostingList {
        switch self {
        case .descriptor: contents.text.descriptors.postings[Int(code)]
        case .note: contents.text[.notes].postings[Int(code)]
        case .card: contents.text[.card].postings[Int(code)]
        case .account: contents.text[.account].postings[Int(code)]
        }
    }
}
