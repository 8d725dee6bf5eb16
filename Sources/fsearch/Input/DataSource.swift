import CommandLineSupport
import Foundation
import TransactionSearch
import TransactionSearchFiles

/// Where the transactions come from: a file of any supported format (our CSV or JSON, a bank
/// statement, a bank's CSV export), standard input, a store directory, or the bundled sample.
enum DataSource {
    case file(String)
    case standardInput
    case store(String)
    case sample

    /// The variable that names the default store directory, for every command that takes
    /// `--store`.
    static let storeVariable = "FSEARCH_STORE"

    /// The options that say where the data is, `--file` described for what `verb` does with it
    /// (`search`, `export`, `measure`, `check`).
    static func options(_ verb: String) -> [CommandSpec.Option] {
        [
            .value("file", "PATH", help: "A file to \(verb): our CSV or JSON, OFX/QFX, QIF, camt, MT940 or a bank's CSV export (- reads standard input)."),
            .value("store", "DIR", help: "A store directory (see fsearch import; default: $\(storeVariable))."),
            .value("tz", "ZONE", help: "Time zone of days and months for a file, e.g. Europe/Madrid (default UTC)."),
            .flag("recover", help: "Open a store whose log is damaged read-only, up to the damage (says where it stopped)."),
        ] + ImportFlags.reading
    }

    /// The store directory `--store` names, else `FSEARCH_STORE` (when set and not empty).
    static func storePath(_ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        arguments.value("store") ?? environment[storeVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The source the options name: `--file`, `--store`, else the store `FSEARCH_STORE` names,
    /// else the sample.
    static func from(_ arguments: ParsedArguments) throws(FSearchError) -> DataSource {
        switch (arguments.value("file"), arguments.value("store")) {
        case (.some, .some): throw FSearchError.usage("give --file or --store, not both")
        case (let file?, nil): return file == "-" ? .standardInput : .file(file)
        case (nil, let store?): return .store(store)
        case (nil, nil): return storePath(arguments).map(DataSource.store) ?? .sample
        }
    }

    /// What was loaded: the store to search, and the durable store when it is a directory.
    struct Loaded {
        var store: TransactionStore
        var durable: DurableStore?
        var name: String
        var loadMilliseconds: Double
    }

    /// Loads the data. A store directory is opened read-only unless `writable`; a file is read
    /// as the import flags among `arguments` say.
    func load(_ arguments: ParsedArguments, timeZone: TimeZone?, baseCurrency: Currency?, writable: Bool = false, skipBad: Bool = false,
              recovering: Bool = false) throws(FSearchError) -> Loaded {
        let started = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 }
        switch self {
        case .store(let path):
            if timeZone != nil { throw FSearchError.usage("--tz applies to files; a store keeps the zone it was created with") }
            let durable = try DataSource.open(store: path, writable: writable, recovering: recovering)
            for warning in durable.openReport.warnings { Console.error("fsearch: warning: \(warning)") }
            return Loaded(store: durable.store, durable: durable, name: path, loadMilliseconds: elapsed())
        case .file, .standardInput, .sample:
            let (bytes, name) = try readInput()
            let store = TransactionStore(configuration: StoreConfiguration(timeZone: timeZone ?? .utc, baseCurrency: baseCurrency ?? .eur))
            let options = try ImportFlags.options(arguments, name: name, bytes: bytes, skipBad: skipBad)
            do throws(ImportError) {
                let report = try store.importStatement(from: bytes, options: options)
                for issue in report.skipped { Console.error("fsearch: skipped \(name): \(issue)") }
                for warning in report.warnings { Console.error("fsearch: warning: \(name): \(warning)") }
            } catch {
                throw FSearchError.badFile(error, name: name)
            }
            return Loaded(store: store, durable: nil, name: name, loadMilliseconds: elapsed())
        }
    }

    /// The bytes of a file, standard input or the sample, and a name for messages.
    func readInput() throws(FSearchError) -> ([UInt8], String) {
        switch self {
        case .standardInput:
            if Console.inputIsTerminal {
                throw FSearchError.missingInput("--file - reads standard input, but it is a terminal", hint: "pipe a file in: fsearch coffee --file - < data.csv")
            }
            return (Array(FileHandle.standardInput.readDataToEndOfFile()), "standard input")
        case .file(let path):
            return (try DataSource.read(path), path)
        case .sample:
            guard let url = SampleData.locate() else {
                throw FSearchError.missingInput(
                    "no data to search: no store is given and the bundled sample is not beside this fsearch binary",
                    hint: "start with your own bank file: fsearch inspect FILE shows how it reads, then fsearch import FILE --store DIR "
                        + "keeps it (export FSEARCH_STORE=DIR to make that store the default); or search a file once with --file FILE")
            }
            return (try DataSource.read(url.path), "sample.csv")
        case .store(let path):
            throw FSearchError.usage("\(path) is a store directory; use --store", hint: nil)
        }
    }

    /// The bytes of a regular file. Anything else is refused at once with what it is (a FIFO
    /// would wait for a writer, `/dev/zero` never ends); a stream is read with `--file -`.
    static func read(_ path: String) throws(FSearchError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FSearchError.missingInput("\(path): no such file")
        }
        if isDirectory.boolValue {
            throw FSearchError.missingInput("\(path) is a directory", hint: "for a store directory use --store \(path)")
        }
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FSearchError.io("\(path): cannot be read: \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FSearchError.io("\(path): cannot be read: \(String(cString: strerror(errno)).lowercased())")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FSearchError.missingInput("\(path) is \(DataSource.kind(of: info.st_mode)), not a regular file",
                                            hint: "to read a stream, pipe it in: ... | fsearch --file - QUERY")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw FSearchError.io("\(path): cannot be read: \(String(cString: strerror(errno)).lowercased())")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// What a file that is not a regular one is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Opens a store directory. Only `import` and `add` create one (`creating`); for every
    /// other command a missing store is "no store at PATH" (exit 66) and nothing is created.
    static func open(store path: String, writable: Bool, creating: Bool = false, configuration: StoreConfiguration? = nil,
                     recovering: Bool = false) throws(FSearchError) -> DurableStore {
        let mode: DurableStore.Mode = writable ? .readWrite : (recovering ? .recovery : .readOnly)
        do throws(StoreFileError) {
            // Compacted after the command answers, by a process of its own (BackgroundCompaction).
            // FSEARCH_COMPACTION_THRESHOLD (bytes of log) is a testing aid.
            let threshold = ProcessInfo.processInfo.environment["FSEARCH_COMPACTION_THRESHOLD"].flatMap { Int($0) } ?? 8 << 20
            return try DurableStore(directory: URL(fileURLWithPath: path), configuration: configuration, mode: mode,
                                    creatingIfMissing: creating, compactionThreshold: threshold, automaticCompaction: .deferred)
        } catch {
            throw FSearchError.store(error, path: path)
        }
    }

    /// Whether `path` holds a store directory.
    static func storeExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent(DurableStore.snapshotFileName).path)
    }

    /// Prints what the store had to say that did not fail the command (a failed automatic
    /// compaction), once.
    static func printNotices(of durable: DurableStore) {
        for notice in durable.takeNotices() { Console.error("fsearch: warning: \(notice)") }
    }
}
