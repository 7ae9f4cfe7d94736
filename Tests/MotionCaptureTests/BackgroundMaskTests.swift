@testable import MotionCapture
import MotionNumerics
import Testing

/// The background's mask operations against plain versions written here: growing by checking
/// every pixel of the square around each pixel, hole filling by a flood fill of the unset pixels
/// from the frame's edge (four neighbours), on random masks.
struct BackgroundMaskTests {
    static func mask(width: Int, height: Int, random: inout SplitMix64) -> [Bool] {
        switch random.below(4) {
        case 0: return (0..<width * height).map { _ in random.unit() < 0.1 }
        case 1: return (0..<width * height).map { _ in random.unit() < 0.5 }
        case 2: return (0..<width * height).map { _ in random.unit() < 0.8 }
        default:
            // Rectangle outlines: closed rings with holes, some cut by the edges.
            var mask = [Bool](repeating: false, count: width * height)
            for _ in 0..<1 + random.below(5) {
                let x0 = random.below(width), y0 = random.below(height)
                let x1 = min(width - 1, x0 + random.below(15)), y1 = min(height - 1, y0 + random.below(15))
                for y in y0...y1 { for x in x0...x1 where y == y0 || y == y1 || x == x0 || x == x1 { mask[y * width + x] = true } }
            }
            return mask
        }
    }

    @Test("Growing sets exactly the pixels within the radius's square of a set pixel", arguments: 0..<200)
    func grow(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 5000)
        let width = 1 + random.below(30), height = 1 + random.below(30), radius = random.below(4)
        let mask = Self.mask(width: width, height: height, random: &random)
        var expected = [Bool](repeating: false, count: mask.count)
        for y in 0..<height { for x in 0..<width {
            for dy in -radius...radius { for dx in -radius...radius {
                let (u, v) = (x + dx, y + dy)
                if u >= 0 && u < width && v >= 0 && v < height && mask[v * width + u] { expected[y * width + x] = true }
            } }
        } }
        #expect(StillBackground.grow(mask, width: width, height: height, by: radius) == expected)
    }

    @Test("Filling sets exactly the unset pixels no 4-connected path of unset pixels joins to the edge",
          arguments: 0..<200)
    func fillHoles(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 7000)
        let width = 1 + random.below(30), height = 1 + random.below(30)
        let mask = Self.mask(width: width, height: height, random: &random)
        var outside = [Bool](repeating: false, count: mask.count)
        var queue: [(Int, Int)] = []
        for y in 0..<height { for x in 0..<width where (x == 0 || y == 0 || x == width - 1 || y == height - 1) && !mask[y * width + x] {
            outside[y * width + x] = true
            queue.append((x, y))
        } }
        while let (x, y) = queue.popLast() {
            for (u, v) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            where u >= 0 && u < width && v >= 0 && v < height && !mask[v * width + u] && !outside[v * width + u] {
                outside[v * width + u] = true
                queue.append((u, v))
            }
        }
        let expected = mask.indices.map { mask[$0] || !outside[$0] }
        var filled = mask
        StillBackground.fillHoles(&filled, width: width, height: height)
        #expect(filled == expected)
    }
}
