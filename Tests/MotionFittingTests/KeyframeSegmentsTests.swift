import Testing
@testable import MotionFitting

/// The tolerance search's bookkeeping by binary search against counting every sample: which
/// keyframe holds which samples, whether each covers enough, and where a keyframe is split.
@Suite("Keyframe segments")
struct KeyframeSegmentsTests {
    /// Sorted times from 0 (gaps of random size, some repeated ends between samples) and ends
    /// after the first sample, the last possibly before the last sample.
    static func layout(seed: UInt64) -> (times: [Double], ends: [Double]) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
        var times = [0.0]
        for _ in 0..<(20 + Int(next() * 400)) { times.append(times.last! + 0.001 + next() * 0.01) }
        var ends: [Double] = []
        var e = 0.0
        for _ in 0..<(1 + Int(next() * 12)) {
            e += 0.0005 + next() * times.last! / 6
            ends.append(e)
        }
        // Sometimes an end exactly on a sample time (a sample on an end belongs to that keyframe).
        let i = Int(next() * Double(ends.count))
        if next() < 0.5, let t = times.first(where: { $0 > (i == 0 ? 0 : ends[i - 1]) }),
           t < (i + 1 < ends.count ? ends[i + 1] : .infinity) {
            ends[i] = t
        }
        return (times, ends)
    }

    /// Samples per keyframe by looking at every sample: ends[i − 1] < t ≤ ends[i].
    static func counts(_ times: [Double], _ ends: [Double]) -> [Int] {
        ends.indices.map { i in times.filter { $0 > (i == 0 ? -.infinity : ends[i - 1]) && $0 <= ends[i] }.count }
    }

    @Test(arguments: 0..<200)
    func countsMatchEverySample(seed: UInt64) {
        let (times, ends) = Self.layout(seed: seed)
        let segments = KeyframeFitting.Segments(times: times, ends: ends)
        let expected = Self.counts(times, ends)
        #expect(ends.indices.map { segments.count($0) } == expected)
        for minimum in [1, 2, 8, 30] {
            #expect(KeyframeFitting.coversSamples(times: times, ends: ends, atLeast: minimum) == expected.allSatisfy { $0 >= minimum })
        }
    }

    /// The split point against a scan of every midpoint of the keyframe's samples.
    @Test(arguments: 0..<200)
    func splitPointMatchesAScan(seed: UInt64) {
        let (times, ends) = Self.layout(seed: seed)
        for minimum in [2, 8] {
            for peak in [times[times.count / 3], times[times.count / 2] + 0.0001, times.last!] {
                for atMiddle in [false, true] {
                    let got = KeyframeFitting.splitPoint(times: times, ends: ends, peak: peak, atMiddle: atMiddle, minimumSamples: minimum)
                    let expected = Self.scanSplit(times: times, ends: ends, peak: peak, atMiddle: atMiddle, minimumSamples: minimum)
                    #expect(got?.segment == expected?.segment && got?.time == expected?.time, "seed \(seed), peak \(peak)")
                }
            }
        }
    }

    /// The split by scanning: the members of each keyframe, then every boundary between two of them.
    static func scanSplit(times: [Double], ends: [Double], peak: Double, atMiddle: Bool, minimumSamples: Int) -> (segment: Int, time: Double)? {
        let members = ends.indices.map { i in times.filter { $0 > (i == 0 ? -.infinity : ends[i - 1]) && $0 <= ends[i] } }
        func split(_ i: Int, near target: Double) -> Double? {
            let m = members[i]
            guard m.count >= 2 * minimumSamples else { return nil }
            var best: Double? = nil
            for j in (minimumSamples - 1)..<(m.count - minimumSamples) {
                let candidate = 0.5 * (m[j] + m[j + 1])
                if best == nil || abs(candidate - target) < abs(best! - target) { best = candidate }
            }
            return best
        }
        let holder = ends.firstIndex { $0 >= peak } ?? ends.count - 1
        let middle = 0.5 * ((holder == 0 ? 0 : ends[holder - 1]) + ends[holder])
        if let time = split(holder, near: atMiddle ? middle : peak) { return (holder, time) }
        let fallback = members.indices.max { members[$0].count < members[$1].count }!
        if let time = split(fallback, near: 0.5 * ((fallback == 0 ? 0 : ends[fallback - 1]) + ends[fallback])) { return (fallback, time) }
        return nil
    }
}
