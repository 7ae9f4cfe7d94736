import Foundation
import MotionLab

/// Reading input files, with errors that say what is wrong with the path (exit code 2).
enum InputFile {
    /// Throws unless `path` names a readable regular file.
    static func requireReadable(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .io("\(path): is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .io("\(path): not readable (permission denied)") }
    }

    /// The bytes of a readable file, or of standard input for `-`.
    static func read(_ path: String) throws(CommandFailure) -> Data {
        if path == standardInput { return FileHandle.standardInput.readDataToEndOfFile() }
        try requireReadable(path)
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .io("\(path): cannot be read: \(error.localizedDescription)")
        }
    }

    /// The path that names standard input.
    static let standardInput = "-"

    /// A recording, after checking that its file can be read (`-` reads standard input): what
    /// the reader then rejects is invalid data.
    /// Times are converted from `timeUnit` to seconds; read as seconds, times that look like
    /// milliseconds get a warning on stderr.
    static func recording(
        _ path: String, column: String?, timeUnit: TimeUnit = .s, maximumSamples: Int = 20_000_000
    ) throws(CommandFailure) -> Recording {
        let recording: Recording
        do {
            if path == standardInput {
                let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                recording = try RecordingReader.parse(text, name: "<stdin>", column: column)
            } else {
                try requireReadable(path)
                recording = try RecordingReader.read(path: path, column: column, maximumSamples: maximumSamples)
            }
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw .data("\(error)")
        }
        if timeUnit == .s, let warning = recording.timeScaleWarning { Output.warn("\(path): \(warning)") }
        return recording.converted(from: timeUnit)
    }
}
