import MotionIO

/// File-name arithmetic on POSIX paths (MotionIO's `FilePath`).
package typealias ReportPath = FilePath
