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

    /// The curve asked for, in the semantics asked for; a CSS inverse that CSS cannot write is a usage error.
    private func resolve() throws -> CurveSampling {
        switch try curveOptions.curve(named: name, bezier: curveOptions.bezier, keywordsAreCSS: false) {
        case .css(let function):
            do { return try CurveSampling(function, inverse: inverse) } catch { throw ValidationError("CSS: \(error)") }
        case .swiftUI(let curve):
            return CurveSampling(curve, inverse: inverse)
        }
    }

    func run() throws {
        let resolved = try resolve()
        let progress = try at.map { try Input.numberList($0, "--at") } ?? Input.numberFile(atFile!, "--at-file", preferred: ["progress"])
        if json {
            Output.json(resolved.document(at: progress))
        } else {
            let samples = progress.map { ($0, resolved.value(at: $0), resolved.velocity(at: $0), resolved.exactVelocity(at: $0)) }
            let semantics = resolved.css ? "CSS: extrapolates outside [0, 1]" : "SwiftUI: progress clamped to [0, 1]"
            print("\(resolved.name)  —  \(semantics)")
            print(Output.table(
                header: ["progress", "value", "velocity", "exact velocity"],
                rows: samples.map { [DecimalText.significant($0.0, digits: 10), DecimalText.significant($0.1, digits: 12),
                                     DecimalText.significant($0.2, digits: 12), DecimalText.significant($0.3, digits: 12)] }))
        }
    }
}
