import Foundation
import MotionLab

/// Tracking a phone-sized screen recording against decoding it alone: a 1170×2532, 60 fps, 10 s
/// H.264 video made here with FFmpeg (a card sliding with a closed-form ease, on a solid
/// background), tracked by `VideoTracker`, and decoded by `ffmpeg -i VIDEO -f null -` — the floor
/// any tracker built on FFmpeg pays. The ratio is decoding ÷ tracking (the goal: tracking
/// costs at most 1.5× decoding, a ratio ≥ 0.67).
enum TrackingBenchmarks {
    static func run() -> [BenchmarkResult] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = directory.appendingPathComponent("phone.mp4").path
        // The card's left edge eases from 100 to 700 px over the first 2 s (smoothstep), then
        // rests; `overlay` evaluates its position every frame.
        let x = "100+600*(min(t/2\\,1)*min(t/2\\,1)*(3-2*min(t/2\\,1)))"
        guard ffmpeg(["-f", "lavfi", "-i", "color=c=0xF2F2F7:s=1170x2532:r=60:d=10",
                      "-f", "lavfi", "-i", "color=c=0x007AFF:s=360x240:r=60:d=10",
                      "-filter_complex", "[0][1]overlay=x='\(x)':y=900",
                      "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-y", video]) else {
            FileHandle.standardError.write(Data("tracking benchmark: ffmpeg could not make the video; skipped\n".utf8))
            return []
        }
        let frames = 600
        // Decoding and tracking alternate, five of each, and each keeps its median: on a machine
        // whose load changes, both then see the same load.
        var decodes: [Double] = [], tracks: [Double] = [], samples = 0
        for _ in 0..<5 {
            decodes.append(measure(units: frames, repetitions: 1) { _ = ffmpeg(["-i", video, "-f", "null", "-"]) })
            tracks.append(measure(units: frames, repetitions: 1) {
                let motion = try? VideoTracker(path: video).track()
                samples = motion?.objects.first?.count ?? 0
                blackHole(motion)
            })
        }
        let decode = decodes.sorted()[2], track = tracks.sorted()[2]
        return [BenchmarkResult(name: "Track a 1170×2532 60 fps 10 s recording (per frame)",
                                subject: "VideoTracker.track", reference: "ffmpeg -i VIDEO -f null - (decoding alone)",
                                subjectNanoseconds: track, referenceNanoseconds: decode,
                                notes: [("tracking ÷ decoding", String(format: "%.2f× (median of 5, alternating)", track / decode)),
                                        ("samples", "\(samples) of \(frames) frames")])]
    }

    /// Runs `ffmpeg` quietly; true when it succeeds.
    @discardableResult
    static func ffmpeg(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
