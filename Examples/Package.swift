// swift-tools-version: 6.1
import PackageDescription

// What can be written outside FlowKit, as an app writes it: a package of its own that imports
// FlowKit's products (it cannot see their `package` members), so CI proves that a host of one's
// own and a flow of one's own still build on the public API. `swift run examples` runs both.
//
//   OwnHost   a host written from scratch: one navigation stack, the flow tree, guards, events
//   OwnFlow   a flow of one's own, written as its logic alone and run by LogicFlow
//   StackApp  an app that imports one strategy alone, FlowStack, with MemberImportVisibility on
let package = Package(
    name: "FlowKitExamples",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "FlowKit", path: "..")],
    targets: [
        .target(
            name: "OwnHost",
            dependencies: [.product(name: "FlowKernel", package: "FlowKit"), .product(name: "FlowRuntime", package: "FlowKit")]),
        .target(
            name: "OwnFlow",
            dependencies: [.product(name: "FlowKernel", package: "FlowKit"), .product(name: "FlowRuntime", package: "FlowKit")]),
        .target(
            name: "StackApp",
            dependencies: [.product(name: "FlowKernel", package: "FlowKit"), .product(name: "FlowStack", package: "FlowKit")]),
        .executableTarget(
            name: "examples",
            dependencies: [
                "OwnHost", "OwnFlow", "StackApp",
                .product(name: "FlowKernel", package: "FlowKit"), .product(name: "FlowRuntime", package: "FlowKit"),
                .product(name: "FlowStage", package: "FlowKit"), .product(name: "FlowStack", package: "FlowKit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// As FlowKit's own targets, and as an app that wants to see which module a member comes from.
for target in package.targets {
    target.swiftSettings = [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
}
