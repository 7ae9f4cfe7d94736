/// The positions CSS leaves out: `linear()` stop inputs and Web Animations keyframe offsets
/// that are not given are spread evenly between the given ones on either side.
enum EvenSpacing {
    /// `positions` with each run of missing entries spread evenly between its neighbours: the
    /// k-th of n missing entries between a and b is a + (b − a)·k/(n + 1). The first and the
    /// last entry must be given.
    static func filled(_ positions: [Double?]) -> [Double] {
        var filled = positions
        var i = 0
        while i < filled.count {
            guard filled[i] == nil else { i += 1; continue }
            var j = i
            while filled[j] == nil { j += 1 }
            let (a, b) = (filled[i - 1]!, filled[j]!)
            for k in i..<j { filled[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        return filled.map { $0! }
    }
}
