/// Disjoint sets of runs (union–find with path halving), each set named by its smallest run, so
/// a set's name is its first run in reading order. Runs are numbered from 0 as they are added.
struct RunSets {
    private var parent: [Int32] = []

    /// Forgets every run, keeping the storage.
    mutating func removeAll() {
        parent.removeAll(keepingCapacity: true)
    }

    /// Adds the next run, in a set of its own.
    mutating func add() {
        parent.append(Int32(parent.count))
    }

    /// The name (smallest run) of the set that holds `run`.
    mutating func find(_ run: Int32) -> Int32 {
        var r = run
        while parent[Int(r)] != r {
            let up = parent[Int(parent[Int(r)])]
            parent[Int(r)] = up
            r = up
        }
        return r
    }

    /// Joins the sets of `a` and `b` under the smaller name; the names of the joined set and of
    /// the one merged into it, or nil when `a` and `b` were in one set already.
    @discardableResult
    mutating func union(_ a: Int32, _ b: Int32) -> (root: Int32, merged: Int32)? {
        let ra = find(a), rb = find(b)
        guard ra != rb else { return nil }
        let (root, merged) = ra < rb ? (ra, rb) : (rb, ra)
        parent[Int(merged)] = root
        return (root, merged)
    }

    /// Joins each run of `current` to the runs of `above`, the row before, that touch it. Runs
    /// `[a, b)` and `[c, d)` of neighbouring rows touch when they share a column, c < b and
    /// a < d (4-connected paths), or with `diagonals` when they also meet at a corner, c ≤ b and
    /// a ≤ d (8-connected). `start` and `end` hold every run's columns (`end` exclusive); each
    /// row's runs are in column order and do not overlap.
    mutating func join(_ above: Range<Int>, _ current: Range<Int>, start: [Int32], end: [Int32], diagonals: Bool) {
        guard !above.isEmpty, !current.isEmpty else { return }
        let reach: Int32 = diagonals ? 1 : 0
        var j = above.lowerBound
        for r in current {
            let a = start[r] - reach, b = end[r] + reach
            // Runs above that end left of this one end left of every later one too.
            while j < above.upperBound && end[j] <= a { j += 1 }
            var k = j
            while k < above.upperBound && start[k] < b {
                union(Int32(r), Int32(k))
                k += 1
            }
        }
    }
}
