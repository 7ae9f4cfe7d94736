import ArgumentParser
import Foundation
import MotionLab

/// The channels of a recording a command that reads several reads: one (`--column`), those
/// named by `--columns`, or every one (`--all-columns`).
///
/// A repeated `--columns` adds its channels to the earlier ones (`--columns x,y --columns scale`
/// reads x, y and scale), as a user who repeats it means; a channel named twice, in one list or
/// across them, is a command-line error naming it.
struct MultiChannelOptions: ParsableArguments {
    @OptionGroup var channel: ChannelOptions
    @Option(help: "Several channels to read, comma-separated (e.g. x,y); each is analysed. Given again, its channels are added.")
    var columns: [String] = []
    @Flag(help: "Read every channel of the recording.")
    var allColumns = false

    func validate() throws {
        if !columns.isEmpty && allColumns { throw ValidationError("give --columns LIST or --all-columns, not both") }
        if (!columns.isEmpty || allColumns) && !channel.column.isEmpty {
            throw ValidationError("--column reads one channel; --columns and --all-columns read several: give one of them")
        }
        _ = try names
    }

    /// The channel names of every `--columns`, in the order given, checked: non-empty, each once;
    /// nil without `--columns`.
    var names: [String]? {
        get throws {
            guard !columns.isEmpty else { return nil }
            var names: [String] = []
            var seen = Set<String>()
            for list in columns {
                let items = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                if let empty = items.firstIndex(of: "") {
                    let given = columns.count > 1 ? " '\(list)'" : ""
                    throw ValidationError("--columns\(given): item \(empty + 1) is empty; give channel names separated by commas, such as x,y")
                }
                for name in items where !seen.insert(name).inserted {
                    throw ValidationError("--columns names '\(name)' twice; name each channel once")
                }
                names += items
            }
            return names
        }
    }

    /// Whether several channels are read.
    var several: Bool { !columns.isEmpty || allColumns }
}
