/// The 8-connected components of a frame's object pixels (a pixel that may change and whose
/// contrast against the background reaches a threshold), found from the runs of such pixels
/// along rows rather than pixel by pixel.
///
/// The first pass finds each row's runs and joins every run to the runs of the row above that it
/// touches, diagonals included (union–find, each set named by its first run in reading order).
/// The second pass sums each set into a component, so components come in the reading order of
/// their first pixel — the order a pixel-by-pixel flood fill started from a raster scan finds
/// them in. Buffers are kept from frame to frame; no label image is kept or cleared.
struct ComponentLabeller {
    /// One component: its pixel count, summed contrast, bounding box (exclusive ends) and its
    /// runs, linked from `firstRun` through ``next``.
    struct Component {
        var area: Int
        var weight: Int
        var x0: Int, y0: Int, x1: Int, y1: Int
        var firstRun: Int32
        var lastRun: Int32
    }

    /// Each run's first column, end column (exclusive) and row.
    private(set) var runStart: [Int32] = []
    private(set) var runEnd: [Int32] = []
    private(set) var runRow: [Int32] = []
    /// The next run of the same component, or -1 after its last.
    private(set) var next: [Int32] = []
    /// The components of the last frame labelled, in reading order of their first pixel.
    private(set) var components: [Component] = []
    private var runWeight: [Int] = []
    private var sets = RunSets()
    private var componentOf: [Int32] = []
    /// One row's contrast where it reaches the threshold, else 0; eight spare zero bytes at the end.
    private var row: [UInt8] = []

    /// Labels the pixels `(x, y)` of `box` for which `changes` is set (the bytes of a `[Bool]`:
    /// 1 or 0) and the absolute difference of `pixels` and `levels` is at least `threshold`
    /// (1 … 255); the three buffers are row by row, `width` pixels a row.
    mutating func label(_ pixels: UnsafeBufferPointer<UInt8>, levels: UnsafeBufferPointer<UInt8>,
                        changes: UnsafeRawBufferPointer, width: Int,
                        box: (x0: Int, y0: Int, x1: Int, y1: Int), threshold: Int) {
        runStart.removeAll(keepingCapacity: true)
        runEnd.removeAll(keepingCapacity: true)
        runRow.removeAll(keepingCapacity: true)
        runWeight.removeAll(keepingCapacity: true)
        sets.removeAll()
        components.removeAll(keepingCapacity: true)
        let count = max(box.x1 - box.x0, 0)
        guard count > 0, box.y1 > box.y0 else { next.removeAll(keepingCapacity: true); return }
        precondition(box.x0 >= 0 && box.y0 >= 0 && box.x1 <= width && (box.y1 - 1) * width + box.x1 <= pixels.count
                     && pixels.count <= levels.count && pixels.count <= changes.count, "the box lies outside the frame")
        if row.count < count + 8 { row = [UInt8](repeating: 0, count: count + 8) }
        let floor = UInt8(clamping: threshold)
        var above = 0..<0
        for y in box.y0..<box.y1 {
            let base = y * width + box.x0
            let p = pixels.baseAddress! + base, l = levels.baseAddress! + base
            let c = changes.baseAddress!.assumingMemoryBound(to: UInt8.self) + base
            row.withUnsafeMutableBufferPointer { row in
                let r = row.baseAddress!
                // Branch-free on pointers, so it runs in vector registers: this touches every
                // pixel of the box.
                for k in 0..<count {
                    let d = p[k] > l[k] ? p[k] &- l[k] : l[k] &- p[k]
                    // A Bool's byte is 1 or 0: all ones or all zeros once negated.
                    r[k] = (d >= floor ? d : 0) & (0 &- c[k])
                }
            }
            let first = runStart.count
            findRuns(y: y, x0: box.x0, count: count)
            sets.join(above, first..<runStart.count, start: runStart, end: runEnd, diagonals: true)
            above = first..<runStart.count
        }
        collect()
    }

    /// Appends the runs of the row buffer (columns offset by `x0`), skipping eight empty pixels at a time.
    private mutating func findRuns(y: Int, x0: Int, count: Int) {
        row.withUnsafeBufferPointer { row in
            let raw = UnsafeRawPointer(row.baseAddress!)
            var x = 0
            while x < count {
                if raw.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 { x += 8; continue }
                if row[x] == 0 { x += 1; continue }
                let start = x
                var weight = 0
                while x < count && row[x] != 0 { weight += Int(row[x]); x += 1 }
                runStart.append(Int32(x0 + start))
                runEnd.append(Int32(x0 + x))
                runRow.append(Int32(y))
                runWeight.append(weight)
                sets.add()
            }
        }
    }

    /// Sums the runs into components, in the order of each component's first run.
    private mutating func collect() {
        let runs = runStart.count
        if componentOf.count < runs { componentOf = [Int32](repeating: 0, count: runs) }
        next.removeAll(keepingCapacity: true)
        next.append(contentsOf: repeatElement(-1, count: runs))
        for r in 0..<runs {
            let root = sets.find(Int32(r))
            let x0 = Int(runStart[r]), x1 = Int(runEnd[r]), y = Int(runRow[r])
            if root == Int32(r) {
                componentOf[r] = Int32(components.count)
                components.append(Component(area: x1 - x0, weight: runWeight[r], x0: x0, y0: y, x1: x1, y1: y + 1,
                                            firstRun: Int32(r), lastRun: Int32(r)))
            } else {
                let index = Int(componentOf[Int(root)])
                let last = components[index].lastRun
                next[Int(last)] = Int32(r)
                components[index].lastRun = Int32(r)
                components[index].area += x1 - x0
                components[index].weight += runWeight[r]
                components[index].x0 = min(components[index].x0, x0)
                components[index].x1 = max(components[index].x1, x1)
                components[index].y1 = y + 1
            }
        }
    }
}
