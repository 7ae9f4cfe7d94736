import Foundation
import MotionIO
import MotionTestSupport
import Testing

/// The synthetic recordings in data/tracking/ (made by scripts/make_tracking_videos.py, which
/// renders each frame with exact area coverage and writes the rendered truth beside the video).
enum TrackingData {
    static let directory = Repository.url("data/tracking")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs `ffmpeg` quietly with `arguments` (videos the tests generate); throws when it fails.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " "))")
    }

    /// The truth CSV's columns by name.
    static func truth(_ name: String) throws -> [String: [Double]] {
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        var columns = [String: [Double]]()
        for line in lines.dropFirst() {
            for (name, field) in zip(header, line.split(separator: ",")) { columns[name, default: []].append(Double(field)!) }
        }
        return columns
    }

    static func rms(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return (zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) / Double(a.count)).squareRoot()
    }

    static func rmsRelative(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return (zip(a, b).map { ($0 / $1 - 1) * ($0 / $1 - 1) }.reduce(0, +) / Double(a.count)).squareRoot()
    }

    static func maxRelative(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return zip(a, b).map { abs($0 - $1) / abs($1) }.max() ?? 0
    }
}
