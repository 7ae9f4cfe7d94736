import MotionExports
import MotionNumerics

extension ReportSections {
    /// The language a format's code is highlighted as.
    static func language(of format: ExportFormat) -> String {
        switch format {
        case .swiftUI, .coreAnimation: "swift"
        case .css: "css"
        case .waapi, .lottie: "json"
        case .compose: "kotlin"
        case .android: "xml"
        case .flutter: "dart"
        case .motion, .reactSpring, .reanimated: "javascript"
        }
    }

    /// "Export": the subject's code for every platform — one block per format with its largest
    /// error and fidelity notes; Lottie, a document rather than code, is named with the command that
    /// writes it; a format the subject cannot go to is listed with the reason.
    public static func exportBlocks(_ make: (ExportFormat) throws(ExportError) -> MotionExport) -> [ReportBlock] {
        var blocks: [ReportBlock] = [.heading("Export")]
        var unavailable: [String] = []
        for format in ExportFormat.allCases where format != .lottie {
            do {
                let export = try make(format)
                let error = export.maxError > 0 ? " — largest error \(DecimalText.significant(export.maxError, digits: 3))" : ""
                blocks.append(.code(ReportCode(title: format.title + error, language: language(of: format), text: export.text)))
                for note in export.notes { blocks.append(.note("\(format.title): \(note)")) }
            } catch {
                unavailable.append("\(format.title): \(error.message)")
            }
        }
        blocks.append(.paragraph("Lottie: `motionlab export … --format lottie` writes the composition."))
        for reason in unavailable { blocks.append(.note(reason)) }
        return blocks
    }
}
