import ArgumentParser
import Foundation
import MotionLab

/// `motionlab import FILE`: a Lottie file's layer, CSS `@keyframes` text or Web Animations
/// keyframes JSON as timeline JSON. The reading lives in MotionImports
/// (`MotionImport`); this parses, calls and prints.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Lottie layer, CSS @keyframes or Web Animations keyframes as a keyframe timeline (JSON).",
        discussion: """
            The layer's position (x, y), rotation, opacity and scale (÷100) and its Slider Control effects \
            become the timeline's properties, named as `motionlab export --format lottie` writes them, so export \
            → import round-trips; --property PATH imports one property by its JSON path within the layer \
            (ks.a, ef[0].ef[0].v) with the file's values. Frames become seconds with the file's frame rate. \
            CSS @keyframes (numeric custom properties and plain numeric properties; cubic-bezier(1/3, y1, 2/3, y2) \
            back to cubic keyframes, other easings to linear keyframes with that curve, linear() exactly) and Web \
            Animations JSON (duplicate offsets as move keyframes) take their duration from the text or --duration. \
            What a timeline cannot represent exactly (expressions; curved motion paths and steps() unless \
            --approximate) is an error naming it. With --approximate a Lottie curved motion path (spatial tangents) \
            is walked along its arc length as players do, sampled 8 times per frame and fitted with the fewest \
            straight-line keyframes within --tolerance (default 0.1 % of the diagonal of the path's bounding box); \
            the largest deviation is printed on stderr as a warning. Expressions stay an error: they need a JavaScript engine. \
            A video (a screen recording) is tracked, and with --approximate its object's x and y are fitted with the fewest \
            shared cubic keyframes within --tolerance pixels (default \(DecimalText.shortest(VideoImport.defaultTolerance))). \
            The timeline JSON goes to stdout, with or without --json.
            """
    )

    @Argument(help: "A Lottie JSON file, CSS text with @keyframes, or Web Animations keyframes JSON ('-' for standard input).")
    var file: String
    @Option(help: "The layer's name (nm); default: the only layer, or the first animated one.")
    var layer: String?
    @Option(help: "A JSON path within the layer to import alone, e.g. ks.p or ef[0].ef[0].v.")
    var property: String?
    @Option(parsing: .unconditional, help: "The animation's duration in seconds, for CSS or Web Animations that give none.")
    var duration: Double?
    @Flag(help: "Import steps() as holds and moves, and fit a Lottie curved motion path with straight-line keyframes, instead of refusing them.")
    var approximate = false
    @Option(parsing: .unconditional, help: "With --approximate, the largest deviation of a fitted motion path at a sample, in value units (default: 0.1 % of the diagonal of the motion path's bounding box).")
    var tolerance: Double?
    @OptionGroup(title: "Videos (with --approximate)") var video: VideoOptions
    @Flag(help: "Print the timeline as JSON (the default output already is).")
    var json = false

    func validate() throws {
        if let layer, layer.isEmpty { throw ValidationError("--layer must not be empty") }
        try VideoImport.validate(file, approximate: approximate, video: video)
        if let property, property.isEmpty { throw ValidationError("--property must not be empty (e.g. ks.p)") }
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a finite number > 0 (seconds); got \(duration)") }
        if let tolerance {
            guard tolerance.isFinite && tolerance > 0 else { throw ValidationError("--tolerance must be a finite number > 0 (value units); got \(tolerance)") }
            guard approximate else { throw ValidationError("--tolerance applies to what --approximate fits; add --approximate") }
        }
    }

    func run() throws {
        if VideoFile.isVideo(file) { return try VideoImport.run(file, tolerance: tolerance, video: video) }
        let data = try InputFile.read(file)
        let importer = MotionImport(layer: layer, property: property,
                                    options: KeyframesImportOptions(duration: duration, approximate: approximate, tolerance: tolerance))
        let result: ImportedTimeline
        do { result = try importer.imported(data, name: InputFile.displayName(file)) } catch { throw CommandFailure.data(error.message) }
        for note in result.notes { Output.warn(note) }
        Output.json(result.timeline.json)
    }
}
