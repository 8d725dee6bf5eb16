import Foundation
import Testing
import TransactionSearchSupport
@testable import TransactionSearch

/// A child process (`fsearch stress`) makes acknowledged changes and is killed with SIGKILL at
/// a random moment; the parent reopens the store: every acknowledged change is there, and at
/// most the one change in flight besides, whole or not at all.
@Suite struct CrashTests {
    @Test func everyAcknowledgedChangeSurvivesSIGKILL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let rounds = 50 * RandomScale.factor
        var random = SeededRandom(seed: 424_242)
        var model: [Transaction] = []  // what the store held after the last round
        var acknowledgedInAll = 0
        var inFlightApplied = 0
        for round in 0..<rounds {
            let seed = UInt64(round + 1)
            let process = Process()
            process.executableURL = FSearchRunner.binary
            process.arguments = ["stress", "--store", directory.path, "--seed", String(seed), "--count", "100000",
                                 "--compact-every", String(random.int(in: 3...25))]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill only once the child has acknowledged a change (however slow the machine
            // is), then at a random moment after: every round tests a store being written.
            var received = Data()
            while !String(decoding: received, as: UTF8.self).contains("\n") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }  // the child ended
                received.append(chunk)
            }
            usleep(UInt32(random.int(in: 0...30_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            received.append(pipe.fileHandleForReading.readDataToEndOfFile())
            let output = String(decoding: received, as: UTF8.self)
            let acknowledged = output.split(separator: "\n").filter { $0.hasPrefix("ack ") }.count
            acknowledgedInAll += acknowledged

            // The model: the store before the round, plus the acknowledged steps.
            let expected = TransactionStore()
            try expected.add(contentsOf: model.map(\.draft))
            var script = MutationScript(seed: seed)
            for _ in 0..<acknowledged {
                try MutationScript.apply(script.next(ids: expected.transactions().map(\.id).sorted()), to: expected)
            }
            let reopened = try DurableStore(directory: directory)
            let actual = reopened.store.transactions(in: .dateAscending)
            reopened.store.checkInvariants()
            reopened.close()
            if actual != expected.transactions(in: .dateAscending) {
                // Only the change in flight may be there besides, and only whole.
                try MutationScript.apply(script.next(ids: expected.transactions().map(\.id).sorted()), to: expected)
                #expect(actual == expected.transactions(in: .dateAscending),
                        "round \(round): \(acknowledged) acknowledged; the store holds neither that state nor the next")
                inFlightApplied += 1
            }
            model = actual
        }
        // Each round waited for an acknowledgement before killing, so changes were being made.
        #expect(acknowledgedInAll >= rounds, "only \(acknowledgedInAll) changes were acknowledged in \(rounds) rounds")
        #expect(!model.isEmpty)
        print("crash test: \(rounds) rounds, \(acknowledgedInAll) acknowledged changes, \(inFlightApplied) in-flight changes found whole")
    }
}
