import Foundation
import MotionLab

/// Reading input files, with errors that say what is wrong with the path (exit code 2).
enum InputFile {
    /// Throws unless `path` names something this process may open for reading: a regular
    /// file, a pipe, a FIFO, `/dev/stdin`. Checked with `access(2)`, so nothing is consumed
    /// from a pipe.
    static func requireReadable(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .io("\(path): is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .io("\(path): not readable (permission denied)") }
    }

    /// The bytes of an input, or of standard input for `-`: read by streaming, so a pipe, a
    /// FIFO or a process substitution (`<(cmd)`) reads as a file does.
    static func read(_ path: String) throws(CommandFailure) -> Data {
        if path == standardInput { return FileHandle.standardInput.readDataToEndOfFile() }
        do {
            return try InputReading.contents(of: path)
        } catch {
            throw .io(error.description)
        }
    }

    /// Whether `path` is a pipe, a FIFO, a socket or a character device (`/dev/stdin`,
    /// `<(cmd)`): its bytes can be read once only, so it may not be looked into first.
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// The path that names standard input.
    static let standardInput = "-"

    /// How messages name an input: its path, or "standard input" for `-`. (Documents keep the
    /// path as given: a JSON `file` of standard input is `-`.)
    static func displayName(_ path: String) -> String {
        path == standardInput ? "standard input" : path
    }

    /// A recording, after checking that its file can be read (`-` reads standard input): what
    /// the reader then rejects is invalid data.
    /// Times are converted to seconds by `clock` (a time column's unit, or a frame column's
    /// rate); read as seconds, times that look like milliseconds get a warning on stderr.
    static func recording(
        _ path: String, column: String?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic,
        maximumSamples: Int = 20_000_000, video: VideoOptions? = nil
    ) throws(CommandFailure) -> Recording {
        if VideoFile.isVideo(path) {
            let tracked = try trackedVideo(path, video)
            guard let recording = column.map({ tracked[$0] }) ?? tracked.channels.first else {
                throw .data("\(path): the tracked video has no channel '\(column ?? "")'; it has \(tracked.names.joined(separator: ", "))")
            }
            return recording
        }
        let recording = try reading(path) { text, name in
            try RecordingReader.parse(text, name: name, column: column, clock: clock, dialect: dialect)
        } file: {
            try RecordingReader.read(path: path, column: column, clock: clock, dialect: dialect, maximumSamples: maximumSamples)
        }
        warnAboutTimeScale(path, [recording], clock: clock)
        reportSkippedRows(path, recording.skippedLines)
        return recording
    }

    /// Several channels of a recording (`columns`, or every one for `nil`), read in one pass;
    /// `-` reads standard input.
    static func channels(
        _ path: String, columns: [String]?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic,
        maximumSamples: Int = 20_000_000, video: VideoOptions? = nil
    ) throws(CommandFailure) -> MultiChannelRecording {
        if VideoFile.isVideo(path) {
            var tracked = try trackedVideo(path, video)
            if let columns {
                let missing = columns.filter { tracked[$0] == nil }
                guard missing.isEmpty else {
                    throw .data("\(path): the tracked video has no channel \(missing.map { "'\($0)'" }.joined(separator: ", ")); it has \(tracked.names.joined(separator: ", "))")
                }
                tracked.channels = columns.compactMap { tracked[$0] }
            }
            return tracked
        }
        let recording = try reading(path) { text, name in
            try RecordingReader.parseChannels(text, name: name, columns: columns, clock: clock, dialect: dialect)
        } file: {
            try RecordingReader.readChannels(path: path, columns: columns, clock: clock, dialect: dialect, maximumSamples: maximumSamples)
        }
        warnAboutTimeScale(path, recording.channels, clock: clock)
        reportSkippedRows(path, recording.channels.first?.skippedLines ?? [])
        return recording
    }

    /// A video given in place of a recording, tracked (with `options`, or the defaults).
    static func trackedVideo(_ path: String, _ options: VideoOptions?) throws(CommandFailure) -> MultiChannelRecording {
        try requireReadable(path)
        return try dataErrors {
            if let options { return try options.recording(path) }
            return try VideoOptions.parse([]).recording(path)
        }
    }

    /// A recording read from standard input's text (named for messages) for `-`, else from the
    /// file at `path` once it is known to be readable.
    private static func reading<R>(
        _ path: String, standardInput parse: (String, String) throws -> R, file read: () throws -> R
    ) throws(CommandFailure) -> R {
        if path == standardInput {
            return try dataErrors { try parse(standardInputText(), displayName(standardInput)) }
        }
        try requireReadable(path)
        return try dataErrors(read)
    }

    /// `body`'s result; an error other than a ``CommandFailure`` is invalid data (exit code 1).
    private static func dataErrors<R>(_ body: () throws -> R) throws(CommandFailure) -> R {
        do {
            return try body()
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw .data("\(error)")
        }
    }

    /// Standard input as text (read once: a second `-` in one command reads nothing).
    private static func standardInputText() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The rows read as gaps (`--skip-invalid-rows`), counted and located on stderr: the first
    /// 20 lines, then how many more.
    static func reportSkippedRows(_ path: String, _ lines: [Int]) {
        guard !lines.isEmpty else { return }
        Output.warn(skippedRowsNote(displayName(path), lines))
    }

    /// "NAME: skipped 3 rows with empty or NaN cells, read as gaps: lines 4, 9, 12".
    static func skippedRowsNote(_ name: String, _ lines: [Int]) -> String {
        let shown = lines.prefix(20).map(String.init).joined(separator: ", ")
        let more = lines.count > 20 ? " and \(lines.count - 20) more" : ""
        let rows = lines.count == 1 ? "1 row" : "\(lines.count) rows"
        return "\(name): skipped \(rows) with empty or NaN cells, read as gaps: line\(lines.count == 1 ? "" : "s") \(shown)\(more)"
    }

    /// Times read as seconds that look like milliseconds: a warning, once.
    private static func warnAboutTimeScale(_ path: String, _ channels: [Recording], clock: RecordingClock) {
        guard clock == .seconds, let warning = channels.lazy.compactMap(\.timeScaleWarning).first else { return }
        Output.warn("\(displayName(path)): \(warning)")
    }

    /// The channels of the file a command did not read, for people: `nil` when it has one.
    static func ignoredChannelsNote(_ channel: RecordingChannel) -> String? {
        guard !channel.ignoredChannels.isEmpty else { return nil }
        return "(not read: \(channel.ignoredChannels.joined(separator: ", ")); choose with --column NAME)"
    }
}
