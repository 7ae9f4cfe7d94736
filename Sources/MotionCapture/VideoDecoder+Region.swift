import Foundation

extension PixelRegion {
    /// Whether the region lies inside a frame of `frameWidth × frameHeight` pixels.
    ///
    /// - Parameters:
    ///   - frameWidth: the frame's width in pixels.
    ///   - frameHeight: the frame's height in pixels.
    public func fits(frameWidth: Int, frameHeight: Int) -> Bool {
        x + width <= frameWidth && y + height <= frameHeight
    }

    /// The error for a region that does not lie inside a `frameWidth × frameHeight` frame.
    func outside(frameWidth: Int, frameHeight: Int) -> CaptureError {
        .invalidOption("--region \(x),\(y),\(width),\(height) must lie inside the video's \(frameWidth)×\(frameHeight) frame")
    }
}

extension VideoDecoder {
    /// The first video stream's frame size as `ffprobe` (installed with `ffmpeg`) reports it, or
    /// `nil` where it cannot tell. FFmpeg refuses a crop wider or taller than the frame before it
    /// decodes a frame, so the size must come from elsewhere to name it in the error.
    static func probedFrameSize(_ path: String) -> (width: Int, height: Int)? {
        guard let ffmpeg = try? ffmpegPath() else { return nil }
        let probe = URL(fileURLWithPath: ffmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: probe.path) else { return nil }
        let process = Process()
        process.executableURL = probe
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                             "-of", "csv=p=0:s=x", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let size = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first?.split(separator: "x")
        guard let size, size.count == 2, let width = Int(size[0]), let height = Int(size[1]) else { return nil }
        return (width, height)
    }
}
