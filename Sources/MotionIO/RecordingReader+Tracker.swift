import MotionNumerics

extension RecordingReader {
    /// The objects of a tracker CSV (`time|t|frame, id|object|track, x, y, …`), gathered row by
    /// row: each object's times and, per value column, its values.
    struct TrackerTable {
        /// Header names of the second column that make a CSV a tracker's (any case).
        static let identifierNames: Set<String> = ["id", "object", "track"]

        /// The value columns after the object's id (`x`, `y`, …).
        let valueColumns: [String]
        /// Objects in order of first appearance.
        var objects: [String] = []
        var index: [String: Int] = [:]
        var times: [[Double]] = []
        var values: [[[Double]]] = []
        /// Each object's previous first field as written, and the line it was on.
        var last: [(value: Double, line: Int)] = []

        init(valueColumns: [String]) { self.valueColumns = valueColumns }

        /// The channels `ID.column`, objects in order of first appearance; those named in
        /// `columns` (in that order) when given.
        func channels(file: String, columns: [String]?) throws(RecordingError) -> [Recording] {
            guard !objects.isEmpty else { throw RecordingError(file: file, message: "has a header but no data rows") }
            var all: [Recording] = []
            for (o, object) in objects.enumerated() {
                for (c, column) in valueColumns.enumerated() {
                    all.append(Recording(times: times[o], values: values[o][c], channel: "\(object).\(column)"))
                }
            }
            let names = all.map(\.channel)
            for i in all.indices { all[i].channels = names }
            guard let columns else { return all }
            return try columns.map { (name) throws(RecordingError) -> Recording in
                guard let channel = all.first(where: { $0.channel == name }) else {
                    throw RecordingError(file: file, message: "has no channel '\(name)'; a tracker CSV's channels are object.column, here \(names.joined(separator: ", "))")
                }
                return channel
            }
        }
    }
}

extension RecordingReader.Parser {
    /// A row of a tracker CSV: the time or frame, the object's id and its values, all present.
    mutating func trackerRow(_ fields: [String], header: [String]) throws(RecordingError) {
        let first = try number(fields[0], column: header[0])
        let id = fields[1]
        guard !id.isEmpty else {
            throw RecordingError(file: file, line: lineNumber, message: "column '\(header[1])' is empty: every row of a tracker CSV names its object")
        }
        var row: [Double] = []
        for c in 2..<fields.count {
            guard !fields[c].isEmpty else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "column '\(header[c])' of object '\(id)' is empty: a tracker row gives every value (leave out the row of an object not seen on a frame, or give \(RecordingDialect.skipOption) to read such rows as gaps)")
            }
            row.append(try number(fields[c], column: header[c]))
        }
        try checkFrame(first)
        var table = tracker!
        tracker = nil  // edited in place, without a copy
        defer { tracker = table }
        let o: Int
        if let known = table.index[id] {
            o = known
            let previous = table.last[o]
            guard first > previous.value else {
                let what = frames ? "frame" : "time"
                throw RecordingError(file: file, line: lineNumber, message: first == previous.value
                    ? "object '\(id)' has \(what) \(DecimalText.shortest(first)) twice (also on line \(previous.line)): an object's \(what)s must strictly increase"
                    : "object '\(id)': \(what) \(DecimalText.shortest(first)) comes before its previous \(what) \(DecimalText.shortest(previous.value)) (line \(previous.line)): an object's \(what)s must strictly increase (sort the file)")
            }
        } else {
            o = table.objects.count
            table.index[id] = o
            table.objects.append(id)
            table.times.append([])
            table.values.append(Array(repeating: [], count: table.valueColumns.count))
            table.last.append((-.infinity, 0))
        }
        let t = try time(first)
        table.last[o] = (first, lineNumber)
        table.times[o].append(t)
        for c in row.indices { table.values[o][c].append(row[c]) }
        count += 1
    }
}
