import ArgumentParser
import Foundation
import MotionLab

/// `motionlab import FILE`: a Lottie file's layer as timeline JSON (SPEC §6, §10). The reading
/// lives in MotionInterchange (``LottieImport``); this parses, calls and prints.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Lottie (bodymovin JSON) layer's animation as a keyframe timeline (JSON).",
        discussion: """
            The layer's position (x, y), rotation, opacity and scale (÷100) and its Slider Control effects \
            become the timeline's properties, named as `motionlab export --format lottie` writes them, so export \
            → import round-trips; --property PATH imports one property by its JSON path within the layer \
            (ks.a, ef[0].ef[0].v) with the file's values. Frames become seconds with the file's frame rate. \
            What a timeline cannot represent exactly (expressions, curved motion paths) is an error naming its \
            JSON path. The timeline JSON goes to stdout, with or without --json.
            """
    )

    @Argument(help: "A Lottie JSON file ('-' for standard input).")
    var file: String
    @Option(help: "The layer's name (nm); default: the only layer, or the first animated one.")
    var layer: String?
    @Option(help: "A JSON path within the layer to import alone, e.g. ks.p or ef[0].ef[0].v.")
    var property: String?
    @Flag(help: "Print the timeline as JSON (the default output already is).")
    var json = false

    func validate() throws {
        if let layer, layer.isEmpty { throw ValidationError("--layer must not be empty") }
        if let property, property.isEmpty { throw ValidationError("--property must not be empty (e.g. ks.p)") }
    }

    func run() throws {
        let data = try InputFile.read(file)
        let timeline: KeyframeTimeline
        do {
            timeline = try LottieImport(layer: layer, property: property).timeline(json: data)
        } catch {
            throw CommandFailure.data("\(file): \(error)")
        }
        Output.json(timeline.json)
    }
}
