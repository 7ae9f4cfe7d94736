import ArgumentParser
import MotionLab

// The library's choices as command-line values: swift-argument-parser lists them in the help
// and rejects anything else with the list of valid values.

extension Spring.Preset: ExpressibleByArgument {}

extension SpringPlatform: ExpressibleByArgument {}

extension TimeUnit: ExpressibleByArgument {}

extension RecordingDialect.Delimiter: ExpressibleByArgument {}

extension ReportFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["html", "md", "json"] }
}

extension DefaultAnimationVersion: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}
