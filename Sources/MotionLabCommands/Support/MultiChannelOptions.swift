import ArgumentParser
import Foundation
import MotionLab

/// The channels of a recording a command that reads several reads: one (`--column`), those
/// named by `--columns`, or every one (`--all-columns`).
struct MultiChannelOptions: ParsableArguments {
    @OptionGroup var channel: ChannelOptions
    @Option(help: "Several channels to read, comma-separated (e.g. x,y); each is analysed.")
    var columns: String?
    @Flag(help: "Read every channel of the recording.")
    var allColumns = false

    func validate() throws {
        if columns != nil && allColumns { throw ValidationError("give --columns LIST or --all-columns, not both") }
        if (columns != nil || allColumns) && !channel.column.isEmpty {
            throw ValidationError("--column reads one channel; --columns and --all-columns read several: give one of them")
        }
        _ = try names
    }

    /// The channel names of `--columns`, checked: non-empty, each once.
    var names: [String]? {
        get throws {
            guard let columns else { return nil }
            let names = columns.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if let empty = names.firstIndex(of: "") {
                throw ValidationError("--columns: item \(empty + 1) is empty; give channel names separated by commas, such as x,y")
            }
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                throw ValidationError("--columns names '\(name)' twice; name each channel once")
            }
            return names
        }
    }

    /// Whether several channels are read.
    var several: Bool { columns != nil || allColumns }
}
