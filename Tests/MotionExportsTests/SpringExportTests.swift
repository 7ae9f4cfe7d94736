import MotionExports
import MotionSprings
import Testing

/// A spring step exported: what never settles cannot be cut to a fixed duration.
@Suite("Spring export")
struct SpringExportTests {
    /// Bounce 1 is ζ = 0: x(t) = 1 − cos(2πt/d) oscillates between 0 and 2 for ever, so no
    /// settling time exists and an easing over one would be wrong by the whole step.
    @Test("An undamped spring is refused by the formats of a fixed duration, kept by those with springs",
          arguments: ExportFormat.allCases)
    func undamped(format: ExportFormat) throws {
        let export = try SpringExport(spring: Spring(duration: 0.5, bounce: 1), from: 0, to: 1)
        let fixedDuration: Set<ExportFormat> = [.css, .waapi, .android, .lottie]
        do {
            let result = try export.export(format)
            #expect(!fixedDuration.contains(format), "\(format) exported an undamped spring: \(result.notes)")
        } catch {
            #expect(fixedDuration.contains(format), "\(format): \(error)")
            #expect(error.message.contains("never settles") && error.message.contains("undamped"), "\(error)")
        }
    }

    /// The same spring with a little damping settles, and the easing formats take it.
    @Test("A damped spring of the same duration exports to every format")
    func damped() throws {
        let export = try SpringExport(spring: Spring(duration: 0.5, bounce: 0.9), from: 0, to: 1)
        for format in ExportFormat.allCases { _ = try export.export(format) }
    }
}
