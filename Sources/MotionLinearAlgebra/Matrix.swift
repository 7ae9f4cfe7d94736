/// A dense matrix of `Double`s in column-major order, the layout LAPACK works in.
///
/// `Matrix` is a value type with no pointers in its interface; ``LAPACK`` is the only
/// code that hands its storage to C.
public struct Matrix: Sendable, Hashable, CustomStringConvertible {
    /// The number of rows.
    public let rows: Int
    /// The number of columns.
    public let columns: Int
    /// The entries, column by column: entry (i, j) is `storage[i + j * rows]`.
    public internal(set) var storage: [Double]

    /// A `rows × columns` matrix filled with `value`.
    public init(rows: Int, columns: Int, repeating value: Double = 0) {
        precondition(rows >= 0 && columns >= 0, "matrix dimensions must be non-negative")
        self.rows = rows
        self.columns = columns
        self.storage = Array(repeating: value, count: rows * columns)
    }

    /// A matrix from its rows, as written on paper: `Matrix([[1, 2], [3, 4]])`.
    ///
    /// - Throws: ``LAPACKError/dimensionMismatch(_:)`` when the rows differ in length.
    public init(_ rowsOfEntries: [[Double]]) throws(LAPACKError) {
        let rows = rowsOfEntries.count
        let columns = rowsOfEntries.first?.count ?? 0
        for (i, row) in rowsOfEntries.enumerated() where row.count != columns {
            throw .dimensionMismatch("row \(i) has \(row.count) entries; row 0 has \(columns)")
        }
        self.init(rows: rows, columns: columns)
        for (i, row) in rowsOfEntries.enumerated() {
            for (j, value) in row.enumerated() { self[i, j] = value }
        }
    }

    /// A column vector.
    public init(column: [Double]) {
        self.rows = column.count
        self.columns = 1
        self.storage = column
    }

    /// Entry (i, j), zero-based.
    public subscript(i: Int, j: Int) -> Double {
        get { storage[i + j * rows] }
        set { storage[i + j * rows] = newValue }
    }

    /// Column `j` as an array.
    public func column(_ j: Int) -> [Double] {
        Array(storage[(j * rows)..<((j + 1) * rows)])
    }

    public var description: String {
        (0..<rows).map { i in (0..<columns).map { j in "\(self[i, j])" }.joined(separator: " ") }
            .joined(separator: "\n")
    }
}
