import Foundation
import Testing

/// A full disk, simulated by a 16 KiB tmpfs: the report fails with a clear message and leaves no
/// file, partial or temporary, behind. Needs root and permission to mount a tmpfs; where either
/// is missing the test is reported as skipped, not passed.
@Suite("Full disk", .serialized)
struct FullDiskTests {
    static func shell(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A fresh mount point with a tiny tmpfs on it, or nil where mounting is not allowed.
    static func mountTiny() -> URL? {
        guard getuid() == 0 else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-tiny-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard shell(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", directory.path]) == 0 else {
            try? FileManager.default.removeItem(at: directory)
            return nil
        }
        return directory
    }

    /// Whether a tmpfs can be mounted (and unmounted) here: found out once, by doing it.
    static let canMount: Bool = {
        guard let directory = mountTiny() else { return false }
        let unmounted = shell(["umount", directory.path]) == 0
        try? FileManager.default.removeItem(at: directory)
        return unmounted
    }()

    @Test(.enabled(if: FullDiskTests.canMount, "needs root and permission to mount a tmpfs"))
    func reportOnAFullDiskLeavesNothing() throws {
        // The condition mounted one a moment ago, so failing now is a failure, not a skip.
        let directory = try #require(Self.mountTiny(), "could not mount a tmpfs, though the check before the test could")
        defer {
            _ = Self.shell(["umount", directory.path])
            try? FileManager.default.removeItem(at: directory)
        }
        let out = directory.appendingPathComponent("report.html").path
        let result = try MotionLabExecutable.run(["report", "--preset", "bouncy", "--out", out])
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        // The same for --format md, which writes several files.
        let md = try MotionLabExecutable.run(["report", "--preset", "bouncy", "--format", "md", "--out", directory.appendingPathComponent("r.md").path])
        #expect(md.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
