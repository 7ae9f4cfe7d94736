import ArgumentParser
import MotionLab

/// `motionlab curve`: sample a timing curve — SwiftUI's `UnitCurve` by default, a CSS easing
/// function with `--css`.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Values and velocities of a timing curve (SwiftUI UnitCurve, or CSS with --css).",
        discussion: """
            SwiftUI names: \(UnitCurve.namedCurves.map(\.name).joined(separator: ", ")).
            CSS keywords (with --css): \(CSSTimingFunction.keywords.map(\.name).joined(separator: ", ")).
            SwiftUI clamps progress to [0, 1] and bezier x control points to [0, 1]; \
            CSS rejects x control points outside [0, 1] and extrapolates progress outside [0, 1] \
            along the end tangents.
            """
    )

    @Argument(help: "A named curve (see below). Give either a name or --bezier.")
    var name: String?

    @OptionGroup var curveOptions: CurveOptions

    @Flag(help: "Use the curve with x and y swapped.")
    var inverse = false


    @Option(parsing: .unconditional, help: "Comma-separated input progress values, e.g. 0,0.25,0.5,1.")
    var at: String?
    @Option(name: [.customLong("at-file"), .customLong("times-file")],
            help: "A file of progress values: one per line, or a CSV's 'progress' column (else its first); - for standard input.")
    var atFile: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        if name != nil && curveOptions.bezier != nil {
            throw ValidationError("give either a curve name or --bezier x1,y1,x2,y2, not both")
        }
        if name == nil && curveOptions.bezier == nil {
            throw ValidationError("give a curve name (e.g. easeInOut, or ease with --css) or --bezier x1,y1,x2,y2")
        }
        if (at == nil) == (atFile == nil) {
            throw ValidationError("give exactly one of --at LIST (e.g. --at 0,0.25,0.5,1) or --at-file FILE")
        }
    }

    /// One way to evaluate, whichever semantics was asked for.
    private struct Resolved {
        var label: String
        var controlPoints: [Double]?
        var value: (Double) -> Double
        var velocity: (Double) -> Double
        var exactVelocity: (Double) -> Double
    }

    private func resolve() throws -> Resolved {
        switch try curveOptions.curve(named: name, bezier: curveOptions.bezier, keywordsAreCSS: false) {
        case .css(var function):
            var label = function.cssText
            if inverse {
                do { function = try function.inverse() } catch { throw ValidationError("CSS: \(error)") }
                label = "inverse of \(label) = \(function.cssText)"
            }
            let b = function.bezier
            return Resolved(label: label, controlPoints: [b.x1, b.y1, b.x2, b.y2],
                            value: function.value(at:), velocity: function.velocity(at:),
                            exactVelocity: function.velocity(at:))
        case .swiftUI(var curve):
            var label = curve.description
            if inverse {
                curve = curve.inverse
                label = "\(label).inverse = \(curve.description)"
            }
            let points = curve.controlPoints.map { [$0.start.x, $0.start.y, $0.end.x, $0.end.y] }
            return Resolved(label: label, controlPoints: points,
                            value: curve.value(at:), velocity: curve.velocity(at:), exactVelocity: curve.exactVelocity(at:))
        }
    }

    func run() throws {
        let resolved = try resolve()
        let progress = try at.map { try Input.numberList($0, "--at") } ?? Input.numberFile(atFile!, "--at-file", preferred: ["progress"])
        let samples = progress.map { ($0, resolved.value($0), resolved.velocity($0), resolved.exactVelocity($0)) }
        if json {
            Output.json(SamplesDocument.curve(name: resolved.label, css: curveOptions.css, inverse: inverse,
                                              controlPoints: resolved.controlPoints,
                                              samples: samples.map { (progress: $0.0, value: $0.1, velocity: $0.2, exactVelocity: $0.3) }))
        } else {
            let semantics = curveOptions.css ? "CSS: extrapolates outside [0, 1]" : "SwiftUI: progress clamped to [0, 1]"
            print("\(resolved.label)  —  \(semantics)")
            print(Output.table(
                header: ["progress", "value", "velocity", "exact velocity"],
                rows: samples.map { [DecimalText.significant($0.0, digits: 10), DecimalText.significant($0.1, digits: 12),
                                     DecimalText.significant($0.2, digits: 12), DecimalText.significant($0.3, digits: 12)] }))
        }
    }
}
