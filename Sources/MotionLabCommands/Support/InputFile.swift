import ArgumentParser
import Foundation

/// Reading input files with errors that say what is wrong with the path.
enum InputFile {
    static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ValidationError("\(path): is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw ValidationError("\(path): not readable (permission denied)") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("\(path): cannot be read: \(error.localizedDescription)")
        }
    }
}
