extension PlotSeries {
    /// The width in pixels of a plot's drawing area as ``SVGPlotRenderer`` draws it by default:
    /// the columns a long series is decimated to.
    public static let defaultColumns = 558

    /// Whether a series of `count` points is decimated for `columns` pixel columns: when it has
    /// more than four points a column on average.
    public static func needsDecimation(count: Int, columns: Int = defaultColumns) -> Bool {
        count > 4 * columns
    }

    /// The series decimated to `columns` pixel columns of its own x range: in each column, in
    /// order of x, its first and last points and those with the smallest and largest y (the M4
    /// reduction), so a polyline through them covers the same pixels as one through every point —
    /// O(columns) points however long the series. Points that are not finite are dropped. A
    /// series of at most four points a column is returned as it is.
    ///
    /// The series' x must be sorted ascending (a recording's times).
    ///
    /// - Parameter columns: the pixel columns of the plot.
    public func decimated(columns: Int = defaultColumns) -> PlotSeries {
        guard Self.needsDecimation(count: x.count, columns: columns) else { return self }
        var lo = Double.infinity, hi = -Double.infinity
        for v in x where v.isFinite { lo = Swift.min(lo, v); hi = Swift.max(hi, v) }
        guard lo < hi else { return self }
        let scale = Double(columns) / (hi - lo)
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(4 * columns)
        ys.reserveCapacity(4 * columns)
        var column = -1
        var first = 0, last = 0, smallest = 0, largest = 0
        func flush() {
            guard column >= 0 else { return }
            for i in Set([first, last, smallest, largest]).sorted() {
                xs.append(x[i])
                ys.append(y[i])
            }
        }
        for i in x.indices where x[i].isFinite && y[i].isFinite {
            let c = Swift.min(Int((x[i] - lo) * scale), columns - 1)
            if c != column {
                flush()
                column = c
                (first, last, smallest, largest) = (i, i, i, i)
            } else {
                last = i
                if y[i] < y[smallest] { smallest = i }
                if y[i] > y[largest] { largest = i }
            }
        }
        flush()
        return PlotSeries(name: name, x: xs, y: ys, style: style == .points ? .line : style, color: color)
    }
}
