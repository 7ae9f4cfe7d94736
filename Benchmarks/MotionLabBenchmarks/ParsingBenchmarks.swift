import BenchmarkReference
import CFastFloat
import Foundation
import MotionLab

/// Reading recordings: the CSV reader against the C loop every reader starts from, strtod in
/// place over the same bytes; and fast_float (the reader's number parser) against strtod alone.
enum ParsingBenchmarks {
    static func run() -> [BenchmarkResult] {
        let rows = 1_000_000
        let recording = csv(rows: rows, lossless: false), lossless = csv(rows: rows, lossless: true)
        return [
            polars(recording, rows: rows, name: "Recording CSV against polars, 10⁶ rows as in data/recordings (%.6f,%.4f), per row"),
            reader(recording, rows: rows, name: "Recording CSV, 10⁶ rows time,value as in data/recordings (%.6f,%.4f), per row"),
            reader(lossless, rows: rows, name: "Recording CSV, 10⁶ rows time,value printed losslessly (%.17g), per row"),
            parsers(recording, rows: rows, name: "Numbers alone, the 10⁶ rows of data/recordings' format, per row"),
            parsers(lossless, rows: rows, name: "Numbers alone, the 10⁶ lossless rows (%.17g), per row"),
        ]
    }

    /// `rows` rows of a 120 Hz spring capture: data/recordings' format ("%.6f,%.4f"), or each
    /// number printed losslessly ("%.17g", 17 significant digits).
    static func csv(rows: Int, lossless: Bool) -> [UInt8] {
        var bytes = Array("time,value\n".utf8)
        bytes.reserveCapacity(rows * (lossless ? 40 : 20))
        var line = [CChar](repeating: 0, count: 96)
        for i in 0..<rows {
            let t = Double(i) / 120
            let y = 200 * (1 - exp(-3 * t.truncatingRemainder(dividingBy: 2)) * cos(20 * t))
            let n = line.withUnsafeMutableBufferPointer { b in
                withVaList([t, y]) { vsnprintf(b.baseAddress!, b.count, lossless ? "%.17g,%.17g\n" : "%.6f,%.4f\n", $0) }
            }
            line.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(Int(n))) }
        }
        return bytes
    }

    /// The C loop over `bytes` with strtod or ml_parse_double: the rows read, the numbers.
    static func cLoop(_ bytes: [UInt8], rows: Int, fastFloat: Bool) -> (rows: Int, times: [Double], values: [Double]) {
        var times = [Double](repeating: 0, count: rows), values = [Double](repeating: 0, count: rows)
        let read = bytes.withUnsafeBytes { b in
            times.withUnsafeMutableBufferPointer { tp in
                values.withUnsafeMutableBufferPointer { vp in
                    let text = b.baseAddress!.assumingMemoryBound(to: CChar.self)
                    return fastFloat ? ml_csv_read_fast_float(text, b.count, tp.baseAddress, vp.baseAddress)
                                     : ml_csv_read_strtod(text, b.count, tp.baseAddress, vp.baseAddress)
                }
            }
        }
        return (read, times, values)
    }

    /// Megabytes a second, from nanoseconds per row.
    static func throughput(_ bytes: [UInt8], rows: Int, _ nanoseconds: Double) -> String {
        "\(format(Double(bytes.count) / (nanoseconds * Double(rows)) * 1e3)) MB/s"
    }

    /// `bytes` written to a new file in the temporary directory, named after `tag`.
    static func temporaryFile(_ bytes: [UInt8], _ tag: String) -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("motionlab-\(tag)-\(getpid()).csv")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
        return path
    }

    /// RecordingReader.read on the file at `path`, best of five (ns per row), and what it read.
    static func readerTime(_ path: String, rows: Int) -> (nanoseconds: Double, recording: Recording?) {
        var recording: Recording? = nil
        let nanoseconds = measure(units: rows, repetitions: 5) {
            recording = try? RecordingReader.read(path: path)
            blackHole(recording)
        }
        return (nanoseconds, recording)
    }

    /// The reader on a file of `bytes` (read from the page cache: its time includes the reading)
    /// against the C strtod loop over the same bytes in memory.
    static func reader(_ bytes: [UInt8], rows: Int, name: String) -> BenchmarkResult {
        let path = temporaryFile(bytes, "parsing")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (subject, recording) = readerTime(path, rows: rows)
        var loop = (rows: 0, times: [Double](), values: [Double]())
        let reference = measure(units: rows, repetitions: 5) {
            loop = cLoop(bytes, rows: rows, fastFloat: false)
            blackHole(loop)
        }
        let identical = loop.rows == rows && recording?.times.map(\.bitPattern) == loop.times.map(\.bitPattern)
            && recording?.values.map(\.bitPattern) == loop.values.map(\.bitPattern)
        return BenchmarkResult(
            name: name, subject: "RecordingReader.read (\(format(Double(bytes.count) / 1e6)) MB file)",
            reference: "C loop, strtod in place",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("reader", throughput(bytes, rows: rows, subject)), ("strtod loop", throughput(bytes, rows: rows, reference)),
                    ("every number strtod's to the bit", identical ? "yes" : "NO")])
    }

    /// The reader on a file of `bytes` against polars' CSV reader (Rust, multithreaded) on the same
    /// file, each timed in its own process around the read alone (best of five). The Python is
    /// `$MOTIONLAB_BENCH_PYTHON` (scripts/benchmarks.sh makes a virtualenv with polars), else
    /// `python3`; without polars the row says so.
    static func polars(_ bytes: [UInt8], rows: Int, name: String) -> BenchmarkResult {
        let path = temporaryFile(bytes, "polars")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (subject, recording) = readerTime(path, rows: rows)
        let script = """
            import sys, time
            import polars as pl
            best, frame = float("inf"), None
            for _ in range(5):
                start = time.perf_counter()
                frame = pl.read_csv(sys.argv[1])
                best = min(best, time.perf_counter() - start)
            t, y = frame[:, 0].to_numpy(), frame[:, 1].to_numpy()
            print(best, len(t), pl.__version__, float(t.sum()), float(y.sum()))
            """
        let python = ProcessInfo.processInfo.environment["MOTIONLAB_BENCH_PYTHON"] ?? "/usr/bin/env"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = (python == "/usr/bin/env" ? ["python3"] : []) + ["-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        var fields: [String] = []
        if (try? process.run()) != nil {
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0 { fields = String(decoding: output, as: UTF8.self).split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } }
        }
        guard fields.count == 5, let seconds = Double(fields[0]), Int(fields[1]) == rows, let recording else {
            return BenchmarkResult(name: name, subject: "RecordingReader.read", reference: "polars.read_csv (not installed)",
                                   subjectNanoseconds: subject, referenceNanoseconds: .nan)
        }
        // The same numbers: the sums of both columns agree (each reader is correctly rounded).
        let same = Double(fields[3]) == recording.times.reduce(0, +) || abs(Double(fields[3])! / recording.times.reduce(0, +) - 1) < 1e-12
        return BenchmarkResult(
            name: name, subject: "RecordingReader.read (\(format(Double(bytes.count) / 1e6)) MB file, \(bytes.count >= RecordingReader.parallelThreshold ? "two cores" : "one core"))",
            reference: "polars \(fields[2]) read_csv",
            subjectNanoseconds: subject, referenceNanoseconds: seconds * 1e9 / Double(rows),
            notes: [("reader", throughput(bytes, rows: rows, subject)), ("polars", throughput(bytes, rows: rows, seconds * 1e9 / Double(rows))),
                    ("same sums of the columns", same ? "yes" : "NO")])
    }

    /// The same C loop with fast_float (ml_parse_double) against strtod.
    static func parsers(_ bytes: [UInt8], rows: Int, name: String) -> BenchmarkResult {
        var fast = (rows: 0, times: [Double](), values: [Double]())
        let subject = measure(units: rows, repetitions: 5) {
            fast = cLoop(bytes, rows: rows, fastFloat: true)
            blackHole(fast)
        }
        var slow = fast
        let reference = measure(units: rows, repetitions: 5) {
            slow = cLoop(bytes, rows: rows, fastFloat: false)
            blackHole(slow)
        }
        let identical = fast.rows == rows && slow.rows == rows && fast.times.map(\.bitPattern) == slow.times.map(\.bitPattern)
            && fast.values.map(\.bitPattern) == slow.values.map(\.bitPattern)
        return BenchmarkResult(
            name: name, subject: ml_parse_double_is_fast_float() != 0 ? "C loop, fast_float" : "C loop, strtod fallback",
            reference: "C loop, strtod in place",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("fast_float", throughput(bytes, rows: rows, subject)), ("strtod", throughput(bytes, rows: rows, reference)),
                    ("bit-identical", identical ? "yes" : "NO")])
    }
}
