import Foundation
import MotionLab

/// The check-manifest decoder on arbitrary bytes, as JSON and as YAML (libyaml through Yams): a
/// manifest whose every bound is finite and in order, or an error naming the file and a path or a
/// line — never a crash or a hang. References resolve against a scratch directory holding one
/// valid timeline (`t.json`) and one valid scenario (`s.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var documents: [JSONValue] = []
    if let json = try? JSONValue.parse(bytes) { documents.append(json) }
    if let text = String(validating: bytes, as: UTF8.self) {
        do { documents.append(try JSONValue.parse(yaml: text)) } catch {
            precondition(!error.message.isEmpty)
            if let line = error.line { precondition(line >= 1) }
        }
    }
    for document in documents {
        do {
            let manifest = try CheckManifest.decode(document, directory: scratch, file: "fuzz")
            precondition(!manifest.checks.isEmpty)
            precondition(Set(manifest.checks.map(\.name)).count == manifest.checks.count)
            for check in manifest.checks {
                precondition(!check.recordings.isEmpty && !check.expectations.isEmpty)
                precondition(check.threshold > 0 && check.threshold < 1)
                for expectation in check.expectations {
                    switch expectation {
                    case .spring(let bounds): for (_, range) in bounds { valid(range) }
                    case .step(_, let range): valid(range)
                    case let .matches(_, maxError, maxShift):
                        precondition(maxError > 0 && maxError.isFinite)
                        if let maxShift { precondition(maxShift > 0) }
                    case let .baseline(template, maxError):
                        precondition(!template.isEmpty && maxError > 0 && maxError.isFinite)
                    }
                }
            }
        } catch {
            precondition(error.file == "fuzz" && !error.message.isEmpty)
        }
    }
    return 0
}

private func valid(_ range: ValueRange) {
    precondition(range.min != nil || range.max != nil)
    precondition(range.min?.isFinite ?? true && range.max?.isFinite ?? true)
    if let min = range.min, let max = range.max { precondition(min <= max) }
}

private let scratch: String = {
    let directory = NSTemporaryDirectory() + "motionlab-fuzz-manifest-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try? #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 0.5}]}"#
        .write(toFile: directory + "/t.json", atomically: true, encoding: .utf8)
    try? #"{"initialValue": 0, "transactions": [{"time": 0, "value": 1, "animation": "spring"}]}"#
        .write(toFile: directory + "/s.json", atomically: true, encoding: .utf8)
    return directory
}()
