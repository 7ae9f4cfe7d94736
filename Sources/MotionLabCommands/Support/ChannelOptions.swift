import ArgumentParser
import MotionLab

/// Which channel of a recording a command reads, and how its first column becomes time.
struct ChannelOptions: ParsableArguments {
    @Option(help: "The channel (CSV column) to read; default: the first. Give it once: this reads one channel (a tracker CSV's channels are ID.x, ID.y).")
    var column: [String] = []
    @Option(name: .customLong("time-unit"), help: "The unit of the recording's time column.")
    var timeUnit: TimeUnit = .s
    @Option(parsing: .unconditional, help: "The frame rate of a 'frame' first column (time = frame / fps), in (0, 1000].")
    var fps: Double?

    /// A repeated `--column` means several channels, which this command does not read: an error,
    /// never silently the last one.
    func validate() throws {
        if column.count > 1 {
            throw ValidationError("--column was given \(column.count) times (\(column.joined(separator: ", "))); this command reads one channel: give one --column")
        }
        if let problem = clock.fpsProblem { throw ValidationError(problem) }
        if fps != nil && timeUnit != .s {
            throw ValidationError("--fps times a 'frame' column and --time-unit a 'time' column: give one of them")
        }
    }

    /// The channel asked for, or nil for the first.
    var channel: String? { column.first }

    /// How the recording's first column becomes seconds.
    var clock: RecordingClock { RecordingClock(timeUnit: timeUnit, fps: fps) }
}
