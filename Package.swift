// swift-tools-version: 6.1
//
// MotionLab — a headless, physics-accurate toolkit for the motion of user interfaces.
//
// Modules are layered, lowest first; a lower module never imports a higher one, and each target
// declares exactly the modules it imports:
//
//   MotionNumerics, MotionJSON (pure Swift: JSON values, the strict reader, path errors)
//        │          MotionIO (Foundation: recordings, atomic files; not reached by the models)
//        │            CFastFloat (C++: fast_float when its header is there, else strtod)
//   MotionValues (VectorArithmetic, Animatable, Angle, AnimatablePair: SwiftUI's value types)
//        │
//   MotionSprings, MotionCurves ──→ MotionKeyframes          ← the models: no LAPACK, no system library
//        │                                 └─→ MotionAnimations  ← SwiftUI's animation engine and animators
//        │
//   MotionLinearAlgebra (LAPACKE + OpenBLAS on Linux, Accelerate on Apple platforms)
//        │
//   MotionFitting, MotionAnalysis, MotionCapture (videos: ffmpeg)
//        → MotionExports (other platforms' code) → MotionImports (Lottie, CSS, Web Animations)
//        → MotionDocuments (the JSON documents), MotionReports, MotionChecks
//        → MotionLab (umbrella)
//        → MotionLabCommands (the commands, a library) → motionlab (the executable)
//        → MotionLabCABI (the C ABI, the MotionLabC shared library the Python package loads)
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let realModule: Target.Dependency = .product(name: "RealModule", package: "swift-numerics")
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")
let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

let package = Package(
    name: "MotionLab",
    products: [
        // The models alone: springs, timing curves, keyframe timelines and the animation engine. No
        // LAPACK, no system library: an app or its tests can depend on this on any platform Swift runs on.
        .library(name: "MotionLabModels",
                 targets: ["MotionNumerics", "MotionJSON", "MotionValues", "MotionSprings", "MotionCurves",
                           "MotionKeyframes", "MotionAnimations"]),
        // Least squares and analysis of recorded motion (links LAPACK).
        .library(name: "MotionLabFitting",
                 targets: ["MotionLinearAlgebra", "MotionFitting", "MotionAnalysis"]),
        // One product per module, for the finest choice.
        .library(name: "MotionNumerics", targets: ["MotionNumerics"]),
        .library(name: "MotionValues", targets: ["MotionValues"]),
        .library(name: "MotionSprings", targets: ["MotionSprings"]),
        .library(name: "MotionCurves", targets: ["MotionCurves"]),
        .library(name: "MotionKeyframes", targets: ["MotionKeyframes"]),
        .library(name: "MotionAnimations", targets: ["MotionAnimations"]),
        .library(name: "MotionIO", targets: ["MotionIO"]),
        .library(name: "MotionJSON", targets: ["MotionJSON"]),
        .library(name: "MotionFitting", targets: ["MotionFitting"]),
        .library(name: "MotionAnalysis", targets: ["MotionAnalysis"]),
        .library(name: "MotionCapture", targets: ["MotionCapture"]),
        .library(name: "MotionLinearAlgebra", targets: ["MotionLinearAlgebra"]),
        .library(name: "MotionExports", targets: ["MotionExports"]),
        .library(name: "MotionImports", targets: ["MotionImports"]),
        .library(name: "MotionDocuments", targets: ["MotionDocuments"]),
        .library(name: "MotionReports", targets: ["MotionReports"]),
        .library(name: "MotionChecks", targets: ["MotionChecks"]),
        // Everything: `import MotionLab`.
        .library(name: "MotionLab", targets: ["MotionLab"]),
        // The command-line commands as a library, for in-process parsing (tests, fuzz targets).
        .library(name: "MotionLabCommands", targets: ["MotionLabCommands"]),
        .executable(name: "motionlab", targets: ["MotionLabCLI"]),
        // The C ABI (`motionlab_*` functions) as a shared library, for the Python package in python/:
        // the Swift runtime is linked in statically, so it needs only the system's C and C++ runtimes.
        .library(name: "MotionLabC", type: .dynamic, targets: ["MotionLabCABI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // YAML manifests for `motionlab check` (MotionChecks only).
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // MARK: Numerics and I/O (the floor)
        .target(name: "MotionNumerics", swiftSettings: swift6),
        // Correctly rounded decimal parsing for the recording reader: fast_float, header-only
        // (apt: libfast-float-dev), when its header is found; strtod otherwise (e.g. on macOS).
        // Not a system library, and the models do not reach it.
        .target(name: "CFastFloat"),
        .target(name: "MotionIO", dependencies: ["MotionNumerics", "MotionJSON", "CFastFloat"], swiftSettings: swift6),
        // JSON values, the strict order-keeping reader and path errors: pure Swift, no Foundation,
        // so the models can read and write their documents without the I/O layer.
        .target(name: "MotionJSON", swiftSettings: swift6),

        // MARK: Models (no LAPACK)
        .target(name: "MotionValues", swiftSettings: swift6),
        .target(name: "MotionSprings", dependencies: ["MotionNumerics", "MotionValues", realModule], swiftSettings: swift6),
        .target(name: "MotionCurves", dependencies: ["MotionNumerics", "MotionValues"], swiftSettings: swift6),
        .target(name: "MotionKeyframes", dependencies: ["MotionJSON", "MotionValues", "MotionSprings", "MotionCurves"],
                swiftSettings: swift6),
        // The engine and the animators; the keyframe animator plays MotionKeyframes' timelines.
        .target(name: "MotionAnimations",
                dependencies: ["MotionJSON", "MotionValues", "MotionSprings", "MotionCurves", "MotionKeyframes"],
                swiftSettings: swift6),

        // MARK: Linear algebra (the only C pointers)
        // LAPACKE + OpenBLAS on Linux; Apple platforms use Accelerate instead.
        .systemLibrary(
            name: "CLAPACKE",
            pkgConfig: "lapacke",
            providers: [.apt(["liblapacke-dev", "libopenblas-dev"])]
        ),
        .target(
            name: "MotionLinearAlgebra",
            dependencies: [.target(name: "CLAPACKE", condition: .when(platforms: [.linux, .android, .openbsd]))],
            swiftSettings: swift6,
            linkerSettings: [
                .linkedLibrary("openblas", .when(platforms: [.linux, .android, .openbsd])),
                .linkedLibrary("lapack", .when(platforms: [.linux, .android, .openbsd])),
                .linkedFramework("Accelerate", .when(platforms: applePlatforms)),
            ]
        ),

        // MARK: Fitting and analysis
        .target(
            name: "MotionFitting",
            dependencies: ["MotionNumerics", "MotionLinearAlgebra", "MotionIO", "MotionSprings", "MotionCurves",
                           "MotionKeyframes", realModule],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionAnalysis",
            dependencies: ["MotionNumerics", "MotionIO", "MotionSprings", realModule],
            swiftSettings: swift6
        ),

        // Motion from screen recordings: decodes videos by running FFmpeg's `ffmpeg` command (apt: ffmpeg)
        // and tracks the moving objects. Pure Swift besides the process I/O.
        .target(name: "MotionCapture", dependencies: ["MotionIO", "MotionJSON"], swiftSettings: swift6),

        // MARK: Export, import, documents, reports, the umbrella
        // Code for other platforms (SwiftUI, CSS, Web Animations, Compose, Flutter, Lottie, …) and the
        // baking of motion that has no exact keyframe form there.
        .target(
            name: "MotionExports",
            dependencies: ["MotionNumerics", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes", "MotionAnimations",
                           "MotionFitting"],
            swiftSettings: swift6
        ),
        // Keyframe timelines from Lottie, CSS @keyframes and Web Animations; shares the exporters'
        // conventions (jump slivers, chord baking, CSS numbers) so export → import round-trips.
        .target(
            name: "MotionImports",
            dependencies: ["MotionNumerics", "MotionJSON", "MotionCurves", "MotionKeyframes", "MotionExports"],
            swiftSettings: swift6
        ),
        // The JSON documents of every result, and the documents `export` reads.
        .target(
            name: "MotionDocuments",
            dependencies: ["MotionNumerics", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes", "MotionAnimations",
                           "MotionFitting", "MotionAnalysis", "MotionExports", "MotionImports"],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionReports",
            dependencies: ["MotionNumerics", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           "MotionAnimations", "MotionFitting", "MotionAnalysis", "MotionExports", "MotionImports", "MotionCapture"],
            swiftSettings: swift6
        ),
        // Motion regression checks for CI: manifests (JSON or YAML), expectations, JUnit/JSONL/annotations.
        .target(
            name: "MotionChecks",
            dependencies: ["MotionNumerics", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           "MotionAnimations", "MotionFitting", "MotionAnalysis", "MotionImports",
                           "MotionCapture", .product(name: "Yams", package: "Yams")],
            swiftSettings: swift6
        ),
        .target(
            name: "MotionLab",
            dependencies: ["MotionNumerics", "MotionIO", "MotionJSON", "MotionValues", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           "MotionAnimations", "MotionLinearAlgebra", "MotionFitting", "MotionAnalysis",
                           "MotionExports", "MotionImports", "MotionDocuments", "MotionReports", "MotionChecks", "MotionCapture"],
            swiftSettings: swift6
        ),

        // MARK: The command line
        .target(
            name: "MotionLabCommands",
            dependencies: ["MotionLab", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swift6
        ),
        .executableTarget(name: "MotionLabCLI", dependencies: ["MotionLabCommands"], swiftSettings: swift6),

        // MARK: The C ABI (beside the command line, at the top: nothing imports it)
        .target(
            name: "MotionLabCABI",
            dependencies: ["MotionLab"],
            swiftSettings: swift6,
            // Foundation's static archives are not all reached by autolinking from a shared
            // library: name them, and let the link fail on any symbol still undefined.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-lFoundation", "-lFoundationInternationalization",
                                           "-lFoundationEssentials", "-lCoreFoundation", "-l_FoundationICU",
                                           "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                                           "-Xlinker", "--no-undefined"],
                                          .when(platforms: [.linux]))]
        ),

        // MARK: Benchmarks — `swift run -c release MotionLabBenchmarks`.
        // The C target holds the in-run references (a scalar libm loop, the browsers' bezier solver,
        // a strtod loop over CSV rows).
        .target(name: "BenchmarkReference", dependencies: ["CFastFloat"], path: "Benchmarks/BenchmarkReference",
                cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(
            name: "MotionLabBenchmarks",
            dependencies: ["MotionLab", "MotionCurves", "BenchmarkReference", "CFastFloat"],
            path: "Benchmarks/MotionLabBenchmarks",
            swiftSettings: swift6
        ),

        // MARK: Tests
        // What the tests share: the repository's root and its committed reference tables.
        .target(name: "MotionTestSupport", path: "Tests/MotionTestSupport", swiftSettings: swift6),
        .testTarget(name: "MotionNumericsTests", dependencies: ["MotionNumerics", propertyBased],
                    swiftSettings: swift6),
        .testTarget(name: "MotionIOTests", dependencies: ["MotionIO", "MotionNumerics", "CFastFloat", propertyBased], swiftSettings: swift6),
        .testTarget(name: "MotionJSONTests", dependencies: ["MotionJSON", "MotionNumerics", propertyBased], swiftSettings: swift6),
        .testTarget(name: "MotionValuesTests", dependencies: ["MotionValues", propertyBased], swiftSettings: swift6),
        // SwiftUI motion code as users paste it, against the umbrella module alone.
        .testTarget(name: "MotionLabTypedAPITests", dependencies: ["MotionLab"], swiftSettings: swift6),
        .testTarget(name: "MotionLinearAlgebraTests", dependencies: ["MotionLinearAlgebra", "MotionNumerics"],
                    swiftSettings: swift6),
        .testTarget(
            name: "MotionSpringsTests",
            dependencies: ["MotionTestSupport", "MotionSprings", "MotionNumerics", propertyBased, realModule],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionCurvesTests",
            dependencies: ["MotionTestSupport", "MotionCurves", "MotionNumerics", propertyBased],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionKeyframesTests",
            dependencies: ["MotionTestSupport", "MotionJSON", "MotionKeyframes", "MotionSprings", "MotionCurves", "MotionNumerics", propertyBased],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionAnimationsTests",
            dependencies: ["MotionTestSupport", "MotionAnimations", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", propertyBased, realModule],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionFittingTests",
            dependencies: ["MotionTestSupport", "MotionFitting", "MotionIO", "MotionSprings", "MotionKeyframes", propertyBased],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionAnalysisTests",
            dependencies: ["MotionTestSupport", "MotionAnalysis", "MotionIO", "MotionSprings", "MotionNumerics", propertyBased],
            swiftSettings: swift6
        ),
        .testTarget(name: "MotionExportsTests",
                    dependencies: ["MotionTestSupport", "MotionExports", "MotionSprings", "MotionCurves", "MotionKeyframes", propertyBased],
                    swiftSettings: swift6),
        .testTarget(name: "MotionImportsTests",
                    dependencies: ["MotionImports", "MotionExports", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes",
                                   propertyBased],
                    swiftSettings: swift6),
        .testTarget(name: "MotionDocumentsTests",
                    dependencies: ["MotionDocuments", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionAnimations", "MotionAnalysis", "MotionFitting",
                                   realModule],
                    swiftSettings: swift6),
        .testTarget(
            name: "MotionReportsTests",
            dependencies: ["MotionTestSupport", "MotionReports", "MotionNumerics", "MotionIO", "MotionJSON", "MotionSprings", "MotionCurves", "MotionKeyframes",
                           "MotionCapture"],
            exclude: ["Golden"],
            swiftSettings: swift6
        ),
        .testTarget(name: "MotionCaptureTests", dependencies: ["MotionTestSupport", "MotionCapture", "MotionIO", "MotionFitting", "MotionNumerics"],
                    swiftSettings: swift6),
        .testTarget(
            name: "MotionChecksTests",
            dependencies: ["MotionTestSupport", "MotionChecks", "MotionIO", "MotionJSON", propertyBased],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MotionLabCLITests",
            dependencies: ["MotionTestSupport", "MotionLabCLI", "MotionIO"],
            swiftSettings: swift6
        ),
    ],
    cxxLanguageStandard: .cxx17
)
