// swift-tools-version: 6.1
//
// MotionLab — a headless, physics-accurate toolkit for the motion of user interfaces.
//
// Modules are layered, lowest first; a lower module never imports a higher one:
//   CLAPACK (system library) → MotionNumerics, MotionIO → MotionSprings, MotionCurves
//   → MotionKeyframes → MotionFitting, MotionAnalysis → MotionReports → MotionLab (umbrella)
//   → MotionLabCommands (the commands, a library) → motionlab (the executable)
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "MotionLab",
    products: [
        .library(name: "MotionLab", targets: ["MotionLab"]),
        .executable(name: "motionlab", targets: ["MotionLabCLI"]),
        // The command-line commands as a library, for in-process parsing (fuzz targets).
        .library(name: "MotionLabCommands", targets: ["MotionLabCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // LAPACKE + OpenBLAS. Only MotionNumerics' LAPACK facade touches it.
        .systemLibrary(
            name: "CLAPACK",
            pkgConfig: "lapacke",
            providers: [.apt(["liblapacke-dev", "libopenblas-dev"])]
        ),
        .target(
            name: "MotionNumerics",
            dependencies: ["CLAPACK", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swift6,
            linkerSettings: [.linkedLibrary("openblas"), .linkedLibrary("lapack")]
        ),
        .target(name: "MotionIO", swiftSettings: swift6),
        .target(name: "MotionSprings", dependencies: ["MotionNumerics"], swiftSettings: swift6),
        .target(name: "MotionCurves", dependencies: ["MotionNumerics"], swiftSettings: swift6),
        .target(name: "MotionKeyframes", dependencies: ["MotionSprings", "MotionCurves", "MotionIO"], swiftSettings: swift6),
        .target(
            name: "MotionFitting",
            dependencies: ["MotionNumerics", "MotionIO", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionAnalysis",
            dependencies: ["MotionNumerics", "MotionIO", "MotionSprings", "MotionCurves",
                           .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionReports",
            dependencies: ["MotionNumerics", "MotionIO", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           "MotionFitting", "MotionAnalysis"],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionLab",
            dependencies: ["MotionNumerics", "MotionIO", "MotionSprings", "MotionCurves", "MotionKeyframes", "MotionFitting", "MotionAnalysis", "MotionReports"],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionLabCommands",
            dependencies: [
                "MotionLab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swift6
        ),
        .executableTarget(name: "MotionLabCLI", dependencies: ["MotionLabCommands"], swiftSettings: swift6),

        // Benchmarks: run in release mode with `swift run -c release MotionLabBenchmarks`.
        // The C target holds the in-run references (a scalar libm loop, the browsers' bezier solver).
        .target(name: "BenchmarkReference", path: "Benchmarks/BenchmarkReference",
                cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(
            name: "MotionLabBenchmarks",
            dependencies: ["MotionLab", "BenchmarkReference"],
            path: "Benchmarks/MotionLabBenchmarks",
            swiftSettings: swift6
        ),

        .testTarget(
            name: "MotionNumericsTests",
            dependencies: ["MotionNumerics", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionSpringsTests",
            dependencies: [
                "MotionSprings", "MotionIO", "MotionNumerics",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionCurvesTests",
            dependencies: [
                "MotionCurves", "MotionIO", "MotionNumerics",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionKeyframesTests",
            dependencies: [
                "MotionKeyframes", "MotionNumerics",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionFittingTests",
            dependencies: [
                "MotionFitting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionAnalysisTests",
            dependencies: [
                "MotionAnalysis", "MotionIO",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionReportsTests",
            dependencies: ["MotionReports"],
            exclude: ["Golden"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionLabCLITests",
            dependencies: ["MotionLabCLI", "MotionIO"],
            swiftSettings: swift6
        ),
    ]
)
