import Foundation

/// Tracks the moving objects of a video in one streaming decode: the still background is
/// estimated from every frame while the frames are kept as the bands of rows that change from
/// one to the next, then measured from those. A video whose changes outgrow ``frameMemory`` is
/// decoded a second time to measure instead, so memory depends on the frame size and that
/// bound, not on the length.
///
/// Each frame that is not an exact repeat of the one before gives, per object seen whole, a
/// ``TrackedSample``: the centre and second moments of its contrast against the background (see
/// ``ObjectFinder``), its size and contrast relative to when first seen, and its rotation when
/// it has an orientation. Several objects keep their identities from frame to frame by nearest
/// centres.
public struct VideoTracker: Sendable {
    /// The video file.
    public var path: String
    /// The part of the frame to search; `nil` for all of it.
    public var region: PixelRegion?
    /// How many objects to follow, 1 … 64.
    public var objectCount: Int
    /// The most bytes of changed frame rows kept from the one decode; beyond it the video is
    /// decoded twice.
    public var frameMemory: Int

    /// The largest frame tracked, in pixels (its area; 8K UHD): memory is about 20 bytes a pixel.
    public static let largestFrame = (width: 7680, height: 4320)

    /// The default ``frameMemory``: 256 MiB.
    public static let defaultFrameMemory = 256 << 20

    /// A tracker.
    ///
    /// - Parameters:
    ///   - path: the video file.
    ///   - region: the part of each frame to search; `nil` for all of it.
    ///   - objects: how many moving objects to follow, 1 … 64.
    ///   - frameMemory: the most bytes of changed frame rows to keep (0: always decode twice).
    public init(path: String, region: PixelRegion? = nil, objects: Int = 1,
                frameMemory: Int = VideoTracker.defaultFrameMemory) {
        self.path = path
        self.region = region
        self.objectCount = objects
        self.frameMemory = frameMemory
    }

    /// Progress of a run: the pass (1 decodes and finds the background, 2 decodes again to
    /// measure when the frames did not fit in ``frameMemory``), and the frames and seconds of
    /// video done in it.
    public typealias Progress = @Sendable (_ pass: Int, _ frames: Int, _ seconds: Double) -> Void

    /// Tracks the video. Throws when it cannot be decoded, has no frames, or nothing in it moves.
    ///
    /// - Parameter progress: called after each decoded frame; may be `nil`.
    public func track(progress: Progress? = nil) throws(CaptureError) -> TrackedMotion {
        _ = try Self.checkedObjectCount(objectCount)
        try region?.validate()
        let decoder = VideoDecoder(path: path, region: region)
        var builder = StillBackground.Builder()
        var history = FrameHistory(budget: max(frameMemory, 0))
        var size: (Int, Int)?
        try decoder.forEachFrame { (frame: VideoFrame) throws(CaptureError) in
            if let size, size != (frame.width, frame.height) {
                throw .undecodable("\(path): the frame size changes from \(size.0)×\(size.1) to \(frame.width)×\(frame.height) at \(frame.time) s")
            }
            if size == nil, frame.width * frame.height > Self.largestFrame.width * Self.largestFrame.height {
                throw .undecodable("\(path): frames of \(frame.width)×\(frame.height) pixels are larger than the \(Self.largestFrame.width)×\(Self.largestFrame.height) (8K) the tracker takes; give --region to track part of the frame")
            }
            size = (frame.width, frame.height)
            builder.add(frame, rows: history.add(frame))
            progress?(1, builder.frames, frame.time)
        }
        guard let background = builder.build() else {
            throw .nothingMoves("nothing moves in \(path)\(region.map { " within --region \($0.x),\($0.y),\($0.width),\($0.height)" } ?? ""): no pixel changes by \(StillBackground.changeThreshold) levels or more over its \(builder.frames) frames")
        }
        var measurer = FrameMeasurer(background: background, objects: objectCount,
                                     offset: (Double(region?.x ?? 0), Double(region?.y ?? 0)))
        if history.isComplete {
            history.replay { pixels, time, repeated in measurer.add(pixels, time: time, repeated: repeated) }
        } else {
            var repeats = FrameHistory(budget: 0)
            try decoder.forEachFrame { (frame: VideoFrame) throws(CaptureError) in
                measurer.add(frame.pixels, time: frame.time, repeated: repeats.add(frame).isEmpty)
                progress?(2, measurer.frames, frame.time)
            }
        }
        return try measurer.finish(path: path)
    }
}

/// Measures the frames of a video in order against its background: the objects in each, kept
/// apart by identity, with a recorder's repeated frames dropped.
struct FrameMeasurer {
    private var finder: ObjectFinder
    private var identities: IdentityKeeper
    private var repeats = RepeatFilter()
    private var lastFound: [ObjectFinder.Found] = []
    private var first = true
    private let limit: Int
    private let offset: (Double, Double)
    /// Frames measured so far.
    private(set) var frames = 0

    init(background: StillBackground, objects: Int, offset: (Double, Double)) {
        finder = ObjectFinder(background: background)
        identities = IdentityKeeper(count: objects)
        limit = objects
        self.offset = offset
    }

    /// The next frame: its luma, time, and whether it repeats the frame before byte for byte.
    mutating func add(_ pixels: [UInt8], time: Double, repeated: Bool) {
        frames += 1
        if repeated && !first {
            for t in repeats.repeated(at: time) { identities.assign(lastFound, time: t, offset: offset) }
            return
        }
        let found = finder.objects(in: pixels, limit: limit)
        let moving = !first && VideoTracker.moved(from: lastFound, to: found)
        for t in repeats.changed(moving: moving) { identities.assign(lastFound, time: t, offset: offset) }
        first = false
        lastFound = found
        identities.assign(lastFound, time: time, offset: offset)
    }

    /// The tracked motion; throws when no object was seen whole in any frame.
    mutating func finish(path: String) throws(CaptureError) -> TrackedMotion {
        for t in repeats.finish() { identities.assign(lastFound, time: t, offset: offset) }
        guard identities.samples.contains(where: { !$0.isEmpty }) else {
            throw .nothingMoves("nothing moves in \(path) that stands out as an object: the changes stay below \(ObjectFinder.detectionThreshold) levels of contrast, or the object is cut off by the frame's edge in every frame")
        }
        let kept = identities.samples.filter { !$0.isEmpty }
        let distinct = frames - repeats.dropped
        return TrackedMotion(objects: kept, frames: frames, duplicates: repeats.dropped,
                             gaps: kept.map { distinct - $0.count })
    }
}

/// Tells a recorder's repeated frame from a still scene. A frame identical to the one before is
/// a repeat when at most ``longestRepeat`` such frames come between two frames that differ, with
/// the objects moving before and after (so its timestamp is late for what it shows): dropped. A longer run of
/// identical frames, one while the objects are still (a codec's refinements of a still picture
/// are not motion), or one at the end of the video, is a scene at rest: kept, each frame a sample
/// at its own time.
struct RepeatFilter {
    /// The longest run of identical frames dropped as repeats.
    static let longestRepeat = 2
    private var pending: [Double] = []
    private var resting = true
    /// How many frames were dropped.
    private(set) var dropped = 0

    /// A frame identical to the one before, at `time`: the times to keep as samples now.
    mutating func repeated(at time: Double) -> [Double] {
        if resting { return [time] }
        pending.append(time)
        guard pending.count > Self.longestRepeat else { return [] }
        resting = true
        defer { pending = [] }
        return pending
    }

    /// A frame that differs from the one before: pending repeats between motion before and
    /// motion now were a recorder's, dropped; otherwise the scene was at rest and their times are
    /// returned, to keep as samples.
    ///
    /// - Parameter moving: whether the objects moved since the frame before.
    mutating func changed(moving: Bool) -> [Double] {
        defer { pending = []; resting = !moving }
        if moving { dropped += pending.count; return [] }
        return pending
    }

    /// The end of the video: pending identical frames are the scene at rest.
    mutating func finish() -> [Double] {
        defer { pending = [] }
        return pending
    }
}

extension VideoTracker {
    /// Whether the objects moved or changed size between two frames by more than 0.05 px (or
    /// appeared or vanished): the scene is in motion.
    static func moved(from old: [ObjectFinder.Found], to new: [ObjectFinder.Found]) -> Bool {
        guard old.count == new.count else { return true }
        return zip(old, new).contains { a, b in
            let (p, q) = (a.moments, b.moments)
            return abs(p.x - q.x) > 0.05 || abs(p.y - q.y) > 0.05 || abs(p.xx - q.xx) > 0.05 * max(p.xx, 1)
                || abs(p.yy - q.yy) > 0.05 * max(p.yy, 1)
        }
    }
}

/// Keeps each object's identity from frame to frame (nearest centre to where it was last seen)
/// and turns moments into samples relative to the object when first seen.
struct IdentityKeeper {
    private(set) var samples: [[TrackedSample]]
    private var last: [(x: Double, y: Double)?]
    private var rest: [ObjectFinder.Found?]
    private var orientation: [Double?]
    private var turned: [Double]

    init(count: Int) {
        samples = Array(repeating: [], count: count)
        last = Array(repeating: nil, count: count)
        rest = Array(repeating: nil, count: count)
        orientation = Array(repeating: nil, count: count)
        turned = Array(repeating: 0, count: count)
    }

    mutating func assign(_ found: [ObjectFinder.Found], time: Double, offset: (Double, Double)) {
        var free = Array(found.indices)
        var pairs: [(id: Int, index: Int)] = []
        // Objects seen before take their nearest, closest pairs first.
        var candidates: [(d: Double, id: Int, index: Int)] = []
        for id in last.indices { if let p = last[id] { for i in found.indices {
            let m = found[i].moments
            candidates.append(((m.x - p.x) * (m.x - p.x) + (m.y - p.y) * (m.y - p.y), id, i))
        } } }
        candidates.sort { $0.d < $1.d }
        var taken = Set<Int>()
        for c in candidates where !taken.contains(c.id) && free.contains(c.index) {
            taken.insert(c.id)
            free.removeAll { $0 == c.index }
            pairs.append((c.id, c.index))
        }
        // New objects take the free identities in reading order (left to right, then top down).
        free.sort { (found[$0].moments.x, found[$0].moments.y) < (found[$1].moments.x, found[$1].moments.y) }
        for id in last.indices where last[id] == nil && !taken.contains(id) {
            guard !free.isEmpty else { break }
            pairs.append((id, free.removeFirst()))
        }
        for (id, index) in pairs {
            let m = found[index].moments
            last[id] = (m.x, m.y)
            guard !found[index].clipped else { continue }
            samples[id].append(sample(id: id, found[index], time: time, offset: offset))
        }
    }

    private mutating func sample(id: Int, _ found: ObjectFinder.Found, time: Double, offset: (Double, Double)) -> TrackedSample {
        let m = found.moments
        if rest[id] == nil {
            rest[id] = found
            let p = m.principal
            orientation[id] = (p.major - p.minor) > 0.1 * (p.major + p.minor) ? p.degrees : nil
        }
        let r = rest[id]!
        var rotation: Double?
        var axis = 0.0
        if let start = orientation[id] {
            // The major axis is known modulo 180°: take the turn nearest the last one.
            var turn = m.principal.degrees - start
            while turn - turned[id] > 90 { turn -= 180 }
            while turn - turned[id] < -90 { turn += 180 }
            turned[id] = turn
            rotation = turn
            axis = turn
        }
        let size = Self.rectangle(m, contrast: found.contrast, axis: axis)
        let restSize = Self.rectangle(r.moments, contrast: r.contrast, axis: 0)
        let scale = restSize.area > 0 ? (size.area / restSize.area).squareRoot() : 1
        let opacity = r.contrast > 0 ? found.contrast / r.contrast : 1
        return TrackedSample(time: time, x: m.x + offset.0, y: m.y + offset.1, width: size.width, height: size.height,
                             scale: scale, opacity: opacity, rotation: rotation)
    }

    /// The rectangle with the object's area (summed contrast ÷ inside contrast, which blur
    /// keeps) and second moments along `axis` and across it, less the spread `k` that the pixels'
    /// own size and the codec's blur add to both: (12σᵤ² − k)(12σᵥ² − k) = area².
    static func rectangle(_ m: ObjectMoments, contrast: Double, axis: Double) -> (width: Double, height: Double, area: Double) {
        let a = 12 * max(m.variance(along: axis), 0), b = 12 * max(m.variance(along: axis + 90), 0)
        guard contrast > 0 else { return (a.squareRoot(), b.squareRoot(), (a * b).squareRoot()) }
        let area = m.weight / contrast
        let k = ((a + b) - ((a - b) * (a - b) + 4 * area * area).squareRoot()) / 2
        return (max(a - k, 0).squareRoot(), max(b - k, 0).squareRoot(), area)
    }
}
