import Foundation
import MotionLab

/// The report on the bundled sample data: the springs of `data/sample-springs.txt`, the
/// recordings `data/recordings/*.csv`, the timeline `data/timelines/spec-example.json` and the
/// phase animator `data/scenarios/emoji-bounce.json`.
struct DefaultReport {
    /// The data directory, or nil when none was found (then: SwiftUI's presets only).
    let directory: String?

    init(directory: String?) throws {
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure.io("--data \(directory): no such directory")
            }
            self.directory = directory
        } else {
            self.directory = DefaultReport.locate()
        }
    }

    /// ./data, else a `data` directory beside one of the executable's ancestors (the repository
    /// when motionlab runs from .build).
    static func locate() -> String? {
        let fm = FileManager.default
        if fm.fileExists(atPath: "data/sample-springs.txt") { return "data" }
        let executable = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("data")
            if fm.fileExists(atPath: candidate.appendingPathComponent("sample-springs.txt").path) { return candidate.path }
            url = url.deletingLastPathComponent()
        }
        return nil
    }

    var introduction: [String] {
        guard let directory else {
            return ["No sample data directory was found (looked for ./data and beside the motionlab executable), so this report covers SwiftUI's spring presets only. Give --data DIR, or inputs."]
        }
        return ["The bundled sample data (\(directory)/): the springs of sample-springs.txt, the recordings in recordings/, the example timeline of timelines/spec-example.json and the emoji bounce of SwiftUI's PhaseAnimator documentation. Give inputs (recordings, timelines, spring or curve options) to report on your own."]
    }

    private func path(_ relative: String) -> String {
        directory.map { ReportPath.join($0, relative) } ?? relative
    }

    var recordingFiles: [String] {
        guard directory != nil else { return [] }
        let folder = path("recordings")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().map { ReportPath.join(folder, $0) }
    }

    /// The timeline and the animation scenario of the sample data (JSON documents).
    var timelineFiles: [String] {
        guard directory != nil else { return [] }
        return [path("timelines/spec-example.json"), path("scenarios/emoji-bounce.json")]
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    var files: [String] { recordingFiles + timelineFiles }

    func sections(keyframeTolerance: Double?) throws -> [ReportSection] {
        var sections: [ReportSection] = []
        var springLines = ["--preset smooth", "--preset snappy", "--preset bouncy"]
        if directory != nil, let text = try? String(contentsOfFile: path("sample-springs.txt"), encoding: .utf8) {
            springLines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        for line in springLines {
            let arguments = line.split(separator: " ").map(String.init)
            do {
                let options = try SpringOptions.parse(arguments)
                sections.append(try ReportCommand.springSection(options, name: nil))
            } catch {
                throw CommandFailure.data("\(path("sample-springs.txt")): '\(line)': \(SpringOptions.message(for: error))")
            }
        }
        for file in timelineFiles {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                sections.append(try ReportSections.jsonDocument(data, name: displayName(file)))
            } catch {
                throw CommandFailure.data("\(file): \(error)")
            }
        }
        let files = recordingFiles
        let names = files.map(displayName)
        sections += try concurrentMap(files.count) { i in
            do {
                let recording = try RecordingReader.readChannels(path: files[i])
                return ReportCommand.recordingSections(recording, name: names[i], keyframeTolerance: keyframeTolerance)
            } catch {
                throw CommandFailure.data("\(error)")
            }
        }.flatMap { $0 }
        return sections
    }

    /// A sample file's path relative to the data directory's parent (`data/recordings/x.csv`).
    private func displayName(_ file: String) -> String {
        guard let directory else { return file }
        let base = ReportPath.fileName(of: directory)
        return base + String(file.dropFirst(directory.count))
    }
}
