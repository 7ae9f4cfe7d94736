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

        /// The table of a tracker CSV when its header (checked by `tokens`) names one: its second
        /// column is an object's id; `nil` for a plain CSV.
        init?(header: [String], tokens: RecordingReader.Tokenizer) throws(RecordingError) {
            guard Self.identifierNames.contains(header[1].lowercased()) else { return nil }
            guard header.count >= 3 else {
                throw RecordingError(file: tokens.file, line: tokens.lineNumber,
                                     message: "'\(header[1])' names the object of each row of a tracker CSV, but no value column follows it (expected e.g. time,id,x,y)")
            }
            self.init(valueColumns: Array(header.dropFirst(2)))
        }

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

extension RecordingReader.TrackerTable {
    /// A row of a tracker CSV, read by `tokens`: the time or frame, the object's id and its
    /// values, all present, the time after the object's previous one.
    mutating func append(_ fields: [String], header: [String], tokens: RecordingReader.Tokenizer) throws(RecordingError) {
        let first = try tokens.number(fields[0], column: header[0])
        let id = fields[1]
        guard !id.isEmpty else {
            throw RecordingError(file: tokens.file, line: tokens.lineNumber, message: "column '\(header[1])' is empty: every row of a tracker CSV names its object")
        }
        var row: [Double] = []
        for c in 2..<fields.count {
            guard !fields[c].isEmpty else {
                throw RecordingError(file: tokens.file, line: tokens.lineNumber,
                                     message: "column '\(header[c])' of object '\(id)' is empty: a tracker row gives every value (leave out the row of an object not seen on a frame, or give \(RecordingDialect.skipOption) to read such rows as gaps)")
            }
            row.append(try tokens.number(fields[c], column: header[c]))
        }
        try tokens.checkFrame(first)
        let o: Int
        if let known = index[id] {
            o = known
            let previous = last[o]
            guard first > previous.value else {
                let what = tokens.frames ? "frame" : "time"
                throw RecordingError(file: tokens.file, line: tokens.lineNumber, message: first == previous.value
                    ? "object '\(id)' has \(what) \(DecimalText.shortest(first)) twice (also on line \(previous.line)): an object's \(what)s must strictly increase"
                    : "object '\(id)': \(what) \(DecimalText.shortest(first)) comes before its previous \(what) \(DecimalText.shortest(previous.value)) (line \(previous.line)): an object's \(what)s must strictly increase (sort the file)")
            }
        } else {
            o = objects.count
            index[id] = o
            objects.append(id)
            times.append([])
            values.append(Array(repeating: [], count: valueColumns.count))
            last.append((-.infinity, 0))
        }
        let t = try tokens.time(first)
        last[o] = (first, tokens.lineNumber)
        times[o].append(t)
        for c in row.indices { values[o][c].append(row[c]) }
    }
}
