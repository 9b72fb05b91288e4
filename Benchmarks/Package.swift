// swift-tools-version: 6.1
import PackageDescription

// FlowKit's benchmarks: a package of their own, so `swift test` at the root never builds them.
// Run them in release mode from this folder: `swift run -c release flowkit-ratios` (see README.md).

/// Every FlowKit library the benchmarks and the shop they explore use.
let flowKit: [Target.Dependency] = [
    "FlowKernel", "FlowSnapshot", "FlowRuntime", "FlowStage", "FlowStack", "FlowChain", "FlowCoordinator", "FlowRouter", "FlowExplorer", "FlowLinks",
    "FlowPlatform", "FlowUIKit",
    "FlowSwiftUI", "FlowRecording", "FlowWeb", "FlowUIKitTesting", "FlowSwiftUITesting",
]
.map { .product(name: $0, package: "FlowKit") }

let package = Package(
    name: "FlowKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FlowKit", path: ".."),
        // The anchor the registry is compared with: a dependency-injection container users know.
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        // The floor web-reload.py measures a page from FlowWeb against: a bare handler.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The sample shop, the same sources as the root package's (a link to Samples/ShopApp), so
        // exploring it is measured without making the sample a product.
        .target(
            name: "BenchmarkShop",
            dependencies: flowKit,
            // The web shop's stylesheet, as the root package's ShopApp carries it.
            resources: [.copy("Static")]
        ),
        // What is measured, as plain functions, so every harness measures the same thing.
        .target(
            name: "FlowKitWorkloads",
            dependencies: flowKit + [.product(name: "Swinject", package: "Swinject"), "BenchmarkShop"]
        ),
        // Every figure in one run, each as a ratio to its anchor.
        .executableTarget(name: "flowkit-ratios", dependencies: ["FlowKitWorkloads"], path: "Sources/FlowKitRatios"),
        // A bare Hummingbird page, the floor of web-reload.py's reloads.
        .executableTarget(name: "bare-page", dependencies: [.product(name: "Hummingbird", package: "hummingbird")], path: "Sources/BarePage"),
    ],
    swiftLanguageModes: [.v6]
)
