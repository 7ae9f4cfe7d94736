import Foundation

/// One frame of a video as a small PNG image, for showing beside what was tracked in it.
public struct VideoThumbnail: Sendable, Hashable {
    /// The frame's presentation time in seconds (as in ``TrackedSample/time``).
    public var time: Double
    /// The video's frame width in pixels.
    public var videoWidth: Int
    /// The video's frame height in pixels.
    public var videoHeight: Int
    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int
    /// The PNG file's bytes.
    public var png: [UInt8]
}

/// Grabs a few frames of a video, downscaled, by their presentation times: one pass of the
/// `ffmpeg` command that keeps only the frames at those times and encodes each as a PNG.
public struct FrameGrabber: Sendable {
    /// The video file.
    public var path: String
    /// The images' width in pixels (the height keeps the frame's aspect ratio); frames narrower
    /// than this keep their size.
    public var width: Int

    /// A grabber of frames from the video at `path`.
    ///
    /// - Parameters:
    ///   - path: the video file.
    ///   - width: the images' width in pixels, 16 … 4096.
    public init(path: String, width: Int = 160) {
        self.path = path
        self.width = width
    }

    /// The frames whose presentation times are `times` (each within 0.1 ms), in time order;
    /// a time with no frame there has no image.
    ///
    /// - Parameter times: presentation times in seconds, as the tracker reports them.
    /// - Throws: ``CaptureError`` when the width is out of range or FFmpeg cannot read the video.
    public func thumbnails(at times: [Double]) throws(CaptureError) -> [VideoThumbnail] {
        guard (16...4096).contains(width) else {
            throw .invalidOption("the thumbnail width must be 16…4096 pixels; got \(width)")
        }
        let wanted = Array(Set(times.filter(\.isFinite))).sorted()
        guard !wanted.isEmpty else { return [] }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .undecodable("\(path): no such readable file")
        }
        // `t` is pts × time base, the tracker's time; showinfo (before scaling) gives each kept
        // frame's exact pts and the video's size.
        let select = wanted.map { "lt(abs(t-\($0))\\,0.0001)" }.joined(separator: "+")
        let filters = "select='\(select)',showinfo=checksum=0,scale='min(\(width)\\,iw)':-2:flags=area,format=rgb24"
        let arguments = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", path, "-map", "0:v:0", "-an", "-sn",
                         "-dn", "-vf", filters, "-fps_mode", "passthrough", "-f", "image2pipe", "-c:v", "png", "pipe:1"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try VideoDecoder.ffmpegPath())
        process.arguments = arguments
        let output = Pipe()
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionlab-frames-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
              let logHandle = FileHandle(forWritingAtPath: log.path) else {
            throw .undecodable("cannot create a temporary file for FFmpeg's log")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        process.standardOutput = output
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .decoderMissing("could not start ffmpeg: \(error)") }
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        try? logHandle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let reason = text.split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw .undecodable("\(path) is not a video FFmpeg can decode, or it is damaged\(reason)")
        }
        var parser = FrameLogParser()
        var frames: [(time: Double, width: Int, height: Int)] = []
        for line in text.split(separator: "\n") {
            if let frame = try parser.read(line), let time = parser.seconds(frame.pts) {
                frames.append((time, frame.width, frame.height))
            }
        }
        let images = Self.splitPNGs(bytes)
        guard images.count == frames.count else {
            throw .undecodable("\(path): FFmpeg logged \(frames.count) frames but wrote \(images.count) images")
        }
        return zip(frames, images).map { frame, image in
            VideoThumbnail(time: frame.time, videoWidth: frame.width, videoHeight: frame.height,
                           width: image.width, height: image.height, png: image.bytes)
        }
    }

    /// Cuts a stream of PNG files at the end of each one's `IEND` chunk; reads each one's size
    /// from its `IHDR` chunk.
    static func splitPNGs(_ bytes: [UInt8]) -> [(bytes: [UInt8], width: Int, height: Int)] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func integer(_ at: Int) -> Int {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var result: [(bytes: [UInt8], width: Int, height: Int)] = []
        var start = 0
        while start + 8 <= bytes.count, Array(bytes[start..<start + 8]) == signature {
            var at = start + 8, width = 0, height = 0, ended = false
            while at + 12 <= bytes.count {
                let length = integer(at)
                let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
                if type == "IHDR", at + 16 <= bytes.count { width = integer(at + 8); height = integer(at + 12) }
                at += 12 + length
                if type == "IEND" { ended = true; break }
            }
            guard ended, at <= bytes.count else { break }
            result.append((Array(bytes[start..<at]), width, height))
            start = at
        }
        return result
    }
}
