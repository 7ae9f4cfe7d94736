/// The still picture behind the moving objects, estimated from one pass over the video.
///
/// Each pixel's lowest and highest value over the video tell whether it ever changes (by at
/// least ``changeThreshold`` levels; the set grown by two pixels, so faint anti-aliased edges
/// belong to it, and with its holes filled, so the part of an object that covers the same pixels
/// all along belongs to it). An unchanging pixel is background as it is. When the unchanging pixels
/// around the changes are a solid colour (80 % of them within ``changeThreshold`` of the most
/// common level — a UI's background), that colour is the background of every changing pixel;
/// over a texture, a changing pixel's background is its lowest or highest value, whichever is
/// nearer that level (what it shows when no object covers it).
public struct StillBackground: Sendable {
    /// Width of the frames in pixels.
    public let width: Int
    /// Height of the frames in pixels.
    public let height: Int
    /// The background level of each pixel, row by row.
    public let levels: [UInt8]
    /// Whether each pixel ever changes (grown by two pixels), row by row.
    public let changes: [Bool]
    /// The smallest rectangle holding every changing pixel: `(x0, y0, x1, y1)`, exclusive ends.
    public let changeBounds: (x0: Int, y0: Int, x1: Int, y1: Int)

    /// Levels a pixel must vary by over the video to count as changing.
    public static let changeThreshold = 6

    /// Accumulates frames one at a time.
    public struct Builder: Sendable {
        var width = 0, height = 0
        var low: [UInt8] = [], high: [UInt8] = [], first: [UInt8] = []
        /// Frames seen so far.
        public private(set) var frames = 0

        /// An empty builder.
        public init() {}

        /// Adds a frame (every frame must have the first one's size).
        ///
        /// - Parameter frame: the next decoded frame.
        public mutating func add(_ frame: VideoFrame) {
            add(frame, rows: 0..<frame.height)
        }

        /// Adds a frame of which only `rows` differ from the frame added before it.
        mutating func add(_ frame: VideoFrame, rows: Range<Int>) {
            if frames == 0 {
                width = frame.width
                height = frame.height
                low = frame.pixels
                high = frame.pixels
                first = frame.pixels
            } else {
                // Buffer views without bounds checks, so the loop runs in vector registers:
                // this pass touches every pixel of every frame.
                let start = min(rows.lowerBound * width, low.count)
                let count = min(frame.pixels.count, low.count, rows.upperBound * width)
                frame.pixels.withUnsafeBufferPointer { pixels in
                    low.withUnsafeMutableBufferPointer { low in
                        high.withUnsafeMutableBufferPointer { high in
                            for i in start..<max(start, count) {
                                let p = pixels[i]
                                low[i] = min(low[i], p)
                                high[i] = max(high[i], p)
                            }
                        }
                    }
                }
            }
            frames += 1
        }

        /// The background, or `nil` when no pixel changes.
        public func build() -> StillBackground? {
            StillBackground(width: width, height: height, low: low, high: high, first: first)
        }
    }

    init?(width: Int, height: Int, low: [UInt8], high: [UInt8], first: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        var raw = [Bool](repeating: false, count: width * height)
        var any = false
        for i in 0..<raw.count where Int(high[i]) - Int(low[i]) >= Self.changeThreshold {
            raw[i] = true
            any = true
        }
        guard any else { return nil }
        var grown = Self.grow(raw, width: width, height: height, by: 2)
        Self.fillHoles(&grown, width: width, height: height)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            for x in 0..<width where grown[y * width + x] {
                x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        changes = grown
        changeBounds = (x0, y0, x1, y1)
        // The most common level of unchanging pixels near the changes.
        var histogram = [Int](repeating: 0, count: 256)
        let margin = 8
        for y in max(0, y0 - margin)..<min(height, y1 + margin) {
            for x in max(0, x0 - margin)..<min(width, x1 + margin) where !grown[y * width + x] {
                histogram[Int(first[y * width + x])] += 1
            }
        }
        if histogram.allSatisfy({ $0 == 0 }) {
            for i in 0..<first.count where !grown[i] { histogram[Int(first[i])] += 1 }
        }
        let mode = histogram.allSatisfy({ $0 == 0 }) ? nil : histogram.indices.max { histogram[$0] < histogram[$1] }
        // A solid background: most of the unchanging pixels around the changes are at the mode.
        let solid = mode.map { mode in
            let near = histogram.indices.filter { abs($0 - mode) <= Self.changeThreshold }.reduce(0) { $0 + histogram[$1] }
            return Double(near) >= 0.8 * Double(histogram.reduce(0, +))
        } ?? false
        var levels = first
        for i in 0..<levels.count where grown[i] {
            guard let mode else { levels[i] = high[i]; continue }
            if solid {
                levels[i] = UInt8(mode)
            } else {
                // Over a texture: the extreme nearer the background level is what shows when
                // nothing covers the pixel.
                levels[i] = abs(Int(low[i]) - mode) < abs(Int(high[i]) - mode) ? low[i] : high[i]
            }
        }
        self.levels = levels
    }
}
