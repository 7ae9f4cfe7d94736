import Foundation

/// One decoded frame: its presentation time and its luma pixels as coded (16 … 235 in the usual
/// limited-range video, 0 … 255 in full range), row by row.
public struct VideoFrame: Sendable {
    /// The presentation time in seconds, exact from the container's timestamp.
    public var time: Double
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height` luma values as coded, row by row from the top.
    public var pixels: [UInt8]
}

/// A rectangle of pixels: the part of the frame to search (`--region x,y,w,h`).
public struct PixelRegion: Sendable, Hashable {
    /// Left edge in pixels from the frame's left.
    public var x: Int
    /// Top edge in pixels from the frame's top.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A region; `validate` checks it.
    ///
    /// - Parameters:
    ///   - x: left edge, ≥ 0.
    ///   - y: top edge, ≥ 0.
    ///   - width: width, ≥ 3.
    ///   - height: height, ≥ 3.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Parses `x,y,w,h` (non-negative integers, width and height at least 3).
    ///
    /// - Parameter text: the option's value.
    public init(parsing text: String) throws(CaptureError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw .invalidOption("--region needs four integers x,y,w,h (pixels); got '\(text)'")
        }
        self.init(x: x, y: y, width: w, height: h)
        try validate()
    }

    /// Throws unless x, y ≥ 0 and width, height in 3 … 32768.
    public func validate() throws(CaptureError) {
        guard x >= 0, y >= 0, (3...32768).contains(width), (3...32768).contains(height) else {
            throw .invalidOption("--region x,y,w,h needs x, y ≥ 0 and w, h in 3…32768; got \(x),\(y),\(width),\(height)")
        }
    }
}

/// Decodes a video by running the `ffmpeg` command: gray frames on its standard output, each
/// frame's exact timestamp from its `showinfo` log on standard error, read side by side so that
/// one frame at a time is held in memory.
public struct VideoDecoder: Sendable {
    /// The video file.
    public var path: String
    /// The part of each frame to deliver, or `nil` for the whole frame.
    public var region: PixelRegion?

    /// A decoder of the video at `path`.
    ///
    /// - Parameters:
    ///   - path: the video file.
    ///   - region: the part of each frame to deliver; `nil` for all of it.
    public init(path: String, region: PixelRegion? = nil) {
        self.path = path
        self.region = region
    }

    /// The `ffmpeg` executable on `PATH`.
    public static func ffmpegPath() throws(CaptureError) -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .decoderMissing("reading a video needs FFmpeg's 'ffmpeg' command on PATH (Debian: apt-get install ffmpeg)")
    }

    /// The arguments given to `ffmpeg`.
    var arguments: [String] {
        // The luma plane as coded, copied rather than converted (8-bit YUV and gray pass
        // straight through; other formats are converted to 8-bit YUV first); `showinfo` without its
        // per-frame checksums, which would cost more than the decoding; each frame written to the
        // pipe straight from its packet (`direct`), not copied through FFmpeg's output buffer.
        var filters = ["format=pix_fmts=yuv420p|yuvj420p|yuv422p|yuvj422p|yuv444p|yuvj444p|gray", "extractplanes=y",
                       "showinfo=checksum=0"]
        if let region { filters.append("crop=\(region.width):\(region.height):\(region.x):\(region.y):exact=1") }
        return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", path, "-map", "0:v:0", "-an", "-sn",
                "-dn", "-vf", filters.joined(separator: ","), "-fps_mode", "passthrough", "-f", "rawvideo",
                "-pix_fmt", "gray", "-avioflags", "direct", "pipe:1"]
    }

    /// Decodes every frame in presentation order and hands each to `body`; returns how many
    /// frames there were. Throws when FFmpeg cannot read the file or stops early.
    ///
    /// - Parameter body: called once per frame, in order.
    @discardableResult
    public func forEachFrame(_ body: (VideoFrame) throws(CaptureError) -> Void) throws(CaptureError) -> Int {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .undecodable("\(path): no such readable file")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.ffmpegPath())
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        // A pipe of 1 MiB (Linux's default ceiling for unprivileged processes) rather than 64 KiB:
        // a frame then crosses in a few writes instead of dozens of hand-overs between the two
        // processes. Where the call is refused the pipe keeps its size; nothing else changes.
        #if os(Linux)
        _ = fcntl(output.fileHandleForReading.fileDescriptor, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
        #endif
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .decoderMissing("could not start ffmpeg: \(error)") }
        let log = FrameLogReader(handle: errors.fileHandleForReading)
        log.start()
        var count = 0
        var failure: CaptureError?
        var pixels: [UInt8] = []
        let fd = output.fileHandleForReading.fileDescriptor
        while failure == nil {
            guard let entry = log.frame(count) else { break }
            let (line, time) : (FrameLogParser.FrameLine, Double)
            switch entry {
            case .failure(let error): failure = error; continue
            case .success(let value): (line, time) = value
            }
            let width = region?.width ?? line.width, height = region?.height ?? line.height
            if let region, !region.fits(frameWidth: line.width, frameHeight: line.height) {
                failure = region.outside(frameWidth: line.width, frameHeight: line.height)
                continue
            }
            if pixels.count != width * height { pixels = [UInt8](repeating: 0, count: width * height) }
            guard Self.readFully(fd, into: &pixels) else {
                failure = .undecodable("\(path): the decoder stopped in frame \(count + 1) (a truncated or damaged file?)")
                continue
            }
            do { try body(VideoFrame(time: time, width: width, height: height, pixels: pixels)) } catch { failure = error }
            count += 1
        }
        if failure != nil, process.isRunning { process.terminate() }
        // Drain what is left so ffmpeg can exit.
        while true {
            var scratch = [UInt8](repeating: 0, count: 65536)
            let n = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 { break }
        }
        process.waitUntilExit()
        log.wait()
        if let failure { throw failure }
        if process.terminationStatus != 0 {
            // A region larger than the frame: FFmpeg stops before the first frame.
            if count == 0, let region, let size = Self.probedFrameSize(path),
               !region.fits(frameWidth: size.width, frameHeight: size.height) {
                throw region.outside(frameWidth: size.width, frameHeight: size.height)
            }
            // FFmpeg's last words; for a file without a video stream they are advice about its
            // `-map` option, which the user never gave.
            let noStream = log.lastMessage.map { $0.contains("to the map") || $0.contains("matches no streams") } ?? false
            let reason = noStream ? ": it has no video stream (audio only, or cut short before its video track?)"
                : log.lastMessage.map { ": \($0)" } ?? ""
            throw .undecodable("\(path) is not a video FFmpeg can decode, or it is damaged\(reason)")
        }
        if count == 0 { throw .noFrames("\(path) has no video frames") }
        return count
    }

    /// Reads exactly `buffer.count` bytes; false at end of file before that.
    private static func readFully(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        let total = buffer.count
        return buffer.withUnsafeMutableBytes { raw -> Bool in
            var done = 0
            while done < total {
                let n = read(fd, raw.baseAddress! + done, total - done)
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }
}
