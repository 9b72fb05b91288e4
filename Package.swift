// swift-tools-version: 6.1
import PackageDescription

// FlowKit: headless, testable navigation flows.
//
// Layout (see Docs/Architecture.md):
//   FlowKernel   contracts only, no dependencies
//   FlowStage    the in-memory presentation host
//   FlowTestKit  transcripts, leak tracking, law checks
//   FlowStack    ordered stacks over a screen registry (SwiftyFlow's model)
//   FlowChain    step chains passing context to the next step (Flowter's model)
//   FlowCoordinator  coordinators with one child at a time and tab groups (UIFlow's model)
//   FlowRouter   type-matched input/output routing with OneOf2...OneOf8 (StoryFlow's model)
// Each strategy module depends on FlowKernel only.

let package = Package(
    name: "FlowKit",
    products: [
        .library(name: "FlowKernel", targets: ["FlowKernel"]),
        .library(name: "FlowStage", targets: ["FlowStage"]),
        .library(name: "FlowTestKit", targets: ["FlowTestKit"]),
        .library(name: "FlowStack", targets: ["FlowStack"]),
        .library(name: "FlowChain", targets: ["FlowChain"]),
        .library(name: "FlowCoordinator", targets: ["FlowCoordinator"]),
        .library(name: "FlowRouter", targets: ["FlowRouter"]),
    ],
    targets: [
        .target(name: "FlowKernel", path: "Modules/FlowKernel"),
        .target(name: "FlowStage", dependencies: ["FlowKernel"], path: "Modules/FlowStage"),
        .target(name: "FlowTestKit", dependencies: ["FlowKernel"], path: "Modules/FlowTestKit"),
        .target(name: "FlowStack", dependencies: ["FlowKernel"], path: "Modules/FlowStack"),
        .target(name: "FlowChain", dependencies: ["FlowKernel"], path: "Modules/FlowChain"),
        .target(name: "FlowCoordinator", dependencies: ["FlowKernel"], path: "Modules/FlowCoordinator"),
        .target(name: "FlowRouter", dependencies: ["FlowKernel"], path: "Modules/FlowRouter"),

        .testTarget(name: "FlowKernelTests", dependencies: ["FlowKernel", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowStageTests", dependencies: ["FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowTestKitTests", dependencies: ["FlowTestKit", "FlowStage"]),
        .testTarget(name: "FlowStackTests", dependencies: ["FlowStack", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowChainTests", dependencies: ["FlowChain", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowCoordinatorTests", dependencies: ["FlowCoordinator", "FlowStack", "FlowChain", "FlowRouter", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowRouterTests", dependencies: ["FlowRouter", "FlowStage", "FlowTestKit"]),
    ],
    swiftLanguageModes: [.v6]
)

// Settings every target shares, applied in one place so no target can drift from them.
let sharedSwiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
