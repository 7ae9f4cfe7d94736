@testable import MotionCapture
import MotionNumerics
import Testing

/// An object's moments against the plain sum written here: pixel by pixel in reading order, in
/// doubles, each pixel at its centre weighing by its contrast from 4 levels up where it may change.
struct MomentsTests {
    static func reference(_ pixels: [UInt8], levels: [UInt8], changes: [Bool], width: Int,
                          x0: Int, y0: Int, x1: Int, y1: Int) -> ObjectMoments {
        var s = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let c = abs(Int(pixels[y * width + x]) - Int(levels[y * width + x]))
                guard c >= 4, changes[y * width + x] else { continue }
                let w = Double(c), fx = Double(x - x0) + 0.5, fy = Double(y - y0) + 0.5
                s += w; sx += w * fx; sy += w * fy
                sxx += w * fx * fx; syy += w * fy * fy; sxy += w * fx * fy
            }
        }
        let mx = sx / s, my = sy / s
        return ObjectMoments(x: Double(x0) + mx, y: Double(y0) + my, xx: sxx / s - mx * mx, yy: syy / s - my * my,
                             xy: sxy / s - mx * my, weight: s)
    }

    @Test("Moments equal the plain sum in doubles bit for bit", arguments: 0..<300)
    func moments(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 9000)
        // Up to 400 × 300 pixels, some boxes the whole frame.
        let width = 1 + random.below(seed % 10 == 0 ? 400 : 60), height = 1 + random.below(seed % 10 == 0 ? 300 : 60)
        let levels = (0..<width * height).map { _ in UInt8(random.below(256)) }
        let changes = (0..<width * height).map { _ in random.unit() < 0.8 }
        // Mostly the background, with a block of strong contrast and faint noise.
        let bx = random.below(width), by = random.below(height)
        let pixels = (0..<width * height).map { i -> UInt8 in
            let inside = i % width >= bx && i % width < bx + 20 && i / width >= by && i / width < by + 15
            let c = inside ? random.below(256) : random.below(8)
            let l = Int(levels[i])
            return UInt8(l + c <= 255 ? l + c : max(l - c, 0))
        }
        let x0 = random.below(2) == 0 ? 0 : random.below(width), y0 = random.below(2) == 0 ? 0 : random.below(height)
        let x1 = random.below(2) == 0 ? width : x0 + 1 + random.below(width - x0)
        let y1 = random.below(2) == 0 ? height : y0 + 1 + random.below(height - y0)
        let got = ObjectFinder.moments(pixels, levels: levels, changes: changes, width: width, x0: x0, y0: y0, x1: x1, y1: y1)
        let expected = Self.reference(pixels, levels: levels, changes: changes, width: width, x0: x0, y0: y0, x1: x1, y1: y1)
        // Bit for bit (NaN, for a box with no weight, included).
        for (a, b) in [(got.x, expected.x), (got.y, expected.y), (got.xx, expected.xx), (got.yy, expected.yy),
                       (got.xy, expected.xy), (got.weight, expected.weight)] {
            #expect(a.bitPattern == b.bitPattern, "\(width)×\(height) box \(x0),\(y0)–\(x1),\(y1): \(a) vs \(b)")
        }
    }

    /// A box too large for exact integer sums (255 × pixels × (2 × side + 1)² ≥ 2⁵² from a side of
    /// about 1400) sums in doubles: a 1500 × 1501 rectangle of uniform contrast 200, whose centre is
    /// the box's, its variances (n² − 1)/12 and its cross moment 0, and the same bits as the plain
    /// sum.
    @Test("A box beyond the integer sums' bound: the uniform rectangle's closed form")
    func largeBox() {
        let width = 1510, height = 1511, x0 = 7, y0 = 5, columns = 1500, rows = 1501
        let levels = [UInt8](repeating: 30, count: width * height)
        var pixels = levels
        for y in y0..<(y0 + rows) { for x in x0..<(x0 + columns) { pixels[y * width + x] = 230 } }
        let changes = [Bool](repeating: true, count: width * height)
        let got = ObjectFinder.moments(pixels, levels: levels, changes: changes, width: width,
                                       x0: x0, y0: y0, x1: x0 + columns, y1: y0 + rows)
        let c = Double(columns), r = Double(rows)
        for (value, exact) in [(got.x, Double(x0) + c / 2), (got.y, Double(y0) + r / 2), (got.xx, (c * c - 1) / 12),
                               (got.yy, (r * r - 1) / 12), (got.weight, 200 * c * r)] {
            #expect(abs(value - exact) <= 1e-12 * exact, "\(value) vs \(exact)")
        }
        #expect(abs(got.xy) <= 1e-9)
        let plain = Self.reference(pixels, levels: levels, changes: changes, width: width,
                                   x0: x0, y0: y0, x1: x0 + columns, y1: y0 + rows)
        #expect([got.x, got.y, got.xx, got.yy, got.xy, got.weight].map(\.bitPattern)
                == [plain.x, plain.y, plain.xx, plain.yy, plain.xy, plain.weight].map(\.bitPattern))
    }
}
