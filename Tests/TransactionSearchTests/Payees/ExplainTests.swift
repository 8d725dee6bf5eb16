@testable import TransactionSearch
import Testing

/// `explain` names the rules that changed the text, in order, with what each removed.
@Suite struct ExplainTests {
    let cleaner = PayeeCleaner()

    @Test(arguments: [
        ("SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA", ["processor-prefix", "store-number", "casing"]),
        ("BLUE BOTTLE COFFEE SAN FRANCISCO CA", ["location", "casing"]),
        ("VISA DDA PUR XXXXXX DUNKIN XXXXXX QXX CENTEREACH * NY", ["payment-phrase", "brand"]),
        ("ZELLE TO JOHN SMITH ON 03/14 REF # PPXDB", ["transfer", "date", "casing"]),
        ("ATM WITHDRAWAL 1234 MAIN ST", ["non-merchant"]),
        ("APPLE PAY STARBUCKS", ["wallet-marker", "brand"]),
        ("ZTL*LA BOUTIK DFR GUERANDE 13,80EUR", ["processor-prefix", "amount", "location", "casing"]),
        ("ACME CORP PAYROLL PPD ID: 123", ["payroll", "casing"]),
        ("GOOGLE *SERVICES", ["processor-self"]),
        ("WWW.JOESDINER.COM", ["url", "casing"]),
        ("JOES DINER MKTP US*2K4XY1", ["star-suffix", "location", "casing"]),
        ("Blue Bottle Coffee", []),
    ])
    func explainListsTheRulesThatFiredInOrder(descriptor: String, rules: [String]) {
        let explanation = cleaner.explain(descriptor)
        #expect(explanation.steps.map(\.rule) == rules, "\(descriptor): \(explanation.steps)")
        #expect(explanation.descriptor == descriptor)
        #expect(explanation.result == cleaner.clean(descriptor))
        if let last = explanation.steps.last { #expect(last.text == explanation.result.payee) }
    }

    @Test func explainRecordsWhatEachStepRemovedAndTheTextLeft() {
        let steps = cleaner.explain("SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA").steps
        #expect(steps.count == 3)
        guard steps.count == 3 else { return }
        #expect(steps[0].removed == "SQ *")
        #expect(steps[0].text == "BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA")
        #expect(steps[1].removed == "0123 SAN FRANCISCO CA")
        #expect(steps[1].text == "BLUE BOTTLE COFFEE")
        #expect(steps[2].removed == "BLUE BOTTLE COFFEE")
        #expect(steps[2].text == "Blue Bottle Coffee")
    }
}
