import Foundation
import MotionLabCommands

/// The command line's parsing and validation on arbitrary argument lists (the input's lines are
/// the arguments): every list either parses — and the commands that only compute and print
/// (spring, spring sample, curve) then run to completion or throw — or is rejected with an
/// error. Commands that read or write files are parsed and validated, never run. What a
/// successful `spring sample` or `curve` prints holds no NaN (`nan`, or `null` in JSON), and a
/// sample no infinity: a result is finite and right, or the command fails.
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
            rewindOutput()
            try command.run()
            if name != "Describe" {
                let printed = capturedOutput()
                precondition(!printed.contains("nan") && !printed.contains("null"), "non-finite output: \(printed)")
                precondition(name != "Sample" || !printed.contains("inf"), "an infinite sample: \(printed)")
            }
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

/// The commands print into a scratch file, which the checks read back; the fuzzer's own output
/// stays readable.
private let outputPath = NSTemporaryDirectory() + "motionlab-fuzz-output-\(getpid())"
private let redirectOutputOnce: Void = {
    let file = open(outputPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    if file >= 0 { _ = dup2(file, STDOUT_FILENO) }
}()

private func rewindOutput() {
    fflush(nil)
    _ = ftruncate(STDOUT_FILENO, 0)
    _ = lseek(STDOUT_FILENO, 0, SEEK_SET)
}

private func capturedOutput() -> String {
    fflush(nil)
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
}
