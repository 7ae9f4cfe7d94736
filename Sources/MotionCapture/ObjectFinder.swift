import Foundation

/// One object's raw measurement in a frame: intensity-weighted moments of its contrast against
/// the background.
public struct ObjectMoments: Sendable, Hashable {
    /// Centre, in pixels from the frame's left edge (pixel `i` spans `[i, i + 1)`).
    public var x: Double
    /// Centre, in pixels from the frame's top edge.
    public var y: Double
    /// Second central moments (pixels²): along x, along y, and the cross moment.
    public var xx: Double, yy: Double, xy: Double
    /// The summed absolute contrast (levels × pixels).
    public var weight: Double

    /// The variance along the direction at `degrees` from the x-axis (clockwise on screen).
    ///
    /// - Parameter degrees: the direction's angle.
    public func variance(along degrees: Double) -> Double {
        let a = degrees * .pi / 180
        let c = cos(a), s = sin(a)
        return xx * c * c + 2 * xy * c * s + yy * s * s
    }

    /// The principal variances, larger first, and the larger one's direction in degrees (−90, 90].
    public var principal: (major: Double, minor: Double, degrees: Double) {
        let mean = (xx + yy) / 2, half = (xx - yy) / 2
        let root = (half * half + xy * xy).squareRoot()
        return (mean + root, mean - root, 0.5 * atan2(2 * xy, xx - yy) * 180 / .pi)
    }
}

/// Finds the moving objects of a frame against a ``StillBackground``: pixels whose contrast
/// reaches ``detectionThreshold`` levels form objects (8-connected, at least ``minimumArea``
/// pixels over two rows and columns); each object is then measured over its box grown by three pixels, weighting every pixel
/// by its contrast from ``weightThreshold`` levels up, so anti-aliased edges count by coverage.
public struct ObjectFinder: Sendable {
    /// Contrast in luma levels (as coded, 0 … 255) that makes a pixel part of an object.
    public static let detectionThreshold = 16
    /// Contrast in levels below which a pixel does not weigh in a measurement (codec noise).
    public static let weightThreshold = 4
    /// The fewest pixels an object has (and at least two rows and two columns).
    public static let minimumArea = 6

    let background: StillBackground
    private var labeller = ComponentLabeller()
    private var candidates: [(weight: Int, index: Int)] = []
    private var histogram = [Int](repeating: 0, count: 256)

    /// A finder against `background`.
    ///
    /// - Parameter background: the still picture.
    public init(background: StillBackground) {
        self.background = background
    }

    /// A found object: its moments, and whether it touches the frame's edge (cut off).
    public struct Found: Sendable {
        /// The object's moments.
        public var moments: ObjectMoments
        /// Whether the object reaches the frame's edge, so part of it may be outside.
        public var clipped: Bool
        /// The contrast of the object's inside, in levels (see ``ObjectFinder/insideContrast(_:)``).
        public var contrast: Double
    }

    /// The `limit` heaviest objects in `pixels` (a frame of the background's size), heaviest first.
    ///
    /// - Parameters:
    ///   - pixels: the frame's luma values.
    ///   - limit: how many objects to return at most.
    public mutating func objects(in pixels: [UInt8], limit: Int) -> [Found] {
        let width = background.width, height = background.height
        let levels = background.levels, changes = background.changes
        // Buffer views without bounds checks: the scan touches every pixel the objects may cross.
        pixels.withUnsafeBufferPointer { pixels in
            levels.withUnsafeBufferPointer { levels in
                changes.withUnsafeBytes { changes in
                    labeller.label(pixels, levels: levels, changes: changes, width: width,
                                   box: background.changeBounds, threshold: Self.detectionThreshold)
                }
            }
        }
        // A speck or a one-pixel line is codec noise, not an object.
        candidates.removeAll(keepingCapacity: true)
        for (index, c) in labeller.components.enumerated()
        where c.area >= Self.minimumArea && c.x1 - c.x0 >= 2 && c.y1 - c.y0 >= 2 {
            candidates.append((c.weight, index))
        }
        candidates.sort { $0.weight > $1.weight }
        var found: [Found] = []
        for candidate in candidates.prefix(max(limit, 0)) {
            let c = labeller.components[candidate.index]
            let margin = 3
            let x0 = max(0, c.x0 - margin), x1 = min(width, c.x1 + margin)
            let y0 = max(0, c.y0 - margin), y1 = min(height, c.y1 + margin)
            let clipped = c.x0 == 0 || c.y0 == 0 || c.x1 == width || c.y1 == height
            found.append(Found(moments: Self.moments(pixels, levels: levels, changes: changes, width: width,
                                                     x0: x0, y0: y0, x1: x1, y1: y1),
                               clipped: clipped, contrast: insideContrast(of: c, in: pixels)))
        }
        return found
    }

    /// ``insideContrast(_:)`` of a component's pixels, from its runs.
    private mutating func insideContrast(of component: ComponentLabeller.Component, in pixels: [UInt8]) -> Double {
        let width = background.width
        histogram.withUnsafeMutableBufferPointer { histogram in
            pixels.withUnsafeBufferPointer { pixels in
                background.levels.withUnsafeBufferPointer { levels in
                    for k in histogram.indices { histogram[k] = 0 }
                    var run = Int(component.firstRun)
                    while run >= 0 {
                        let y = Int(labeller.runRow[run])
                        // Counted a stretch of equal contrasts at a time: inside a solid object
                        // they are all equal, and one bin counted pixel by pixel waits on itself.
                        var level = -1, count = 0
                        for x in Int(labeller.runStart[run])..<Int(labeller.runEnd[run]) {
                            let i = y * width + x
                            let c = abs(Int(pixels[i]) - Int(levels[i]))
                            if c == level { count += 1; continue }
                            if count > 0 { histogram[level] += count }
                            level = c
                            count = 1
                        }
                        if count > 0 { histogram[level] += count }
                        run = Int(labeller.next[run])
                    }
                }
            }
        }
        return Self.insideContrast(histogram)
    }

    /// The mean of the contrasts within 10 % of their median, the median taken from half the
    /// highest contrast up (edges covered in part are below half), from a histogram of contrasts.
    ///
    /// - Parameter histogram: how many of the object's pixels have each contrast, 0 … 255 levels.
    public static func insideContrast(_ histogram: [Int]) -> Double {
        guard let top = histogram.lastIndex(where: { $0 > 0 }) else { return 0 }
        let from = (top + 1) / 2
        let count = histogram[from...top].reduce(0, +)
        var seen = 0, median = top
        for level in from...top {
            seen += histogram[level]
            if 2 * seen >= count { median = level; break }
        }
        let low = Int((0.9 * Double(median)).rounded(.up)), high = min(top, Int((1.1 * Double(median)).rounded(.down)))
        var sum = 0, n = 0
        for level in max(low, from)...max(high, max(low, from)) { sum += level * histogram[level]; n += histogram[level] }
        return n > 0 ? Double(sum) / Double(n) : Double(median)
    }
}
