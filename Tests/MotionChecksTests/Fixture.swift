import Foundation
import MotionTestSupport

/// A scratch directory with files, removed when the fixture goes away.
final class Fixture {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "motionlab-checks-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Writes `text` to `name` (directories created) and returns the full path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// A recording CSV of `f` at `count` samples `step` apart from 0.
    static func csv(column: String = "y", count: Int = 121, step: Double = 1.0 / 120, _ f: (Double) -> Double) -> String {
        var text = "time,\(column)\n"
        for i in 0..<count {
            let t = Double(i) * step
            text += "\(t),\(f(t))\n"
        }
        return text
    }

    /// The repository root (for the worked example in data/checks).
    static let repositoryRoot = Repository.root.path
}
