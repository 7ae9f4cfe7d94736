@testable import MotionCapture
import MotionNumerics
import Testing

/// Run-based labelling against a plain flood fill written here: 8-connected pixels found from a
/// raster scan, a stack of pixels and nine neighbours each, on random masks (sparse and dense
/// noise, touching diagonals, single pixels, rectangles, masks touching the frame's edges).
struct ComponentLabellingTests {
    /// A component as the flood fill finds it.
    struct Reference: Equatable {
        var area = 0, weight = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0
        var histogram = [Int](repeating: 0, count: 256)
    }

    /// The components of the pixels of `box` that may change and differ from `levels` by at least
    /// `threshold`, in the raster order of their first pixel.
    static func floodFill(_ pixels: [UInt8], levels: [UInt8], changes: [Bool], width: Int,
                          box: (x0: Int, y0: Int, x1: Int, y1: Int), threshold: Int) -> [Reference] {
        func contrast(_ i: Int) -> Int { abs(Int(pixels[i]) - Int(levels[i])) }
        func on(_ x: Int, _ y: Int) -> Bool {
            x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1 && changes[y * width + x] && contrast(y * width + x) >= threshold
        }
        var seen = Set<Int>()
        var found: [Reference] = []
        for y in max(box.y0, 0)..<max(box.y1, box.y0, 0) {
            for x in max(box.x0, 0)..<max(box.x1, box.x0, 0) where on(x, y) && !seen.contains(y * width + x) {
                var c = Reference(x0: x, y0: y, x1: x + 1, y1: y + 1)
                var stack = [(x, y)]
                seen.insert(y * width + x)
                while let (px, py) = stack.popLast() {
                    let i = py * width + px
                    c.area += 1
                    c.weight += contrast(i)
                    c.histogram[contrast(i)] += 1
                    c.x0 = min(c.x0, px); c.x1 = max(c.x1, px + 1); c.y0 = min(c.y0, py); c.y1 = max(c.y1, py + 1)
                    for dy in -1...1 { for dx in -1...1 where on(px + dx, py + dy) && !seen.contains((py + dy) * width + px + dx) {
                        seen.insert((py + dy) * width + px + dx)
                        stack.append((px + dx, py + dy))
                    } }
                }
                found.append(c)
            }
        }
        return found
    }

    /// A random picture of `width × height` whose object pixels (contrast ≥ 16 from `levels`)
    /// follow one of several shapes of mask.
    static func picture(levels: [UInt8], width: Int, height: Int, shape: Int, random: inout SplitMix64) -> [UInt8] {
        var mask = [Bool](repeating: false, count: width * height)
        switch shape {
        case 0, 1, 2:
            // Noise, sparse to dense: many specks and components, diagonals touching.
            let density = [0.08, 0.3, 0.55][shape]
            for i in mask.indices { mask[i] = random.unit() < density }
        case 3:
            // Diagonal chains and single pixels.
            for _ in 0..<random.below(12) {
                var x = random.below(width), y = random.below(height)
                let dx = random.below(2) == 0 ? 1 : -1
                for _ in 0..<random.below(10) where x >= 0 && x < width && y < height {
                    mask[y * width + x] = true
                    x += dx; y += 1
                }
            }
        default:
            // Rectangles, some reaching the edges, some overlapping.
            for _ in 0..<1 + random.below(8) {
                let x0 = random.below(width), y0 = random.below(height)
                let x1 = min(width, x0 + 1 + random.below(12)), y1 = min(height, y0 + 1 + random.below(12))
                for y in y0..<y1 { for x in x0..<x1 { mask[y * width + x] = true } }
            }
        }
        return mask.indices.map { i in
            let l = Int(levels[i])
            // At least 16 levels from the background (at most as far as the level allows) or less.
            let c = mask[i] ? min(16 + random.below(200), max(l, 255 - l)) : random.below(16)
            return UInt8(l + c <= 255 ? l + c : l - c)
        }
    }

    @Test("Runs give the flood fill's components: same pixels, areas, weights, boxes, order", arguments: 0..<300)
    func labeller(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let width = 1 + random.below(40), height = 1 + random.below(40)
        let levels = (0..<width * height).map { _ in UInt8(random.below(256)) }
        let changes = (0..<width * height).map { _ in random.unit() < 0.9 }
        let pixels = Self.picture(levels: levels, width: width, height: height, shape: seed % 5, random: &random)
        let x0 = random.below(2) == 0 ? 0 : random.below(width), y0 = random.below(2) == 0 ? 0 : random.below(height)
        let box = (x0: x0, y0: y0, x1: random.below(2) == 0 ? width : x0 + random.below(width - x0 + 1),
                   y1: random.below(2) == 0 ? height : y0 + random.below(height - y0 + 1))
        let expected = Self.floodFill(pixels, levels: levels, changes: changes, width: width, box: box, threshold: 16)
        var labeller = ComponentLabeller()
        // Twice, so the second frame runs on buffers the first one left behind.
        for _ in 0..<2 {
            pixels.withUnsafeBufferPointer { p in levels.withUnsafeBufferPointer { l in changes.withUnsafeBytes { c in
                labeller.label(p, levels: l, changes: c, width: width, box: box, threshold: 16)
            } } }
            let got = labeller.components.map { c in
                var r = Reference(area: c.area, weight: c.weight, x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1)
                var run = Int(c.firstRun)
                while run >= 0 {
                    for x in Int(labeller.runStart[run])..<Int(labeller.runEnd[run]) {
                        let i = Int(labeller.runRow[run]) * width + x
                        r.histogram[abs(Int(pixels[i]) - Int(levels[i]))] += 1
                    }
                    run = Int(labeller.next[run])
                }
                return r
            }
            #expect(got == expected, "\(width)×\(height), box \(box)")
        }
    }

    @Test("The finder keeps the heaviest objects of the flood fill's, ties in reading order, up to the limit",
          arguments: 0..<200)
    func finder(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 1000)
        let width = 3 + random.below(48), height = 3 + random.below(48)
        // A background from a low and a high picture: changes where they differ by 6 levels or
        // more, grown and filled as for a video; a solid or a textured background.
        let first = (0..<width * height).map { _ in UInt8(random.below(2) == 0 ? 200 : 60 + random.below(120)) }
        var low = first, high = first
        for _ in 0..<1 + random.below(4) {
            let x0 = random.below(width), y0 = random.below(height)
            for y in y0..<min(height, y0 + 1 + random.below(30)) { for x in x0..<min(width, x0 + 1 + random.below(30)) {
                low[y * width + x] = 0; high[y * width + x] = 255
            } }
        }
        let background = try #require(StillBackground(width: width, height: height, low: low, high: high, first: first))
        var finder = ObjectFinder(background: background)
        for frame in 0..<3 {
            let pixels = Self.picture(levels: background.levels, width: width, height: height, shape: (seed + frame) % 5,
                                      random: &random)
            let limit = [0, 1, 2, 5, 64][random.below(5)]
            let components = Self.floodFill(pixels, levels: background.levels, changes: background.changes, width: width,
                                            box: background.changeBounds, threshold: ObjectFinder.detectionThreshold)
            // Objects of six pixels or more over two rows and columns, heaviest first (a stable sort).
            let objects = components.enumerated()
                .filter { $0.element.area >= 6 && $0.element.x1 - $0.element.x0 >= 2 && $0.element.y1 - $0.element.y0 >= 2 }
                .sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
                .prefix(limit).map(\.element)
            let got = finder.objects(in: pixels, limit: limit)
            #expect(got.count == objects.count)
            for (g, c) in zip(got, objects) {
                let m = ObjectFinder.moments(pixels, levels: background.levels, changes: background.changes, width: width,
                                             x0: max(0, c.x0 - 3), y0: max(0, c.y0 - 3),
                                             x1: min(width, c.x1 + 3), y1: min(height, c.y1 + 3))
                #expect(g.moments == m)
                #expect(g.clipped == (c.x0 == 0 || c.y0 == 0 || c.x1 == width || c.y1 == height))
                #expect(g.contrast == ObjectFinder.insideContrast(c.histogram))
            }
        }
    }
}

extension SplitMix64 {
    /// A whole number in `0 ..< n` (n ≥ 1).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
