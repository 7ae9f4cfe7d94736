import ArgumentParser
import MotionLab

/// Which channel of a recording a command reads, and the unit of its times.
struct ChannelOptions: ParsableArguments {
    @Option(help: "The channel (CSV column) to read; default: the first. Give it once: this command reads one channel.")
    var column: [String] = []
    @Option(name: .customLong("time-unit"), help: "The unit of the recording's time column.")
    var timeUnit: TimeUnit = .s

    /// A repeated `--column` means several channels, which this command does not read: an error,
    /// never silently the last one.
    func validate() throws {
        if column.count > 1 {
            throw ValidationError("--column was given \(column.count) times (\(column.joined(separator: ", "))); this command reads one channel: give one --column")
        }
    }

    /// The channel asked for, or nil for the first.
    var channel: String? { column.first }
}
