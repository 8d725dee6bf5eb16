import Foundation
import Testing
import TransactionSearch

/// `fsearch explain-payee` shows the library's cleaning steps; `payee:` finds rows by payee.
@Suite(.enabled(if: FSearchRunner.isBuilt)) struct FSearchPayeeTests {
    @Test func explainPayeeListsEachStepThenThePayeeAndProcessor() throws {
        let descriptor = "SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA"
        let output = try FSearchRunner.run(["explain-payee", descriptor])
        #expect(output.status == 0, "\(output.stderr)")
        let explanation = PayeeCleaner().explain(descriptor)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "descriptor  " + descriptor)
        #expect(lines.count == explanation.steps.count + 3)
        for (index, step) in explanation.steps.enumerated() {
            #expect(lines[index + 1].contains(step.rule) && lines[index + 1].hasSuffix("→ " + step.text), "\(lines[index + 1])")
        }
        #expect(lines.suffix(2) == ["payee       Blue Bottle Coffee", "processor   Square"])
    }

    @Test func explainPayeeWritesJSONWithEveryStep() throws {
        let output = try FSearchRunner.run(["explain-payee", "--format", "json", "PAYPAL", "*SPOTIFY", "P0A1B2"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let explanation = PayeeCleaner().explain("PAYPAL *SPOTIFY P0A1B2")
        #expect(object["descriptor"] as? String == "PAYPAL *SPOTIFY P0A1B2")
        #expect(object["payee"] as? String == explanation.result.payee)
        #expect(object["processor"] as? String == explanation.result.processor)
        let steps = try #require(object["steps"] as? [[String: String]])
        #expect(steps.map { $0["rule"] } == explanation.steps.map(\.rule))
        #expect(steps.map { $0["text"] } == explanation.steps.map(\.text))
    }

    @Test func explainPayeeWithoutTextOrWithAnUnknownFormatIsAUsageError() throws {
        #expect(try FSearchRunner.run(["explain-payee"]).status == 64)
        let output = try FSearchRunner.run(["explain-payee", "--format", "xml", "LIDL"])
        #expect(output.status == 64 && output.stderr.contains("--format"), "\(output.stderr)")
    }

    @Test func aPayeeTermFindsEveryDescriptorOfOneMerchant() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ts-payee-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let csv = """
            date,merchant,amount
            2026-03-01,AMZN Mktp US*2K4XY1,-10.00
            2026-03-02,AMAZON.COM*RT5PL0 AMZN.COM/BILL WA,-20.00
            2026-03-03,Amazon Marketplace,-30.00
            2026-03-04,SQ *BLUE BOTTLE COFFEE 0123 SAN FRANCISCO CA,-4.50

            """
        try Data(csv.utf8).write(to: file)
        let output = try FSearchRunner.run(["--file", file.path, "payee:amazon", "--format", "csv"])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = output.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 3, "\(output.stdout)")
        #expect(rows.allSatisfy { $0.contains(",Amazon,") }, "\(output.stdout)")
    }
}
