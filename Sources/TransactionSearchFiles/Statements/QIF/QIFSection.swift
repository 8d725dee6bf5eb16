import TransactionSearch

/// The kinds of account whose QIF sections hold bank-like transactions.
enum QIFAccountType: Hashable, Sendable {
    /// `!Type:Bank`.
    case bank
    /// `!Type:CCard`: its entries carry the account as their card too.
    case creditCard
    /// `!Type:Cash`.
    case cash
    /// `!Type:Oth A`, another asset.
    case otherAsset
    /// `!Type:Oth L`, another liability.
    case otherLiability
}

/// What a QIF `!` line starts: a section of transactions, the account list, a section read
/// past on purpose, or an option.
enum QIFHeader: Equatable {
    /// `!Type:Bank`, `!Type:CCard`, `!Type:Cash`, `!Type:Oth A`, `!Type:Oth L`.
    case transactions(QIFAccountType)
    /// `!Account`: records naming an account (`N`) and its type (`T`).
    case accounts
    /// A section that holds no transactions to import, with what it holds.
    case skipped(String)
    /// `!Option:AutoSwitch` (true) or `!Clear:AutoSwitch` (false): between them, `!Account`
    /// records are a list of accounts rather than the account of the next section.
    case autoSwitch(Bool)
    /// Another `!Option:` or `!Clear:` line, or a `!` line not known at all.
    case unknown(String)

    /// The header of a `!` line (case and spaces do not matter: `!type:oth a `, `!Type: Bank`).
    init(_ bytes: ByteView, _ range: Range<Int>) {
        var key: [UInt8] = []
        key.reserveCapacity(range.count)
        for index in range where bytes[index] != 0x20 && bytes[index] != 0x09 {
            key.append(ByteView.lowercased(bytes[index]))
        }
        let text = String(decoding: key, as: UTF8.self)
        switch text {
        case "!type:bank": self = .transactions(.bank)
        case "!type:ccard": self = .transactions(.creditCard)
        case "!type:cash": self = .transactions(.cash)
        case "!type:otha": self = .transactions(.otherAsset)
        case "!type:othl": self = .transactions(.otherLiability)
        case "!account": self = .accounts
        case "!option:autoswitch": self = .autoSwitch(true)
        case "!clear:autoswitch": self = .autoSwitch(false)
        case "!type:invst": self = .skipped("investment account (!Type:Invst): buys, sells and dividends are not imported")
        case "!type:cat": self = .skipped("category list (!Type:Cat)")
        case "!type:class": self = .skipped("class list (!Type:Class)")
        case "!type:memorized": self = .skipped("memorized transactions (!Type:Memorized): templates, not transactions")
        case "!type:security": self = .skipped("security list (!Type:Security)")
        case "!type:prices": self = .skipped("security prices (!Type:Prices)")
        case "!type:invitem": self = .skipped("investment items (!Type:Invitem)")
        case "!type:template": self = .skipped("business templates (!Type:Template)")
        case "!type:payee": self = .skipped("payee list (!Type:Payee)")
        default:
            let written = bytes.text(bytes.trimming(range))
            self = text.hasPrefix("!type:") ? .skipped("unknown section \(written)") : .unknown(written)
        }
    }
}
