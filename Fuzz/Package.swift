// swift-tools-version: 6.1
//
// libFuzzer targets for MotionLab, kept out of the main package so its build stays lean.
// Build and run with scripts/fuzz.sh (it passes -sanitize=fuzzer,address).
import PackageDescription

let fuzzTarget: (String) -> Target = { name in
    .executableTarget(
        name: name,
        dependencies: [.product(name: "MotionLab", package: "main"), .product(name: "MotionLabCommands", package: "main")],
        swiftSettings: [.swiftLanguageMode(.v6)]
    )
}

let package = Package(
    name: "MotionLabFuzz",
    dependencies: [.package(name: "main", path: "..")],
    targets: [fuzzTarget("FuzzRecording"), fuzzTarget("FuzzTimeline"), fuzzTarget("FuzzNumeric"), fuzzTarget("FuzzCommandLine"),
              fuzzTarget("FuzzScenario"), fuzzTarget("FuzzManifest"), fuzzTarget("FuzzKeyframesImport"),
              fuzzTarget("FuzzLottie"), fuzzTarget("FuzzFrameLog")]
)
