import Foundation
import MotionAnalysis
import MotionCapture
import MotionFitting
import MotionIO
import MotionJSON
import MotionNumerics

/// One check applied to one recording: reads it, measures what the expectations need (one spring
/// fit, one step analysis, however many figures are bounded) and judges each expectation.
struct RecordingCheck: Sendable {
    let specification: CheckSpecification
    let manifest: CheckManifest
    /// The recording's path, resolved against the manifest's directory.
    let path: String
    /// Write each baseline from the recording instead of comparing with it.
    let baselineUpdate: Bool

    /// The most samples a recording may have: a check holds one recording per core in memory.
    static let maximumSamples = 2_000_000

    /// The testcases, or the problem that kept the recording from being checked at all.
    func run() -> Result<[CheckTestcase], CheckProblem> {
        let recording: Recording
        if VideoFile.isVideo(path) {
            switch Self.trackedChannel(path, column: specification.column, region: specification.region,
                                       objects: specification.objects) {
            case .success(let channel): recording = channel
            case .failure(let failure): return .failure(CheckProblem(subject: path, message: failure.message, check: specification.name))
            }
        } else { do {
            recording = try RecordingReader.read(path: path, column: specification.column,
                                                 clock: RecordingClock(timeUnit: specification.timeUnit, fps: specification.fps),
                                                 maximumSamples: Self.maximumSamples)
        } catch {
            return .failure(CheckProblem(subject: error.file, message: error.line.map { "line \($0): \(error.message)" } ?? error.message,
                                         check: specification.name))
        } }
        // A check reads one channel; of several, which one must be said, never guessed.
        if specification.column == nil, recording.channels.count > 1 {
            return .failure(CheckProblem(subject: path, message: "has \(recording.channels.count) channels (\(recording.channels.joined(separator: ", "))); "
                                         + "name the one to check with \"column\"", check: specification.name))
        }
        var measurements = Measurements(recording: recording, threshold: specification.threshold)
        var testcases: [CheckTestcase] = []
        for expectation in specification.expectations {
            do {
                testcases += try judge(expectation, recording, &measurements)
            } catch {
                return .failure(error)
            }
        }
        return .success(testcases)
    }

    /// A video's tracked channel `column` (every channel listed, so an unnamed one is asked for).
    static func trackedChannel(_ path: String, column: String?, region: PixelRegion? = nil,
                               objects: Int = 1) -> Result<Recording, TrackingFailure> {
        do {
            let tracked = try VideoTracker(path: path, region: region, objects: objects).track().recording
            guard let column else {
                var first = tracked.channels[0]
                first.channels = tracked.names
                return .success(first)
            }
            guard let channel = tracked[column] else {
                return .failure(TrackingFailure("the tracked video has no channel '\(column)'; it has \(tracked.names.joined(separator: ", "))"))
            }
            return .success(channel)
        } catch {
            return .failure(TrackingFailure(error.description))
        }
    }

    struct TrackingFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// What several expectations share, measured once when first needed.
    struct Measurements {
        let recording: Recording
        let threshold: Double
        private var springFit: Result<SpringFit, FitError>?
        private var stepMetrics: Result<StepMetrics, StepAnalysisError>?

        init(recording: Recording, threshold: Double) {
            self.recording = recording
            self.threshold = threshold
        }

        mutating func spring() -> Result<SpringFit, FitError> {
            if let springFit { return springFit }
            let result = Result { () throws(FitError) in try SpringFitting.fit(recording) }
            springFit = result
            return result
        }

        mutating func step() -> Result<StepMetrics, StepAnalysisError> {
            if let stepMetrics { return stepMetrics }
            let result = Result { () throws(StepAnalysisError) in try StepAnalysis.metrics(of: recording, threshold: threshold) }
            stepMetrics = result
            return result
        }
    }

    private func testcase(_ name: String, passed: Bool, measured: Double?, figures: [CheckTestcase.Figure] = [],
                          expected: CheckTestcase.Expected, message: String, details: [(String, JSONValue)] = []) -> CheckTestcase {
        CheckTestcase(recording: path, check: specification.name, name: name, level: specification.level, passed: passed,
                      measured: measured, figures: figures, expected: expected, message: message, details: details)
    }

    private func judge(_ expectation: Expectation, _ recording: Recording, _ m: inout Measurements) throws(CheckProblem) -> [CheckTestcase] {
        switch expectation {
        case .spring(let bounds):
            // One testcase for the expectation key, failing when any figure is out of its range.
            let expected = CheckTestcase.Expected.ranges(bounds.map { .init(name: $0.0.rawValue, range: $0.1) })
            switch m.spring() {
            case .success(let fit) where fit.fitsPoorly:
                // A spring fitted to noise has figures, but they bound no motion.
                let figures = bounds.map { CheckTestcase.Figure(name: $0.0.rawValue, value: nil) }
                return [testcase("spring", passed: false, measured: nil, figures: figures, expected: expected,
                                 message: "the recording does not look like a spring step (the best spring's step "
                                    + "\(DecimalText.significant(fit.to - fit.from, digits: 3)) is less than "
                                    + "\(DecimalText.significant(SpringFitting.minimumStepInStandardErrors)) standard errors)")]
            case .success(let fit):
                let measured = bounds.map { (name: $0.0.rawValue, value: $0.0.value(of: fit), range: $0.1) }
                let outside = measured.filter { !$0.range.contains($0.value) }
                let message = outside.isEmpty
                    ? measured.map { "\($0.name) \(DecimalText.significant($0.value))" }.joined(separator: ", ") + ", as expected"
                    : outside.map { "\($0.name) \(DecimalText.significant($0.value)), expected \($0.range)" }.joined(separator: "; ")
                let figures = measured.map { CheckTestcase.Figure(name: $0.name, value: $0.value) }
                return [testcase("spring", passed: outside.isEmpty, measured: nil, figures: figures, expected: expected, message: message)]
            case .failure(let error):
                let figures = bounds.map { CheckTestcase.Figure(name: $0.0.rawValue, value: nil) }
                return [testcase("spring", passed: false, measured: nil, figures: figures, expected: expected,
                                 message: "no spring could be fitted: \(error)")]
            }
        case let .step(quantity, range):
            switch m.step() {
            case .success(let metrics):
                return [bounded(quantity.rawValue, quantity.value(of: metrics), range, unit: " " + quantity.unit)]
            case .failure(let error):
                return [testcase(quantity.rawValue, passed: false, measured: nil, expected: .range(range),
                                 message: "the step could not be measured: \(error)")]
            }
        case let .matches(reference, maxError, maxShift):
            return [try match(reference, maxError: maxError, maxShift: maxShift, recording)]
        case let .baseline(template, maxError):
            return [try baseline(template, maxError: maxError, recording)]
        }
    }

    private func bounded(_ name: String, _ value: Double, _ range: ValueRange, unit: String) -> CheckTestcase {
        let passed = range.contains(value)
        let shown = value.isFinite ? DecimalText.significant(value) + unit
            : value.isNaN ? "undefined" : "never (\(value > 0 ? "+" : "−")∞)"
        return testcase(name, passed: passed, measured: value, expected: .range(range), message: "\(shown), expected \(range)\(unit)")
    }

    // MARK: matches

    private func match(_ reference: MotionReference, maxError: Double, maxShift: Double?, _ recording: Recording) throws(CheckProblem) -> CheckTestcase {
        let times = recording.times, values = recording.values
        let t0 = times[0], span = times[times.count - 1] - t0
        let frame = Self.medianInterval(times)
        let limit = maxShift.map { $0.isFinite ? $0 : span / 2 } ?? 0
        let model = try ReferenceModel(reference, channel: recording.channel, startTime: t0,
                                       frameInterval: frame > 0 ? frame : 1.0 / 60, horizon: span + limit)
        func maxDeviation(_ shift: Double) -> (error: Double, at: Int) {
            let predicted = model.values(times, shift)
            var worst = 0.0, at = 0
            for i in values.indices {
                let e = abs(values[i] - predicted[i])
                if !(e <= worst) { (worst, at) = (e, i) }  // NaN counts as the worst
            }
            return (worst, at)
        }
        let shift = limit > 0
            ? TimeShiftSearch.best(maxShift: limit, step: frame > 0 ? frame : span / 100, near: span) { maxDeviation($0).error }.shift
            : 0
        let (error, index) = maxDeviation(shift)
        let passed = error <= maxError
        var text = "max error \(DecimalText.significant(error)) at t = \(DecimalText.significant(times[index])) s"
        if limit > 0 { text += " after a shift of \(DecimalText.significant(shift)) s" }
        text += passed ? " ≤ \(DecimalText.shortest(maxError))" : " > \(DecimalText.shortest(maxError))"
        text += " against the \(reference.summary)"
        var details: [(String, JSONValue)] = [("maxErrorTime", .number(times[index]))]
        if limit > 0 { details.append(("shift", .number(shift))) }
        return testcase("matches", passed: passed, measured: error, expected: .maxError(maxError), message: text, details: details)
    }

    static func medianInterval(_ times: [Double]) -> Double {
        guard times.count >= 2 else { return 0 }
        var steps = zip(times.dropFirst(), times).map { $0 - $1 }
        let middle = steps.count / 2
        steps.sort()
        return steps[middle]
    }

    // MARK: baseline

    /// The baseline's path for this recording: `{stem}` replaced by its file name without extension.
    static func baselinePath(_ template: String, recording: String, manifest: CheckManifest) -> String {
        let name = (recording as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return manifest.resolve(template.replacingOccurrences(of: "{stem}", with: stem))
    }

    private func baseline(_ template: String, maxError: Double, _ recording: Recording) throws(CheckProblem) -> CheckTestcase {
        let file = Self.baselinePath(template, recording: path, manifest: manifest)
        let details: [(String, JSONValue)] = [("baseline", .string(file))]
        if baselineUpdate {
            try Self.writeBaseline(recording, to: file, check: specification.name)
            return testcase("baseline", passed: true, measured: 0, expected: .maxError(maxError),
                            message: "baseline \(file) written from the recording", details: details)
        }
        guard FileManager.default.fileExists(atPath: file) else {
            return testcase("baseline", passed: false, measured: nil, expected: .maxError(maxError),
                            message: "no baseline at \(file); run with --baseline-update to accept this recording", details: details)
        }
        let accepted: Recording
        do {
            accepted = try RecordingReader.read(path: file, column: recording.channel, maximumSamples: Self.maximumSamples)
        } catch {
            throw CheckProblem(subject: error.file, message: "(baseline) " + (error.line.map { "line \($0): \(error.message)" } ?? error.message),
                               check: specification.name)
        }
        // Times from each recording's first sample; the baseline interpolated linearly.
        let b0 = accepted.times[0], t0 = recording.times[0]
        let baselineSpan = accepted.times[accepted.count - 1] - b0, span = recording.times[recording.count - 1] - t0
        let frame = max(Self.medianInterval(accepted.times), Self.medianInterval(recording.times))
        if abs(span - baselineSpan) > frame * 1.5 {
            return testcase("baseline", passed: false, measured: nil, expected: .maxError(maxError),
                            message: "the recording lasts \(DecimalText.significant(span)) s, its baseline \(file) \(DecimalText.significant(baselineSpan)) s; accept it with --baseline-update if that is intended",
                            details: details)
        }
        let relative = accepted.times.map { $0 - b0 }
        let predicted = ReferenceModel.interpolate(recording.times.map { $0 - t0 }, relative, accepted.values, before: accepted.values[0])
        var worst = 0.0, at = 0
        for i in recording.values.indices {
            let e = abs(recording.values[i] - predicted[i])
            if e > worst { (worst, at) = (e, i) }
        }
        let passed = worst <= maxError
        let message = "max error \(DecimalText.significant(worst)) at t = \(DecimalText.significant(recording.times[at])) s "
            + (passed ? "≤ " : "> ") + "\(DecimalText.shortest(maxError)) against \(file)"
        return testcase("baseline", passed: passed, measured: worst, expected: .maxError(maxError), message: message,
                        details: details + [("maxErrorTime", .number(recording.times[at]))])
    }

    /// Writes `recording` as a two-column CSV (`time` in seconds, the channel), atomically,
    /// creating the baseline's directory when needed.
    static func writeBaseline(_ recording: Recording, to file: String, check: String) throws(CheckProblem) {
        let channel = recording.channel
        let header = channel.contains(",") || channel.contains("\"") || channel.hasPrefix(" ") || channel.hasSuffix(" ")
            ? "\"" + channel.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : channel
        var text = "time,\(header)\n"
        for (t, y) in zip(recording.times, recording.values) {
            text += DecimalText.shortest(t) + "," + DecimalText.shortest(y) + "\n"
        }
        let directory = (file as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        do {
            try AtomicFileWriter.write([(path: file, contents: text)])
        } catch {
            throw CheckProblem(subject: file, message: "(baseline) \(error.message)", check: check)
        }
    }
}
