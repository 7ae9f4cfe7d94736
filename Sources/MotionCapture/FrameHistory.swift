import Foundation

/// The frames of one decoding, kept so that they can be measured once the still background is
/// known without decoding the video again: each frame as the band of rows that differ from the
/// frame before (a screen recording changes little from frame to frame; a repeated frame is
/// nothing). The band costs memory in proportion to what moves; past `budget` bytes the history
/// stops keeping frames (``isComplete`` turns false) and the caller decodes again instead, so
/// memory never grows with the video's length beyond the budget.
struct FrameHistory {
    /// One frame: its time and the rows `firstRow ..< firstRow + rows.count / width` that differ
    /// from the frame before (none: a repeat of it).
    private struct Entry {
        var time: Double
        var firstRow: Int
        var rows: [UInt8]
    }

    /// The most bytes of changed rows kept.
    let budget: Int
    private var width = 0
    private var last: [UInt8] = []
    private var entries: [Entry] = []
    private var bytes = 0
    /// Whether every frame added so far is kept.
    private(set) var isComplete = true

    /// An empty history that keeps at most `budget` bytes of changed rows (0: keeps none, only
    /// tells repeats apart).
    init(budget: Int) {
        self.budget = budget
        isComplete = budget > 0
    }

    /// Adds the next frame (every frame has the first one's size); returns the rows that differ
    /// from the frame before (all of them for the first frame; none for a byte-for-byte repeat).
    mutating func add(_ frame: VideoFrame) -> Range<Int> {
        if last.isEmpty {
            width = frame.width
            last = frame.pixels
            keep(Entry(time: frame.time, firstRow: 0, rows: frame.pixels))
            return 0..<frame.height
        }
        // A frame the decoder already found identical to the one before needs no comparison.
        let band = frame.repeatsPrevious ? 0..<0 : Self.changedRows(last, frame.pixels, width: width)
        let range = (band.lowerBound * width)..<(band.upperBound * width)
        if !band.isEmpty { last.replaceSubrange(range, with: frame.pixels[range]) }
        keep(Entry(time: frame.time, firstRow: band.lowerBound, rows: band.isEmpty ? [] : Array(frame.pixels[range])))
        return band
    }

    private mutating func keep(_ entry: Entry) {
        guard isComplete else { return }
        bytes += entry.rows.count + 64
        guard bytes <= budget else {
            isComplete = false
            entries = []
            return
        }
        entries.append(entry)
    }

    /// Replays the kept frames in order: each frame's pixels, time, and whether it repeats the
    /// one before. Only when ``isComplete``.
    ///
    /// - Parameter body: called once per frame; must not keep `pixels`.
    func replay(_ body: (_ pixels: [UInt8], _ time: Double, _ repeated: Bool) -> Void) {
        var current: [UInt8] = []
        for entry in entries {
            if current.isEmpty {
                current = entry.rows
            } else if !entry.rows.isEmpty {
                let start = entry.firstRow * width
                current.replaceSubrange(start..<(start + entry.rows.count), with: entry.rows)
            }
            body(current, entry.time, entry.rows.isEmpty)
        }
    }

    /// The rows from the first to the last that differ between two frames of `width` columns;
    /// empty when the frames are the same byte for byte (libc's `memcmp`, row by row).
    static func changedRows(_ a: [UInt8], _ b: [UInt8], width: Int) -> Range<Int> {
        let height = width > 0 ? a.count / width : 0
        guard b.count == a.count else { return 0..<height }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                func same(_ row: Int) -> Bool {
                    memcmp(a.baseAddress! + row * width, b.baseAddress! + row * width, width) == 0
                }
                guard let first = (0..<height).first(where: { !same($0) }) else { return 0..<0 }
                let last = stride(from: height - 1, through: first, by: -1).first { !same($0) } ?? first
                return first..<(last + 1)
            }
        }
    }
}
