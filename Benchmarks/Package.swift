// swift-tools-version: 6.1
import PackageDescription

// FlowKit's benchmarks: a package of their own, so `swift test` at the root never builds them.
// Run them with `swift package benchmark` from this folder.
let package = Package(
    name: "FlowKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "FlowKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowRouter", package: "FlowKit"),
                .product(name: "FlowStage", package: "FlowKit"),
                .product(name: "FlowKernel", package: "FlowKit"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
