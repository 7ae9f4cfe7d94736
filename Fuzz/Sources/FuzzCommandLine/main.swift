import Foundation
import MotionLabCommands

/// The command line's parsing and validation on arbitrary argument lists (the input's lines are
/// the arguments): every list either parses — and the commands that only compute and print
/// (spring, spring sample, curve) then run to completion or throw — or is rejected with an
/// error. Commands that read or write files are parsed and validated, never run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    redirectOutputOnce
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard arguments.count <= 64 else { return 0 }
    do {
        var command = try MotionLabCommand.parseAsRoot(arguments)
        let name = String(describing: type(of: command))
        if ["Describe", "Sample", "CurveCommand"].contains(name) && !arguments.contains(where: isLargeGrid) {
            try command.run()
        }
    } catch {
        _ = MotionLabCommand.message(for: error)
    }
    return 0
}

/// A uniform grid of more than 10⁵ points is valid but slow to print; the fuzzer skips running it.
private func isLargeGrid(_ argument: String) -> Bool {
    argument == "--step" || argument.hasPrefix("--step=")
}

/// The commands print; the fuzzer's output stays readable.
private let redirectOutputOnce: Void = {
    let devNull = open("/dev/null", O_WRONLY)
    if devNull >= 0 { _ = dup2(devNull, STDOUT_FILENO) }
}()
