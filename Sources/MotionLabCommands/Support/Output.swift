import Foundation
import MotionLab

/// Printing: JSON on stdout only, tables for people.
enum Output {
    static func json(_ value: JSONValue) {
        print(value.serialized(pretty: true))
    }

    /// A table with a header row and right-aligned numeric columns.
    static func table(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                let pad = String(repeating: " ", count: pair.1 - pair.0.count)
                return index == 0 ? pair.0 + pad : pad + pair.0
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// A warning on stderr: the result is printed, but the reader should know this.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// Key–value lines with aligned values.
    static func keyValues(_ pairs: [(String, String)]) -> String {
        let width = pairs.map(\.0.count).max() ?? 0
        return pairs.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
            .joined(separator: "\n")
    }

    /// "1 section", "3 sections".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
