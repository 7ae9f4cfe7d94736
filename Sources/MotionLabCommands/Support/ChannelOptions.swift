import ArgumentParser
import MotionLab

/// Which channel of a recording a command reads, and how its first column becomes time.
///
/// Each option is read once: given twice, it is a command-line error naming the values (see
/// ``SingleValue``), never silently the last.
struct ChannelOptions: ParsableArguments {
    @Option(help: "The channel (CSV column) to read; default: the first. Give it once: this reads one channel (a tracker CSV's channels are ID.x, ID.y).")
    var column: [String] = []
    @OptionGroup var clockOptions: ClockOptions
    @OptionGroup var dialectOptions: DialectOptions
    @OptionGroup var video: VideoOptions

    func validate() throws {
        _ = try SingleValue.value(of: column, "--column", hint: "this command reads one channel: give one --column")
    }

    /// The channel asked for, or nil for the first (`validate()` has made sure there is one at most).
    var channel: String? { column.first }

    /// How the recording's first column becomes seconds.
    var clock: RecordingClock { clockOptions.clock }

    /// How the recording's rows are written.
    var dialect: RecordingDialect { dialectOptions.dialect }
}

/// How a recording's rows are written: `--delimiter` (detected from the header line unless
/// given; read once, see ``SingleValue``), and `--skip-invalid-rows` for dropped frames.
struct DialectOptions: ParsableArguments {
    @Option(name: .customLong("delimiter"),
            help: "The character between a recording's fields (default: detected from the header line). In a semicolon file a number may have a decimal comma (0,5).")
    var delimiters: [RecordingDialect.Delimiter] = []
    @Flag(name: .customLong("skip-invalid-rows"),
          help: "Read a row with an empty or NaN cell (a dropped frame) as a gap: skipped, and its line reported on stderr (default: an error).")
    var skipInvalidRows = false

    func validate() throws {
        _ = try SingleValue.value(of: delimiters, "--delimiter") { $0.rawValue }
    }

    /// The reading options given, by name (for commands that may have no recording).
    var given: [String] { (delimiters.isEmpty ? [] : ["--delimiter"]) + (skipInvalidRows ? [RecordingDialect.skipOption] : []) }

    /// How the recording's rows are written (`validate()` has made sure of one delimiter at most).
    var dialect: RecordingDialect { RecordingDialect(delimiter: delimiters.first, skipsInvalidRows: skipInvalidRows) }
}

/// How a recording's first column becomes time: `--time-unit` for a time column, `--fps` for a
/// frame column. Each is read once (see ``SingleValue``).
struct ClockOptions: ParsableArguments {
    @Option(name: .customLong("time-unit"), help: "The unit of the recording's time column (default: s).")
    var timeUnits: [TimeUnit] = []
    @Option(name: .customLong("fps"), parsing: .unconditionalSingleValue,
            help: "The frame rate of a 'frame' first column (time = frame / fps), in (0, 1000].")
    var frameRates: [Double] = []

    func validate() throws {
        _ = try SingleValue.value(of: timeUnits, "--time-unit") { $0.rawValue }
        _ = try SingleValue.value(of: frameRates, "--fps") { DecimalText.shortest($0) }
        if let problem = clock.fpsProblem { throw ValidationError(problem) }
        if fps != nil && timeUnit != .s {
            throw ValidationError("--fps times a 'frame' column and --time-unit a 'time' column: give one of them")
        }
    }

    // `validate()` has made sure each option was given at most once.

    /// The unit of the time column (seconds unless `--time-unit` says otherwise).
    var timeUnit: TimeUnit { timeUnits.first ?? .s }

    /// The frame rate of a frame column, when `--fps` was given.
    var fps: Double? { frameRates.first }

    /// How the recording's first column becomes seconds.
    var clock: RecordingClock { RecordingClock(timeUnit: timeUnit, fps: fps) }
}
