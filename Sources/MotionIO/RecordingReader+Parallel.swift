import Dispatch
import Foundation

extension RecordingReader {
    /// Files at least this large are read on two cores by ``read(path:column:clock:dialect:maximumSamples:)``.
    public static let parallelThreshold = 8 << 20

    /// A plain one-channel CSV file of at least ``parallelThreshold`` bytes, read whole and parsed
    /// in two halves at once (split at a line break); `nil` whenever the serial reader must
    /// decide — a tracker CSV, a last line without a line break, a row the second half cannot
    /// judge alone (a time not after the first half's last), a limit passed or any error — so
    /// results, errors and their line numbers are exactly the serial reader's.
    package static func readInParallel(
        path: String, column: String?, clock: RecordingClock, dialect: RecordingDialect = .automatic, maximumSamples: Int
    ) -> Recording? {
        guard case (var first, let second)? = parseHalves(path: path, seed: Parser(file: path, column: column, clock: clock, dialect: dialect),
                                                maximumSamples: maximumSamples) else { return nil }
        // The first half's arrays have room for both halves: the second is appended in place.
        first.sink.append(contentsOf: second.sink)
        return first.sink.recording(header: first.tokens.header!, skippedLines: [])
    }

    /// Several channels of a plain CSV file of at least ``parallelThreshold`` bytes, parsed in two
    /// halves at once as ``readInParallel(path:column:clock:dialect:maximumSamples:)`` reads one; `nil`
    /// whenever the serial reader must decide.
    package static func readChannelsInParallel(
        path: String, columns: [String]?, clock: RecordingClock, dialect: RecordingDialect = .automatic, maximumSamples: Int
    ) -> MultiChannelRecording? {
        guard case (var first, let second)? = parseHalves(path: path, seed: Parser(file: path, columns: columns, clock: clock, dialect: dialect),
                                                maximumSamples: maximumSamples) else { return nil }
        // The first half's arrays have room for both halves: the second is appended in place.
        first.sink.append(contentsOf: second.sink)
        return first.sink.recording(header: first.tokens.header!, skippedLines: [])
    }

    /// The file at `path` mapped, its header read by `seed`, and its data rows parsed by two copies
    /// of the seed at once, one on each side of the line break after the middle; `nil` when the
    /// file is small, is a tracker CSV, lacks a final line break, has a row either half rejects,
    /// passes `maximumSamples` or has no rows, or when the second half's first time is not after
    /// the first half's last (only the serial reader can word that error).
    static func parseHalves<Sink: KeptRows>(path: String, seed: Parser<Sink>, maximumSamples: Int) -> (Parser<Sink>, Parser<Sink>)? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int), size >= parallelThreshold,
              let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { bytes -> (Parser<Sink>, Parser<Sink>)? in
            let raw = bytes.bindMemory(to: UInt8.self)
            let count = raw.count
            guard count >= parallelThreshold, raw[count - 1] == UInt8(ascii: "\n") else { return nil }
            // The header (and any comment lines before it), serially.
            var first = seed
            var position = 0
            while first.tokens.header == nil {
                guard position < count, let newline = memchr(raw.baseAddress! + position, Int32(UInt8(ascii: "\n")), count - position) else { return nil }
                let end = raw.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                guard (try? first.lines(in: raw, from: position, to: end)) != nil else { return nil }
                position = end
            }
            guard first.tracker == nil else { return nil }
            // The second half starts after the line break at or after the middle.
            let middle = position + (count - position) / 2
            guard let newline = memchr(raw.baseAddress! + middle, Int32(UInt8(ascii: "\n")), count - middle) else { return nil }
            let split = raw.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            guard split < count else { return nil }
            var second = first
            // Room for each half's rows, from the shortest mean length of 64 lines at eight places
            // in the file (a tenth more; untouched capacity costs no memory), so that the arrays
            // do not grow by copying: line lengths drift as numbers gain digits.
            var bytesPerRow = Double.infinity
            for place in 0..<8 {
                var probe = position + (count - position) / 8 * place
                if place > 0 {  // start at a line start
                    guard let next = memchr(raw.baseAddress! + probe, Int32(UInt8(ascii: "\n")), count - probe) else { break }
                    probe = raw.baseAddress!.distance(to: next.assumingMemoryBound(to: UInt8.self)) + 1
                }
                let start = probe
                var lines = 0
                while lines < 64, probe < count, let next = memchr(raw.baseAddress! + probe, Int32(UInt8(ascii: "\n")), count - probe) {
                    probe = raw.baseAddress!.distance(to: next.assumingMemoryBound(to: UInt8.self)) + 1
                    lines += 1
                }
                if lines > 0 { bytesPerRow = min(bytesPerRow, Double(probe - start) / Double(lines)) }
            }
            if !bytesPerRow.isFinite { bytesPerRow = 1 }
            let rows = [split - position, count - split].map { Int(Double($0) / bytesPerRow * 1.1) + 16 }
            let halves = UnsafeMutableBufferPointer<Parser<Sink>?>.allocate(capacity: 2)
            defer { halves.deinitialize(); halves.deallocate() }
            halves.initialize(repeating: nil)
            let (from, to) = ([position, split], [split, count])
            nonisolated(unsafe) let parsers = halves
            nonisolated(unsafe) let input = raw
            nonisolated(unsafe) let seeds = [first, second]
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                var parser = seeds[half]
                // The seeds hold no rows yet, so this allocates the parser's own storage; the
                // first half's has room for the second's too, appended to it in place.
                let room = half == 0 ? rows[0] + rows[1] : rows[1]
                parser.sink.reserveCapacity(room)
                parsers[half] = (try? parser.lines(in: input, from: from[half], to: to[half])) != nil ? parser : nil
            }
            guard let a = halves[0], let b = halves[1] else { return nil }
            first = a
            second = b
            guard first.tokens.count + second.tokens.count <= maximumSamples, first.tokens.count > 0 || second.tokens.count > 0 else { return nil }
            // A row skipped as a gap: the second half's line numbers start from the header's,
            // so only the serial reader can say which line it was.
            guard first.tokens.skippedLines.isEmpty && second.tokens.skippedLines.isEmpty else { return nil }
            if let last = first.sink.times.last, let next = second.sink.times.first, !(next > last) { return nil }
            return (first, second)
        }
    }
}
