import ArgumentParser
import Foundation
import MotionLab

/// `motionlab report`: a report on springs, curves, timelines and recordings — HTML with inline
/// SVG plots, Markdown with SVG files beside it, or JSON. The command only gathers the inputs
/// and writes the result; MotionReports builds and renders the report.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A report (HTML, Markdown or JSON) on springs, timing curves, keyframe timelines, animation scenarios and recordings.",
        discussion: """
            INPUTS are recording CSV files (.csv, or any file whose header starts 'time,', 'time;' or 'time' and a tab), timeline JSON \
            files (.json, or any file starting with '{') and timing-curve names (as for motionlab curve); '-' \
            reads one of them from standard input. A recording with several channels gets a section per channel \
            (only --column's when given); frame-numbered captures need --fps, and tracker CSVs (time,id,x,y) \
            give channels ID.x, ID.y. A video (a screen recording) is tracked first; its report shows six \
            frames with the tracked box and, in HTML, plays each channel beside its best fit (play, pause, scrub). \
            A spring is given by the spring options, a curve also by --curve or --bezier. With no input at all, \
            the report covers the bundled sample data: the springs of data/sample-springs.txt, the recordings \
            data/recordings/*.csv, the timeline data/timelines/spec-example.json and the phase animator \
            data/scenarios/emoji-bounce.json. A JSON input with "transactions" or "phaseAnimator" is an animation \
            scenario (as for motionlab animate, at 60 fps).

            Output: to stdout without --out (HTML unless --format says otherwise); to FILE with --out, \
            written atomically, in the format of --format or else of FILE's extension (.html, .md, .json). \
            Markdown writes each plot as an SVG file beside FILE (FILE-stem-plot-N.svg), so it needs --out. \
            An existing read-only FILE is not overwritten, nor is an input.
            """
    )

    @Argument(help: "Recording CSV files, timeline JSON files and curve names.")
    var inputs: [String] = []

    @OptionGroup(title: "Spring (as for motionlab spring)")
    var spring: SpringOptions

    @Option(help: "A timing curve by name: a SwiftUI UnitCurve name, or a CSS keyword with --css.")
    var curve: String?
    @OptionGroup var curveOptions: CurveOptions

    @Option(help: "Report only this channel (CSV column) of each recording; default: every channel, a section each. Give it once (a tracker CSV's channels are ID.x, ID.y).")
    var column: [String] = []
    @OptionGroup var clockOptions: ClockOptions
    @OptionGroup var dialectOptions: DialectOptions
    @OptionGroup(title: "Videos in place of recordings") var video: VideoOptions
    @Option(name: .customLong("keyframe-tolerance"), parsing: .unconditional,
            help: "Max error of the keyframe fit, in the recording's units (default: 1 % of its value range).")
    var keyframeTolerance: Double?

    @Option(name: [.short, .long], help: "Write the report to this file (default: stdout).")
    var out: String?
    @Option(help: "The report's format (default: --out's extension, else html).")
    var format: ReportFormat?
    @Option(help: "The report's title.")
    var title: String?
    @OptionGroup var progress: ProgressOption
    @Option(name: .customLong("data"), help: "The sample-data directory for the default report (default: ./data, else the repository's).")
    var dataDirectory: String?

    func validate() throws {
        _ = try SingleValue.value(of: column, "--column", hint: "a report reads one channel of each recording, or every one: give one --column")
        if let keyframeTolerance, !(keyframeTolerance.isFinite && keyframeTolerance > 0) {
            throw ValidationError("--keyframe-tolerance must be a finite number > 0; got \(keyframeTolerance)")
        }
        if format == nil, let out, !ReportPath.fileExtension(of: out).isEmpty, ReportFormat(fileName: out) == nil {
            throw ValidationError("--out \(out): '.\(ReportPath.fileExtension(of: out))' is not a report format; use .html, .md or .json, or give --format")
        }
        if inputs.filter({ $0 == InputFile.standardInput }).count > 1 {
            throw ValidationError("'-' (standard input) can be given once")
        }
        if curve != nil && curveOptions.bezier != nil {
            throw ValidationError("give either --curve NAME or --bezier x1,y1,x2,y2, not both")
        }
    }

    /// The format: --format, else --out's extension, else HTML.
    private var resolvedFormat: ReportFormat {
        if let format { return format }
        if let out, let f = ReportFormat(fileName: out) { return f }
        return .html
    }

    func run() throws {
        let format = resolvedFormat
        if format == .markdown && out == nil {
            throw ValidationError("--format md writes each plot as an SVG file beside the Markdown file: give --out FILE.md")
        }
        if let out { try writing(ReportWriter.check(out, inputs: inputs)) }

        // Gather every input first, so a bad one stops the command before anything is written.
        var sections: [ReportSection] = []
        if springGiven { sections.append(try springSection(spring, name: nil)) }
        if curve != nil || curveOptions.bezier != nil {
            sections.append(ReportSections.curve(try reportCurve(name: curve, bezier: curveOptions.bezier)))
        }
        var files: [String] = []
        for input in inputs {
            if input == InputFile.standardInput || InputFile.isStream(input) {
                // Read once, as it arrives: a pipe cannot be looked into first and read again.
                sections += try Self.streamSections(input, column: column.first, clock: clockOptions.clock, dialect: dialectOptions.dialect,
                                                    keyframeTolerance: keyframeTolerance)
            } else if !FileManager.default.fileExists(atPath: input), isCurveName(input) {
                sections.append(ReportSections.curve(try reportCurve(name: input, bezier: nil)))
            } else {
                files.append(input)
            }
        }
        // Every file is checked before any is analysed; the fits then run on every core.
        let kinds = try files.map { try reading(ReportInputKind.detect(path: $0)) }
        let (paths, column, clock, dialect, tolerance, video) = (files, column.first, clockOptions.clock, dialectOptions.dialect,
                                                                 self.keyframeTolerance, self.video)
        let line = ProgressLine(enabled: progress.wanted, label: "report: fitting recordings")
        let shares = ProgressShares(count: paths.count) { line.update(fraction: $0) }
        sections += try ConcurrentJobs.map(paths.count) { i in
            try Self.fileSections(paths[i], kind: kinds[i], column: column, clock: clock, dialect: dialect, video: video,
                                  keyframeTolerance: tolerance) { shares.set(i, $0) }
        }.flatMap { $0 }
        line.finish()
        var introduction: [String] = []
        if sections.isEmpty {
            let sample = try sampleData()
            do {
                sections = try sample.sections(keyframeTolerance: keyframeTolerance) { arguments in
                    do { return try Self.springSection(try SpringOptions.parse(arguments), name: nil) } catch {
                        throw ValidationError(SpringOptions.message(for: error))
                    }
                }
            } catch {
                throw CommandFailure.data("\(error)")
            }
            introduction = sample.introduction
            files = sample.files
        }
        let report = Report.assemble(title: title ?? "MotionLab report", introduction: introduction, sections: sections)

        guard let out else {
            FileHandle.standardOutput.write(Data(format.render(report).text.utf8))
            return
        }
        let stem = ReportPath.stem(of: out)
        let rendered = format.render(report, plotPrefix: stem.isEmpty ? "report" : stem)
        try writing(ReportWriter.write(rendered, to: out, inputs: files))
        for section in report.sections where section.kind != "overview" {
            print("\(section.heading): \(section.summary ?? "")")
        }
        let extra = rendered.files.isEmpty ? "" : " and \(rendered.files.count) SVG plot files beside it"
        print("Wrote \(out) (\(format == .markdown ? "Markdown" : format.rawValue.uppercased()), \(Output.plural(report.sections.count, "section")), \(Output.plural(report.numberedPlots.count, "plot")))\(extra)")
    }

    /// The sample data of the default report: `--data`, else the one found from here.
    private func sampleData() throws -> SampleData {
        guard let dataDirectory else { return SampleData.locate() }
        do { return try SampleData(directory: dataDirectory) } catch { throw CommandFailure.io("--data \(error)") }
    }

    /// Turns a library error about the output file into a command-line error naming `--out`.
    private func writing<T>(_ body: @autoclosure () throws -> T) throws -> T {
        do { return try body() } catch let error as PathError {
            throw CommandFailure.io("--out \(error)")
        }
    }

    /// Turns a library error about an input file into a command-line error.
    private func reading<T>(_ body: @autoclosure () throws -> T) throws -> T {
        do { return try body() } catch let error as PathError {
            throw CommandFailure.io("\(error)")
        }
    }

    // MARK: Springs

    private var springGiven: Bool { !spring.givenWithMotion.isEmpty }

    /// The report section of a spring named by options; `name` defaults to its SwiftUI code.
    static func springSection(_ options: SpringOptions, name: String?) throws -> ReportSection {
        let resolved = try options.resolve()
        let summary = SpringSummary(spring: resolved.spring, target: resolved.target,
                                    initialVelocity: resolved.initialVelocity, epsilon: resolved.epsilon)
        let s = resolved.spring
        let label = name ?? (resolved.isSwiftUI
            ? resolved.swiftUICode
            : "\(resolved.parameterization) ≈ Spring(duration: \(DecimalText.significant(s.duration, digits: 4)), bounce: \(DecimalText.significant(s.bounce, digits: 4)))")
        return ReportSections.spring(SpringReportInput(
            summary: summary, name: label, parameterization: resolved.parameterization,
            swiftUICode: resolved.swiftUICode, notes: resolved.notes))
    }

    private func springSection(_ options: SpringOptions, name: String?) throws -> ReportSection {
        try Self.springSection(options, name: name)
    }

    // MARK: Curves

    private func isCurveName(_ name: String) -> Bool {
        UnitCurve.namedCurves.contains { $0.name == name } || CSSTimingFunction.keywords.contains { $0.name == name.lowercased() }
    }

    private func reportCurve(name: String?, bezier: String?) throws -> ReportCurve {
        switch try curveOptions.curve(named: name, bezier: bezier, keywordsAreCSS: true) {
        case .css(let function): ReportCurve(function)
        case .swiftUI(let curve): ReportCurve(curve)
        }
    }

    // MARK: Files

    /// The sections of an input file: a timeline JSON gives one; a recording one per channel
    /// (only `column` when given).
    static func fileSections(
        _ path: String, kind: ReportInputKind, column: String?, clock: RecordingClock, dialect: RecordingDialect = .automatic,
        video: VideoOptions, keyframeTolerance: Double?,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [ReportSection] {
        switch kind {
        case .recording where VideoFile.isVideo(path):
            // A video: tracked, then shown as frames with the tracked box beside the fits.
            try InputFile.requireReadable(path)
            let motion = try video.track(path)
            do {
                return try ReportSections.video(motion, path: path, name: path, channels: column.map { [$0] },
                                                keyframeTolerance: keyframeTolerance, progress: progress)
            } catch {
                if case .decoderMissing = error { throw CommandFailure.io("\(error)") }
                throw CommandFailure.data("\(error)")
            }
        case .recording:
            if let column {
                let recording = try InputFile.recording(path, column: column, clock: clock, dialect: dialect)
                return [ReportSections.recording(recording, name: path, keyframeTolerance: keyframeTolerance, progress: progress)]
            }
            return ReportSections.recordingChannels(try InputFile.channels(path, columns: nil, clock: clock, dialect: dialect), name: path,
                                                    keyframeTolerance: keyframeTolerance, progress: progress)
        case .timeline:
            let data = try InputFile.read(path)
            do {
                return [try ReportSections.jsonDocument(data, name: path)]
            } catch {
                throw CommandFailure.data("\(path): \(error)")
            }
        }
    }

    /// `-` (standard input) or a pipe, FIFO or process substitution, read once: a timeline JSON
    /// when it starts with `{`, else a recording CSV.
    static func streamSections(
        _ path: String, column: String?, clock: RecordingClock, dialect: RecordingDialect, keyframeTolerance: Double?
    ) throws -> [ReportSection] {
        let data = try InputFile.read(path)
        let text = String(decoding: data, as: UTF8.self)
        let name = InputFile.displayName(path)
        if text.drop(while: { $0.isWhitespace }).first == "{" {
            do { return [try ReportSections.jsonDocument(data, name: name)] } catch { throw CommandFailure.data("\(name): \(error)") }
        }
        do {
            if let column {
                let recording = try RecordingReader.parse(text, name: name, column: column, clock: clock, dialect: dialect)
                InputFile.reportSkippedRows(path, recording.skippedLines)
                return [ReportSections.recording(recording, name: name, keyframeTolerance: keyframeTolerance)]
            }
            let recording = try RecordingReader.parseChannels(text, name: name, columns: nil, clock: clock, dialect: dialect)
            InputFile.reportSkippedRows(path, recording.channels.first?.skippedLines ?? [])
            return ReportSections.recordingChannels(recording, name: name, keyframeTolerance: keyframeTolerance)
        } catch {
            throw CommandFailure.data("\(error)")
        }
    }
}
