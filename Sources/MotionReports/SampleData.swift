import Foundation
import MotionIO
import MotionJSON

/// The bundled sample data and the report on it, the one `motionlab report` writes without
/// inputs: the springs of `sample-springs.txt`, the recordings `recordings/*.csv`, the timeline
/// `timelines/spec-example.json` and the phase animator `scenarios/emoji-bounce.json`.
public struct SampleData: Sendable {
    /// The data directory, or `nil` when none was found (then: SwiftUI's presets only).
    public let directory: String?

    /// The sample data in `directory`.
    ///
    /// - Parameter directory: the data directory (the repository's `data`).
    /// - Throws: `PathError` when `directory` is not an existing directory.
    public init(directory: String) throws(PathError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PathError(file: directory, message: "no such directory")
        }
        self.directory = directory
    }

    /// The sample data found from where the program runs: `data` in `currentDirectory` when it
    /// holds `sample-springs.txt`, else a `data` directory beside one of the six nearest ancestors
    /// of `executable` (the repository's, when the program runs from `.build`), else none.
    ///
    /// - Parameters:
    ///   - currentDirectory: the directory relative paths start from.
    ///   - executable: the running program's path (``executablePath``).
    public static func locate(currentDirectory: String = FileManager.default.currentDirectoryPath,
                              executable: String = SampleData.executablePath) -> SampleData {
        let fm = FileManager.default
        if fm.fileExists(atPath: ReportPath.join(currentDirectory, "data/sample-springs.txt")) {
            return SampleData(found: currentDirectory == fm.currentDirectoryPath ? "data" : ReportPath.join(currentDirectory, "data"))
        }
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("data")
            if fm.fileExists(atPath: candidate.appendingPathComponent("sample-springs.txt").path) {
                return SampleData(found: candidate.path)
            }
            url = url.deletingLastPathComponent()
        }
        return SampleData(found: nil)
    }

    /// The running program's path: the target of `/proc/self/exe` where there is one (Linux),
    /// else the first command-line argument.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private init(found directory: String?) { self.directory = directory }

    /// The report's introduction: what it covers, or that no sample data was found.
    public var introduction: [String] {
        guard let directory else {
            return ["No sample data directory was found (looked for ./data and beside the motionlab executable), so this report covers SwiftUI's spring presets only. Give --data DIR, or inputs."]
        }
        return ["The bundled sample data (\(directory)/): the springs of sample-springs.txt, the recordings in recordings/, the example timeline of timelines/spec-example.json and the emoji bounce of SwiftUI's PhaseAnimator documentation. Give inputs (recordings, timelines, spring or curve options) to report on your own."]
    }

    private func path(_ relative: String) -> String {
        directory.map { ReportPath.join($0, relative) } ?? relative
    }

    /// The recording CSV files in `recordings/`, by name.
    public var recordingFiles: [String] {
        guard directory != nil else { return [] }
        let folder = path("recordings")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().map { ReportPath.join(folder, $0) }
    }

    /// The timeline and the animation scenario of the sample data (JSON documents) that exist.
    public var timelineFiles: [String] {
        guard directory != nil else { return [] }
        return [path("timelines/spec-example.json"), path("scenarios/emoji-bounce.json")]
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Every input file the report reads besides the springs: ``recordingFiles`` and ``timelineFiles``.
    public var files: [String] { recordingFiles + timelineFiles }

    /// The file of sample springs: `sample-springs.txt` in the data directory.
    public var springsFile: String { path("sample-springs.txt") }

    /// The springs to report on, each as the `motionlab spring` options that name it: the lines of
    /// ``springsFile`` split at spaces, without blank lines and `#` comments; SwiftUI's three
    /// presets when there is no data directory or no such file.
    public var springs: [(line: String, arguments: [String])] {
        var lines = ["--preset smooth", "--preset snappy", "--preset bouncy"]
        if directory != nil, let text = try? String(contentsOfFile: springsFile, encoding: .utf8) {
            lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return lines.map { ($0, $0.split(separator: " ").map(String.init)) }
    }

    /// The report's sections: a spring section per entry of ``springs``, a section per timeline
    /// file, and a section per channel of each recording (fitted on every core).
    ///
    /// - Parameters:
    ///   - keyframeTolerance: each keyframe fit's max error; default 1 % of the channel's value range.
    ///   - springSection: the section of a spring named by command-line options (the command
    ///     line owns that vocabulary); its error is reported with the file and the line.
    /// - Throws: ``SampleDataError`` naming the file (and the spring's line) that could not be used.
    public func sections(
        keyframeTolerance: Double?, springSection: (_ arguments: [String]) throws -> ReportSection
    ) throws(SampleDataError) -> [ReportSection] {
        var sections: [ReportSection] = []
        for spring in springs {
            do {
                sections.append(try springSection(spring.arguments))
            } catch {
                throw SampleDataError("\(springsFile): '\(spring.line)': \(error)")
            }
        }
        for file in timelineFiles {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                sections.append(try ReportSections.jsonDocument(data, name: displayName(file)))
            } catch {
                throw SampleDataError("\(file): \(error)")
            }
        }
        let files = recordingFiles
        let names = files.map(displayName)
        do {
            sections += try ConcurrentJobs.map(files.count) { i in
                let recording = try RecordingReader.readChannels(path: files[i])
                return ReportSections.recordingChannels(recording, name: names[i], keyframeTolerance: keyframeTolerance)
            }.flatMap { $0 }
        } catch {
            throw SampleDataError("\(error)")
        }
        return sections
    }

    /// A sample file's path relative to the data directory's parent (`data/recordings/x.csv`).
    private func displayName(_ file: String) -> String {
        guard let directory else { return file }
        let base = ReportPath.fileName(of: directory)
        return base + String(file.dropFirst(directory.count))
    }
}

/// Sample data that was read but could not be used: the file (and line) and why.
public struct SampleDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, the spring's line where one is at fault, and the reason.
    public var message: String

    /// An error saying `message`.
    ///
    /// - Parameter message: the file, line and reason.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
