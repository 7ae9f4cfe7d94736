#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MotionLab

/// The status codes every function of the C ABI returns.
enum ABIStatus: Int32 {
    /// Success: the out-pointers hold the result.
    case ok = 0
    /// The data is not valid or cannot be analysed as asked (the command line's exit code 1).
    case invalidData = 1
    /// An argument is out of its range or malformed (the command line's usage errors).
    case invalidArgument = 2
}

/// A failure carried to the caller as a status code and the library's message.
struct ABIFailure: Error {
    var status: ABIStatus
    var message: String

    static func data(_ message: String) -> ABIFailure { ABIFailure(status: .invalidData, message: message) }
    static func argument(_ message: String) -> ABIFailure { ABIFailure(status: .invalidArgument, message: message) }
}

/// Where a function stores a string for its caller: a malloc'd, NUL-terminated copy, which the
/// caller frees with `motionlab_free` (nil where there is none). A C `char **`.
public typealias CStringOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// A malloc'd, NUL-terminated copy of `text`, which the caller frees with `motionlab_free`.
func mallocString(_ text: String) -> UnsafeMutablePointer<CChar>? {
    let bytes = Array(text.utf8)
    guard let buffer = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    bytes.withUnsafeBufferPointer { source in
        for i in 0..<bytes.count { buffer[i] = CChar(bitPattern: source[i]) }
    }
    buffer[bytes.count] = 0
    return buffer
}

/// Runs `body`, storing its failure's message in `error` and returning the status code.
func guarded(_ message: CStringOut, _ body: () throws -> Void) -> Int32 {
    message?.pointee = nil
    do {
        try body()
        return ABIStatus.ok.rawValue
    } catch let failure as ABIFailure {
        message?.pointee = mallocString(failure.message)
        return failure.status.rawValue
    } catch {
        message?.pointee = mallocString("\(error)")
        return ABIStatus.invalidData.rawValue
    }
}

/// The result document `{"result": …, "warnings": […]}` written to `out` as a malloc'd string.
/// Nothing is serialized when `out` is null (a caller that wants only the arrays).
func emit(_ result: @autoclosure () -> JSONValue, warnings: [String] = [], to out: CStringOut) {
    guard let out else { return }
    let envelope = JSONValue.object([("result", result()), ("warnings", .array(warnings.map(JSONValue.string)))])
    out.pointee = mallocString(envelope.serialized(pretty: false))
}

/// Runs a library check of an argument, turning its error into an argument failure with the library's message.
func checked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws -> T {
    do { return try body() } catch { throw ABIFailure.argument("\(error)") }
}

/// Runs a library computation on valid arguments (a fit, a measurement, a tracking), turning its
/// error into a data failure with the library's message.
func computed<T, Failure: Error>(_ body: () throws(Failure) -> T) throws -> T {
    do { return try body() } catch { throw ABIFailure.data("\(error)") }
}

/// `count` doubles from `pointer` (a copy: the library's models hold Swift arrays).
func doubles(_ pointer: UnsafePointer<Double>?, _ count: Int) throws -> [Double] {
    guard count >= 0 else { throw ABIFailure.argument("an array's length must be ≥ 0; got \(count)") }
    guard count > 0 else { return [] }
    guard let pointer else { throw ABIFailure.argument("an array of \(count) numbers was passed as a null pointer") }
    return Array(UnsafeBufferPointer(start: pointer, count: count))
}

/// `values` if every one is finite, else the command line's message for its list option `name`.
func finite(_ values: [Double], _ name: String) throws -> [Double] {
    if let index = values.firstIndex(where: { !$0.isFinite }) {
        throw ABIFailure.argument("\(name): item \(index + 1) must be a finite number; got \(values[index])")
    }
    return values
}

/// The UTF-8 text at `pointer`.
func text(_ pointer: UnsafePointer<CChar>?, _ what: String) throws -> String {
    guard let pointer else { throw ABIFailure.argument("\(what) was passed as a null pointer") }
    return String(cString: pointer)
}

/// The JSON document at `pointer`.
func json(_ pointer: UnsafePointer<CChar>?, _ what: String) throws -> JSONValue {
    let source = try text(pointer, what)
    do {
        return try JSONValue.parse(Array(source.utf8))
    } catch {
        throw ABIFailure.argument("\(what) is not valid JSON: \(error)")
    }
}

/// The version of this C ABI: it changes whenever a function's signature or meaning does.
@_cdecl("motionlab_abi_version")
public func motionlab_abi_version() -> Int32 { 2 }

/// Frees a string this library returned (a result document or an error message).
@_cdecl("motionlab_free")
public func motionlab_free(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
