extension StillBackground {
    /// Sets the unset pixels of `mask` that no path of unset pixels joins to the frame's edge:
    /// the part of a moving object that covers the same pixels all along is moving too.
    ///
    /// Paths step to the four nearest neighbours. The unset pixels are taken as runs along rows;
    /// a run joins the runs of the row above that share a column with it (union–find); the runs of
    /// the sets none of whose runs reaches the edge are holes.
    static func fillHoles(_ mask: inout [Bool], width: Int, height: Int) {
        guard width > 0, height > 0, mask.count >= width * height else { return }
        var start: [Int32] = [], end: [Int32] = [], row: [Int32] = []
        var sets = RunSets(), edge: [Bool] = []
        mask.withUnsafeBufferPointer { mask in
            var above = 0..<0
            for y in 0..<height {
                let first = start.count
                var x = 0
                while x < width {
                    if mask[y * width + x] { x += 1; continue }
                    let a = x
                    while x < width && !mask[y * width + x] { x += 1 }
                    start.append(Int32(a)); end.append(Int32(x)); row.append(Int32(y))
                    sets.add()
                    edge.append(y == 0 || y == height - 1 || a == 0 || x == width)
                }
                sets.join(above, first..<start.count, start: start, end: end, diagonals: false)
                above = first..<start.count
            }
        }
        // A set reaches the edge when one of its runs does; its name is its first run.
        for r in start.indices where edge[r] { edge[Int(sets.find(Int32(r)))] = true }
        for r in start.indices where !edge[Int(sets.find(Int32(r)))] {
            let base = Int(row[r]) * width
            for x in Int(start[r])..<Int(end[r]) { mask[base + x] = true }
        }
    }

    /// `mask` with every pixel within `radius` (a square) of a set pixel set: along each row,
    /// then each row or-ed with the rows within `radius` of it.
    static func grow(_ mask: [Bool], width: Int, height: Int, by radius: Int) -> [Bool] {
        var rows = [Bool](repeating: false, count: mask.count)
        for y in 0..<height { growRow(mask, into: &rows, start: y * width, count: width, by: radius) }
        var out = [Bool](repeating: false, count: mask.count)
        // A Bool's byte is 1 or 0, so or-ing the bytes ors the flags (in vector registers).
        rows.withUnsafeBytes { rows in
            out.withUnsafeMutableBytes { out in
                for y in 0..<height {
                    let target = out.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width
                    for source in max(0, y - radius)...min(height - 1, y + radius) {
                        let line = rows.baseAddress!.assumingMemoryBound(to: UInt8.self) + source * width
                        for x in 0..<width { target[x] |= line[x] }
                    }
                }
            }
        }
        return out
    }

    /// Along one row of `count` pixels from `start`, sets every pixel of `output` within `radius`
    /// of a set pixel of `input`: a forward and a backward pass, each tracking the nearest set
    /// pixel seen.
    private static func growRow(_ input: [Bool], into output: inout [Bool], start: Int, count: Int, by radius: Int) {
        var last = -radius - 1
        for k in 0..<count {
            if input[start + k] { last = k }
            if k - last <= radius { output[start + k] = true }
        }
        last = count + radius + 1
        for k in stride(from: count - 1, through: 0, by: -1) {
            if input[start + k] { last = k }
            if last - k <= radius { output[start + k] = true }
        }
    }
}
