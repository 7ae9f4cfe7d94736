extension ObjectFinder {
    /// The contrast-weighted moments of the box `x0 ..< x1`, `y0 ..< y1`: each pixel that may change
    /// and whose contrast reaches ``weightThreshold`` weighs by its contrast, at its centre
    /// (`x + 0.5`, `y + 0.5`).
    ///
    /// Sums are taken relative to the box's corner, which keeps the second moments well conditioned,
    /// pixel by pixel in reading order. Every term is a whole number of quarters, so while the
    /// largest sum (at most 255 × pixels × (2 × side + 1)² quarters) stays below 2⁵³ every partial
    /// sum in doubles is exact; the sums are then taken in integers, row by row, which gives the
    /// same doubles. A larger box sums in doubles.
    static func moments(_ pixels: [UInt8], levels: [UInt8], changes: [Bool], width: Int,
                        x0: Int, y0: Int, x1: Int, y1: Int) -> ObjectMoments {
        let columns = max(x1 - x0, 0), rows = max(y1 - y0, 0), side = max(columns, rows)
        let (pixelCount, overflow) = columns.multipliedReportingOverflow(by: rows)
        let bound = 255 * Double(pixelCount) * Double(2 * side + 1) * Double(2 * side + 1)
        guard !overflow, bound < 0x1p52 else {
            return momentsInDoubles(pixels, levels: levels, changes: changes, width: width, x0: x0, y0: y0, x1: x1, y1: y1)
        }
        precondition(rows == 0 || columns == 0 || (x0 >= 0 && y0 >= 0 && x1 <= width
                     && (y1 - 1) * width + x1 <= min(pixels.count, levels.count, changes.count)),
                     "the box lies outside the frame")
        // Sums of w, w·(2u+1), w·(2v+1), w·(2u+1)², w·(2v+1)², w·(2u+1)(2v+1) for u = x − x0, v = y − y0.
        var s = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0
        pixels.withUnsafeBufferPointer { pixels in
            levels.withUnsafeBufferPointer { levels in
                changes.withUnsafeBufferPointer { changes in
                    for y in y0..<y1 {
                        let p = pixels.baseAddress! + y * width + x0, l = levels.baseAddress! + y * width + x0
                        let c = changes.baseAddress! + y * width + x0
                        var a = 0, b = 0, q = 0
                        // Wrapping arithmetic (nothing wraps within the bound), so the loop vectorises.
                        for u in 0..<columns {
                            let d = Int(p[u]) &- Int(l[u])
                            let contrast = d < 0 ? 0 &- d : d
                            let w = contrast >= weightThreshold && c[u] ? contrast : 0
                            let f = 2 &* u &+ 1
                            a &+= w; b &+= w &* f; q &+= w &* f &* f
                        }
                        let g = 2 * (y - y0) + 1
                        s += a; sx += b; sy += a * g
                        sxx += q; syy += a * g * g; sxy += b * g
                    }
                }
            }
        }
        return finish(Double(s), Double(sx) / 2, Double(sy) / 2, Double(sxx) / 4, Double(syy) / 4, Double(sxy) / 4,
                      x0: x0, y0: y0)
    }

    /// ``moments(_:levels:changes:width:x0:y0:x1:y1:)`` summed pixel by pixel in doubles.
    static func momentsInDoubles(_ pixels: [UInt8], levels: [UInt8], changes: [Bool], width: Int,
                                 x0: Int, y0: Int, x1: Int, y1: Int) -> ObjectMoments {
        var s = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for y in y0..<y1 {
            let fy = Double(y - y0) + 0.5
            for x in x0..<x1 {
                let i = y * width + x
                let c = abs(Int(pixels[i]) - Int(levels[i]))
                guard c >= weightThreshold, changes[i] else { continue }
                let w = Double(c), fx = Double(x - x0) + 0.5
                s += w; sx += w * fx; sy += w * fy
                sxx += w * fx * fx; syy += w * fy * fy; sxy += w * fx * fy
            }
        }
        return finish(s, sx, sy, sxx, syy, sxy, x0: x0, y0: y0)
    }

    /// Moments from the sums of weights, first and second powers about the corner `(x0, y0)`.
    private static func finish(_ s: Double, _ sx: Double, _ sy: Double, _ sxx: Double, _ syy: Double, _ sxy: Double,
                               x0: Int, y0: Int) -> ObjectMoments {
        let mx = sx / s, my = sy / s
        return ObjectMoments(x: Double(x0) + mx, y: Double(y0) + my, xx: sxx / s - mx * mx, yy: syy / s - my * my,
                             xy: sxy / s - mx * my, weight: s)
    }
}
