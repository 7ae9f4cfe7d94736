import MotionCapture

/// A few frames of a video, each with the boxes the tracker found in it: what a reader checks
/// first when a fit looks wrong (did the tracker follow the right thing?).
public struct Filmstrip: Sendable, Hashable {
    /// The frames, in time order.
    public var frames: [FilmstripFrame]

    /// A filmstrip of `frames`.
    ///
    /// - Parameter frames: the frames, in time order.
    public init(frames: [FilmstripFrame]) {
        self.frames = frames
    }
}

/// One frame of a ``Filmstrip``: a small image and the tracked boxes, in the image's pixels.
public struct FilmstripFrame: Sendable, Hashable {
    /// The frame's presentation time in seconds.
    public var time: Double
    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int
    /// The PNG file's bytes.
    public var png: [UInt8]
    /// The tracked objects seen in this frame, scaled to the image.
    public var boxes: [FilmstripBox]

    /// A frame.
    ///
    /// - Parameters:
    ///   - time: the presentation time in seconds.
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    ///   - png: the PNG file's bytes.
    ///   - boxes: the tracked objects in the image's pixels.
    public init(time: Double, width: Int, height: Int, png: [UInt8], boxes: [FilmstripBox]) {
        self.time = time
        self.width = width
        self.height = height
        self.png = png
        self.boxes = boxes
    }
}

/// A tracked object's box in a filmstrip image: centre and size in the image's pixels.
public struct FilmstripBox: Sendable, Hashable {
    /// The object's number (1-based, as in the recording's `ID.x` channels).
    public var object: Int
    /// Centre, pixels from the image's left edge.
    public var centreX: Double
    /// Centre, pixels from the image's top edge.
    public var centreY: Double
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double

    /// A box.
    ///
    /// - Parameters:
    ///   - object: the object's 1-based number.
    ///   - centreX: the centre's distance from the image's left edge in pixels.
    ///   - centreY: the centre's distance from the image's top edge in pixels.
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    public init(object: Int, centreX: Double, centreY: Double, width: Double, height: Double) {
        self.object = object
        self.centreX = centreX
        self.centreY = centreY
        self.width = width
        self.height = height
    }
}

extension Filmstrip {
    /// The filmstrip of a tracked video: `count` frames evenly spread in time over the first
    /// object's samples (from the first to the last, so the start, the motion and the rest),
    /// each downscaled to `width` pixels with every object's box at that frame.
    ///
    /// - Parameters:
    ///   - motion: what the tracker found in the video.
    ///   - path: the video file.
    ///   - count: how many frames, 1 … 24.
    ///   - width: the images' width in pixels, 16 … 4096.
    /// - Throws: `CaptureError` when an option is out of range or FFmpeg cannot read the video.
    public static func of(_ motion: TrackedMotion, video path: String, count: Int = 6, width: Int = 160) throws(CaptureError) -> Filmstrip {
        guard (1...24).contains(count) else {
            throw .invalidOption("a filmstrip has 1…24 frames; got \(count)")
        }
        let samples = motion.objects.first(where: { !$0.isEmpty }) ?? []
        guard let first = samples.first, let last = samples.last else { return Filmstrip(frames: []) }
        // The sample nearest each evenly spaced time (a sample taken once).
        var times: [Double] = []
        for k in 0..<count {
            let target = count == 1 ? first.time : first.time + (last.time - first.time) * Double(k) / Double(count - 1)
            let nearest = samples.min { abs($0.time - target) < abs($1.time - target) }!.time
            if !times.contains(nearest) { times.append(nearest) }
        }
        let thumbnails = try FrameGrabber(path: path, width: width).thumbnails(at: times)
        let frames = thumbnails.map { image in
            let sx = Double(image.width) / Double(image.videoWidth), sy = Double(image.height) / Double(image.videoHeight)
            var boxes: [FilmstripBox] = []
            for (index, samples) in motion.objects.enumerated() {
                guard let s = samples.first(where: { abs($0.time - image.time) < 1e-4 }) else { continue }
                boxes.append(FilmstripBox(object: index + 1, centreX: s.x * sx, centreY: s.y * sy, width: s.width * sx, height: s.height * sy))
            }
            return FilmstripFrame(time: image.time, width: image.width, height: image.height, png: image.png, boxes: boxes)
        }
        return Filmstrip(frames: frames)
    }
}
