import ArgumentParser
import Foundation
import MotionLab

/// `motionlab export`: a timeline, a spring or a timing curve as another platform's code or a
/// keyframe format. The exporters live in MotionExports; this parses, calls and
/// prints — the text on stdout (or atomically in --out), the fidelity notes on stderr.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a timeline, a spring or a timing curve to SwiftUI, CSS, Web Animations and other platforms.",
        discussion: """
            Formats: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")). A timeline (timeline JSON, as keyframes eval reads) \
            exports to css (registered custom properties and one @keyframes per track; cubic, linear and move \
            keyframes exactly, springs as linear() within --tolerance), waapi (keyframes + options for \
            element.animate), swiftui, lottie (a null layer at --fps; x, y, rotation, opacity and scale on its \
            transform, opacity and scale ×100, other properties as Slider Control effects) and the other platforms' \
            keyframes (compose, android, flutter, motion, reanimated, react-spring, core-animation): exact \
            cubic-bezier easings, springs baked within --tolerance. A Lottie file, CSS @keyframes text or Web \
            Animations JSON as input is imported first (motionlab import), and what fit keyframes/spring/bezier \
            wrote exports too; a scenario (as animate reads) is run at --fps and its frames joined by the fewest \
            straight-line keyframes within --tolerance. A spring (spring options, from 0 to --target) exports to every format; a curve \
            (--curve NAME or --bezier) over --curve-duration too. What the target cannot \
            carry exactly is printed on stderr (with --json: {"format", "text", "maxError", "notes"} on stdout).
            """
    )

    @Argument(help: "A timeline JSON file, a Lottie file, CSS @keyframes text, Web Animations JSON, or the JSON of fit keyframes/spring/bezier ('-' for standard input). Omit it to export a spring or a curve.")
    var input: String?
    @Option(help: "The target: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat
    @OptionGroup(title: "Spring (instead of a file)") var spring: SpringOptions
    @Option(help: "A named timing curve (SwiftUI names) instead of a file or a spring.")
    var curve: String?
    @Option(parsing: .unconditional, help: "A cubic-bezier timing curve x1,y1,x2,y2 instead of a file or a spring.")
    var bezier: String?
    @Option(parsing: .unconditional, help: "The curve's duration in seconds (default 0.35, SwiftUI's default).")
    var curveDuration: Double?
    @Option(parsing: .unconditional, help: "The largest error where the target approximates (value units; default 0.1 % of each track's value range; for a curve, progress units, default 0.001).")
    var tolerance: Double?
    @Option(parsing: .unconditional, help: "Frames per second of frame-based formats (Lottie) and of a scenario's run (default 60).")
    var fps: Double?
    @Option(help: "The name of the exported rule or layer (default motion).")
    var name: String = "motion"
    @Option(help: "Write the exported text to FILE (atomically) instead of stdout.")
    var out: String?
    @Flag(help: "Print {\"format\", \"text\", \"maxError\", \"notes\"} as JSON on stdout.")
    var json = false

    func validate() throws {
        let springGiven = !spring.givenWithMotion.isEmpty
        let subjects = [input != nil, springGiven, curve != nil || bezier != nil].filter { $0 }.count
        guard subjects == 1 else {
            throw ValidationError(subjects == 0
                ? "give a timeline file, a spring (e.g. --duration 0.5 --bounce 0.3) or a curve (--curve easeInOut or --bezier x1,y1,x2,y2)"
                : "give one thing to export: a timeline file, a spring or a curve")
        }
        if curve != nil && bezier != nil { throw ValidationError("give --curve NAME or --bezier x1,y1,x2,y2, not both") }
        do {
            if let curveDuration { _ = try ExportArguments.curveDuration(curveDuration) }
            if curveDuration != nil && curve == nil && bezier == nil { throw ValidationError("--curve-duration applies to a curve (--curve or --bezier)") }
            if let tolerance { _ = try ExportArguments.tolerance(tolerance) }
            if let fps { _ = try ExportArguments.fps(fps) }
            _ = try ExportArguments.name(name)
        } catch let error as ExportError { throw ValidationError("--\(error)") }
        if json && out != nil { throw ValidationError("give --json or --out, not both") }
    }

    func run() throws {
        let result: MotionExport
        do {
            result = try makeExport()
        } catch let error as ExportError {
            throw CommandFailure.data(error.message)
        }
        for note in result.notes where !json { Output.warn(note) }
        if json {
            Output.json(result.json)
        } else if let out {
            do { try ReportWriter.write(RenderedReport(text: result.text), to: out, inputs: input.map { [$0] } ?? []) } catch {
                throw CommandFailure.io("\(error)")
            }
        } else {
            print(result.text, terminator: "")
        }
    }

    private func makeExport() throws -> MotionExport {
        if let input {
            return try ExportDocument.read(try InputFile.read(input), name: InputFile.displayName(input))
                .export(format, name: name, fps: fps ?? 60, tolerance: tolerance, curveDuration: curveDuration)
        }
        if curve != nil || bezier != nil {
            let unitCurve: UnitCurve
            do {
                unitCurve = try ExportArguments.curve(named: curve, bezier: try bezier.map { try Input.controlPoints($0) })
            } catch let error as ExportError { throw ValidationError("--\(error)") }
            return try CurveExport(curve: unitCurve, duration: curveDuration ?? 0.35, tolerance: tolerance ?? 1e-3).export(format, name: name, fps: fps ?? 60)
        }
        let resolved = try spring.resolve()
        return try SpringExport(spring: resolved.spring, from: 0, to: resolved.target, initialVelocity: resolved.initialVelocity,
                                tolerance: tolerance, epsilon: resolved.epsilon).export(format, name: name, fps: fps ?? 60)
    }
}
