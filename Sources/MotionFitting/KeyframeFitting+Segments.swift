extension KeyframeFitting {
    /// Where the keyframes of `ends` split sorted `times`: keyframe i holds the samples at
    /// indices `bounds[i] ..< bounds[i + 1]`, those with ends[i − 1] < t ≤ ends[i] (t ≤ ends[0]
    /// for the first); samples after the last end belong to none. Found by binary search, so the
    /// search's bookkeeping costs O(k log n) per step, not a pass over the samples.
    struct Segments {
        /// k + 1 indices: 0, then one past the last sample of each keyframe.
        let bounds: [Int]

        init(times: [Double], ends: [Double]) {
            var bounds = [0]
            bounds.reserveCapacity(ends.count + 1)
            var low = 0
            for e in ends {
                // The first index at or after `low` whose time is after e.
                var high = times.count
                while low < high {
                    let middle = low + (high - low) / 2
                    if times[middle] > e { high = middle } else { low = middle + 1 }
                }
                bounds.append(low)
            }
            self.bounds = bounds
        }

        /// The number of samples of keyframe `i`.
        func count(_ i: Int) -> Int { bounds[i + 1] - bounds[i] }

        /// The indices of keyframe `i`'s samples.
        func range(_ i: Int) -> Range<Int> { bounds[i]..<bounds[i + 1] }
    }
}
