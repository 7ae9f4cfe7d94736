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
    /// Whether FFmpeg found the frame identical to the one before and did not send it: its
    /// `pixels` are the frame before's.
    var repeatsPrevious = false
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

    /// Whether FFmpeg drops frames identical to the one before (the frames handed on are the
    /// same either way; off, every frame crosses the pipe).
    var dropsRepeats = true

    /// The `ffmpeg` executable on `PATH`.
    public static func ffmpegPath() throws(CaptureError) -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .decoderMissing("reading a video needs FFmpeg's 'ffmpeg' command on PATH (Debian: apt-get install ffmpeg)")
    }

    /// The filter graph, and the position in it of the `showinfo` that logs the frames reaching
    /// the output when repeats are dropped (`nil` when none are).
    ///
    /// Either way the frames' luma plane goes out as coded, copied rather than converted (8-bit YUV
    /// and gray pass straight through; other formats are converted to 8-bit YUV first), and
    /// `showinfo` logs each frame's timestamp without its per-frame checksums, which would cost
    /// more than the decoding. Dropping repeats, `freezedetect` with no noise tolerance and no
    /// least duration compares each frame's luma (within the region) with the last frame it let
    /// through, over every pixel, and marks the frames that differ; only those, and the first
    /// frame (split off and put back in front), reach the pipe. A repeated frame then costs no
    /// copies and no trip through the pipe.
    func filters(droppingRepeats: Bool) -> (graph: String, keptLog: Int?) {
        let log = "showinfo=checksum=0"
        var luma = ["format=pix_fmts=yuv420p|yuvj420p|yuv422p|yuvj422p|yuv444p|yuvj444p|gray", "extractplanes=y"]
        guard droppingRepeats else {
            return ((luma + [log] + crop).joined(separator: ","), nil)
        }
        luma = [log] + luma + crop + ["split[first][rest]"]
        let first = ["trim=end_frame=1"]
        let rest = ["freezedetect=n=0:d=0", "metadata=mode=select:key=lavfi.freezedetect.freeze_end"]
        let output = ["interleave", log]
        let graph = "[0:v:0]" + luma.joined(separator: ",") + ";[first]" + first.joined(separator: ",") + "[f];[rest]"
            + rest.joined(separator: ",") + "[r];[f][r]" + output.joined(separator: ",") + "[out]"
        return (graph, luma.count + first.count + rest.count + output.count - 1)
    }

    /// The region's crop filter, if any.
    private var crop: [String] {
        region.map { ["crop=\($0.width):\($0.height):\($0.x):\($0.y):exact=1"] } ?? []
    }

    /// The arguments given to `ffmpeg` for a filter graph (`filters(droppingRepeats:)`): each
    /// frame written to the pipe straight from its packet (`direct`), not copied through FFmpeg's
    /// output buffer.
    func arguments(graph: String, complex: Bool) -> [String] {
        let filters = complex ? ["-filter_complex", graph, "-map", "[out]"] : ["-map", "0:v:0", "-vf", graph]
        return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", path] + filters
            + ["-an", "-sn", "-dn", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "-avioflags", "direct",
               "pipe:1"]
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
        // Repeats are dropped in FFmpeg; a video whose run fails before its first frame is
        // decoded again without dropping, which reports the failure as it always has.
        if dropsRepeats, let count = try decode(droppingRepeats: true, body) { return count }
        return try decode(droppingRepeats: false, body) ?? 0
    }

    /// One run of `ffmpeg`; `nil` when repeats were to be dropped but the run failed before
    /// handing on a frame.
    private func decode(droppingRepeats: Bool, _ body: (VideoFrame) throws(CaptureError) -> Void) throws(CaptureError) -> Int? {
        let (graph, keptLog) = filters(droppingRepeats: droppingRepeats)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.ffmpegPath())
        process.arguments = arguments(graph: graph, complex: keptLog != nil)
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
        let log = FrameLogReader(handle: errors.fileHandleForReading, keptFilter: keptLog)
        log.start()
        var count = 0
        var failure: CaptureError?
        var pixels: [UInt8] = []
        let fd = output.fileHandleForReading.fileDescriptor
        while failure == nil {
            guard let entry = log.frame(count) else { break }
            let frame: LoggedFrame
            switch entry {
            case .failure(let error): failure = error; continue
            case .success(let value): frame = value
            }
            let line = frame.line
            let width = region?.width ?? line.width, height = region?.height ?? line.height
            if let region, !region.fits(frameWidth: line.width, frameHeight: line.height) {
                failure = region.outside(frameWidth: line.width, frameHeight: line.height)
                continue
            }
            if frame.dropped {
                guard pixels.count == width * height else {
                    failure = .undecodable("\(path): FFmpeg dropped frame \(count + 1) as a repeat of a frame of another size")
                    continue
                }
            } else {
                if pixels.count != width * height { pixels = [UInt8](repeating: 0, count: width * height) }
                guard Self.readFully(fd, into: &pixels) else {
                    failure = .undecodable("\(path): the decoder stopped in frame \(count + 1) (a truncated or damaged file?)")
                    continue
                }
            }
            do {
                try body(VideoFrame(time: frame.time, width: width, height: height, pixels: pixels, repeatsPrevious: frame.dropped))
            } catch { failure = error }
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
        // Whatever stopped this run before a frame was handed on (FFmpeg refusing the chain
        // included) is left to the run without dropping to report.
        if keptLog != nil && count == 0 { return nil }
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
