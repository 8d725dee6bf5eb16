import Foundation
import Testing

/// A store's files are private to their owner whatever the umask, and a store file or input
/// file that is not a regular file is an error at once, never a wait (docs/SPEC.md section 9).
@Suite(.enabled(if: FSearchRunner.isBuilt, "the fsearch binary is built beside the tests"))
struct FSearchStoreFilesTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ts-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "date,merchant,amount\n2026-03-01,Bakery,-4.20\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        return directory
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test(arguments: ["000", "022", "077"])
    func aNewStoreIsPrivateWhateverTheUmask(_ umask: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try FSearchWriteFailureTests.shell("umask \(umask); \"$FSEARCH\" import rows.csv --store store --base EUR", in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let store = directory.appendingPathComponent("store").path
        #expect(try Self.mode(store) == 0o700)
        for file in try FileManager.default.contentsOfDirectory(atPath: store) {
            #expect(try Self.mode(store + "/" + file) == 0o600, "\(file) under umask \(umask)")
        }
        // After a compaction too (new snapshot and log).
        let compacted = try FSearchWriteFailureTests.shell("umask \(umask); \"$FSEARCH\" compact --store store", in: directory)
        #expect(compacted.status == 0, "\(compacted.stderr)")
        for file in try FileManager.default.contentsOfDirectory(atPath: store) {
            #expect(try Self.mode(store + "/" + file) == 0o600, "\(file) after compaction")
        }
    }

    /// A store of an earlier version (0644 files in a 0755 directory) keeps working and is made
    /// private when it is next opened to write.
    @Test func anExistingStoreKeepsWorkingAndBecomesPrivate() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try FSearchRunner.run(["import", "rows.csv", "--store", "store", "--base", "EUR"], in: directory).status == 0)
        let store = directory.appendingPathComponent("store").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store)
        for file in try FileManager.default.contentsOfDirectory(atPath: store) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store + "/" + file)
        }
        let search = try FSearchRunner.run(["--store", "store", "bakery"], in: directory)
        #expect(search.status == 0 && search.stdout.contains("Bakery"))
        let added = try FSearchRunner.run(["add", "--store", "store", "--date", "2026-03-02", "--merchant", "Cinema", "--amount", "-9"], in: directory)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try Self.mode(store) == 0o700)
        for file in try FileManager.default.contentsOfDirectory(atPath: store) {
            #expect(try Self.mode(store + "/" + file) == 0o600, "\(file)")
        }
    }

    @Test(arguments: [["--store", "store", "bakery"], ["check", "--store", "store"], ["add", "--store", "store", "--date", "2026-03-02",
                                                                                     "--merchant", "Cinema", "--amount", "-9"]])
    func aStoreWhoseLogIsAFIFOIsAnErrorAtOnce(_ arguments: [String]) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try FSearchRunner.run(["import", "rows.csv", "--store", "store", "--base", "EUR"], in: directory).status == 0)
        let log = directory.appendingPathComponent("store/log.bin").path
        try FileManager.default.removeItem(atPath: log)
        #expect(mkfifo(log, 0o600) == 0)
        let output = try FSearchWriteFailureTests.shell("timeout 20 \"$FSEARCH\" \(arguments.joined(separator: " "))", in: directory)
        #expect(output.status != 124, "\(arguments) waited for the FIFO")
        #expect(output.status != 0 && output.stderr.contains("log.bin") && output.stderr.contains("FIFO"), "\(arguments): \(output.stderr)")
    }

    @Test func anInputFileThatIsNotARegularFileSaysWhatItIs() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromFIFO = try FSearchWriteFailureTests.shell("timeout 20 \"$FSEARCH\" --file pipe.csv coffee", in: directory)
        #expect(fromFIFO.stderr.hasPrefix("fsearch: pipe.csv is a FIFO (named pipe), not a regular file\n"), "\(fromFIFO.status) \(fromFIFO.stderr)")
        #expect(fromFIFO.stderr.contains("fsearch --file -"))
        let zero = try FSearchWriteFailureTests.shell("timeout 20 \"$FSEARCH\" --file /dev/zero coffee", in: directory)
        #expect(zero.stderr.hasPrefix("fsearch: /dev/zero is a character device, not a regular file\n"), "\(zero.status) \(zero.stderr)")
    }
}

/// fsearch answers a change first and compacts after, in a process of its own.
@Suite(.enabled(if: FSearchRunner.isBuilt, "the fsearch binary is built beside the tests"))
struct FSearchBackgroundCompactionTests {
    @Test func aChangeIsAnsweredBeforeTheCompactionItMakesDue() throws {
        let directory = try FSearchStoreFilesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "date,merchant,amount\n"
        for index in 0..<300 { text += "2026-03-\(String(format: "%02d", 1 + index % 28)),Shop \(index),-\(1 + index % 90).50\n" }
        try text.write(to: directory.appendingPathComponent("many.csv"), atomically: true, encoding: .utf8)
        let output = try FSearchWriteFailureTests.shell("FSEARCH_COMPACTION_THRESHOLD=1000 \"$FSEARCH\" import many.csv --store store --base EUR",
                                                        in: directory)
        #expect(output.status == 0 && output.stdout.contains("300 added"), "\(output.stderr)")
        #expect(output.stderr.contains("compacting it in the background"), "\(output.stderr)")
        // The compaction ends by itself: the log is back to its header, nothing lost.
        let log = directory.appendingPathComponent("store/log.bin").path
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, ((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0) > 24 {
            usleep(50_000)
        }
        #expect(((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0) == 24)
        // A writer coming now waits for the lock if it is still held, then works.
        let added = try FSearchRunner.run(["add", "--store", "store", "--date", "2026-03-02", "--merchant", "Cinema", "--amount", "-9"],
                                          in: directory)
        #expect(added.status == 0, "\(added.stderr)")
        let count = try FSearchRunner.run(["--store", "store", "--format", "csv"], in: directory)
        #expect(count.stdout.split(separator: "\n").count == 302)
    }
}
