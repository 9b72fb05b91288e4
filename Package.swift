// swift-tools-version: 6.1
import PackageDescription

// FlowKit: headless, testable navigation flows.
//
// Layout (see Docs/Architecture.md):
//   FlowKernel   the contracts only: protocols and the plain values they speak; no dependencies
//   FlowSnapshot saved navigation: snapshot values, the saved-value coder, migrations
//   FlowRuntime  what runs flows: the flow tree, lifecycles, mounts, the guard walk, gestures, restoring
//   FlowStage    the in-memory presentation host
//   FlowExplorer navigation graphs: walk a flow, find what is wrong, export Mermaid and DOT
//   FlowTestKit  transcripts, leak tracking, law checks, graph baselines
//   FlowStack    ordered stacks over a screen registry (SwiftyFlow's model)
//   FlowChain    step chains passing context to the next step (Flowter's model)
//   FlowCoordinator  coordinators with one child at a time and tab groups (UIFlow's model)
//   FlowRouter   type-matched input/output routing with OneOf2...OneOf8 (StoryFlow's model)
//   FlowRecording  journeys recorded as the person makes them (actions, gestures, links), to replay as tests
//   FlowLinks    deep links: typed patterns matched in a tree, guards that allow, refuse, redirect or defer
//   FlowLogging  every event to swift-log (depends on swift-log)
//   FlowPlatform the platform-neutral core of the real hosts: a driver that brings a platform to the model
//   FlowUIKit    UIKit's containers driven by FlowPlatform (the UIKit layer builds on Apple platforms only)
//   FlowSwiftUI  an @Observable navigation model SwiftUI binds to (the views build on Apple platforms only)
//   FlowWeb      flows as web pages: the browser's history as a platform, sessions, forms, no server
//   FlowWebServer  a FlowWeb site served over HTTP by Hummingbird 2 (with the `WebServer` trait)
//   FlowWebSQLite  FlowWeb sessions kept in an SQLite file, for one server that restarts (with the `SQLiteStore` trait)
//   FlowWebPostgres  FlowWeb sessions kept in PostgreSQL, shared by several servers (with the `PostgresStore` trait)
// Samples: ShopApp (one shop written in every strategy) and the flow-demo CLI that runs it.
// Each strategy module depends on FlowKernel, FlowSnapshot and FlowRuntime, and on nothing outside FlowKit.
//
// Dependencies: FlowLogging depends on swift-log; FlowWebServer on Hummingbird, but only with the
// `WebServer` trait on. The trait is off by default, so `swift run flow-demo`, `swift test` and an
// app that takes the strategies resolve and compile no server package. Serve the shop with
// `swift run --traits WebServer flow-demo serve`; an app that serves its flows asks for the trait
// on its package line: `.package(url: ..., from: ..., traits: ["WebServer"])`.

let package = Package(
    name: "FlowKit",
    // The lowest systems the code needs: Observation (`@Observable`, FlowSwiftUI's model and
    // FlowCoordinator's ModelObserver) needs iOS 17 and macOS 14, and Synchronization's `Atomic`
    // (ModelObserver) iOS 18 and macOS 15. Linux needs no declaration.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "flow-demo", targets: ["FlowDemo"]),
        .library(name: "FlowKernel", targets: ["FlowKernel"]),
        .library(name: "FlowSnapshot", targets: ["FlowSnapshot"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
        .library(name: "FlowStage", targets: ["FlowStage"]),
        .library(name: "FlowTestKit", targets: ["FlowTestKit"]),
        .library(name: "FlowExplorer", targets: ["FlowExplorer"]),
        .library(name: "FlowStack", targets: ["FlowStack"]),
        .library(name: "FlowChain", targets: ["FlowChain"]),
        .library(name: "FlowCoordinator", targets: ["FlowCoordinator"]),
        .library(name: "FlowRouter", targets: ["FlowRouter"]),
        .library(name: "FlowLogging", targets: ["FlowLogging"]),
        .library(name: "FlowLinks", targets: ["FlowLinks"]),
        .library(name: "FlowRecording", targets: ["FlowRecording"]),
        .library(name: "FlowPlatform", targets: ["FlowPlatform"]),
        .library(name: "FlowUIKit", targets: ["FlowUIKit"]),
        .library(name: "FlowSwiftUI", targets: ["FlowSwiftUI"]),
        .library(name: "FlowWeb", targets: ["FlowWeb"]),
        .library(name: "FlowWebServer", targets: ["FlowWebServer"]),
        .library(name: "FlowWebSQLite", targets: ["FlowWebSQLite"]),
        .library(name: "FlowWebPostgres", targets: ["FlowWebPostgres"]),
        // Test doubles, for test targets only: no product an app ships links them.
        .library(name: "FlowWebTesting", targets: ["FlowWebTesting"]),
        .library(name: "FlowUIKitTesting", targets: ["FlowUIKitTesting"]),
        .library(name: "FlowSwiftUITesting", targets: ["FlowSwiftUITesting"]),
    ],
    traits: [
        .trait(
            name: "WebServer",
            description: "FlowWebServer serves FlowWeb sites over HTTP with Hummingbird, and `flow-demo serve` serves the shop."
        ),
        .trait(
            name: "SQLiteStore",
            description: "FlowWebSQLite keeps FlowWeb sessions in an SQLite file (sqlite-nio), and `flow-demo serve --store sqlite:PATH` uses it."
        ),
        .trait(
            name: "PostgresStore",
            description: "FlowWebPostgres keeps FlowWeb sessions in PostgreSQL (postgres-nio), and `flow-demo serve --store postgres://...` uses it."
        ),
    ],
    dependencies: [
        // The sample CLI only; the kernel and the strategies depend on nothing.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // FlowLogging only.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation`, which CI runs on every library product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // FlowWebServer only, with the `WebServer` trait: the HTTP server that serves flows as web
        // pages. Without the trait it is neither resolved nor compiled.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // FlowWebSQLite only, with the `SQLiteStore` trait: SQLite with its own copy of the library.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // FlowWebPostgres only, with the `PostgresStore` trait.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // FlowWebServer and FlowWebPostgres, with their traits: a store runs as a service of the server.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // FlowWebServer only, with the `WebServer` trait: Hummingbird's own event loop, whose error
        // says an address is in use. Hummingbird depends on it already.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "FlowKernel", path: "Modules/FlowKernel"),
        .target(name: "FlowSnapshot", dependencies: ["FlowKernel"], path: "Modules/FlowSnapshot"),
        .target(name: "FlowRuntime", dependencies: ["FlowKernel", "FlowSnapshot"], path: "Modules/FlowRuntime"),
        .target(name: "FlowStage", dependencies: ["FlowKernel", "FlowRuntime"], path: "Modules/FlowStage"),
        .target(name: "FlowRecording", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot"], path: "Modules/FlowRecording"),
        .target(name: "FlowExplorer", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowRecording"], path: "Modules/FlowExplorer"),
        .target(
            name: "FlowTestKit", dependencies: ["FlowKernel", "FlowRuntime", "FlowStage", "FlowExplorer", "FlowRecording", "FlowPlatform"],
            path: "Modules/FlowTestKit"),
        .target(name: "FlowStack", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot"], path: "Modules/FlowStack"),
        .target(name: "FlowChain", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot"], path: "Modules/FlowChain"),
        .target(name: "FlowCoordinator", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot"], path: "Modules/FlowCoordinator"),
        .target(name: "FlowRouter", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot"], path: "Modules/FlowRouter"),
        .target(name: "FlowLinks", dependencies: ["FlowKernel", "FlowRuntime"], path: "Modules/FlowLinks"),
        .target(name: "FlowPlatform", dependencies: ["FlowKernel", "FlowRuntime"], path: "Modules/FlowPlatform"),
        .target(name: "FlowUIKit", dependencies: ["FlowKernel", "FlowPlatform"], path: "Modules/FlowUIKit"),
        .target(name: "FlowSwiftUI", dependencies: ["FlowKernel", "FlowPlatform"], path: "Modules/FlowSwiftUI"),
        .target(name: "FlowWeb", dependencies: ["FlowKernel", "FlowRuntime", "FlowPlatform", "FlowStage"], path: "Modules/FlowWeb"),
        // The test doubles of the platforms: a site visited without a socket and the store laws,
        // UIKit's and SwiftUI's containers simulated on Linux. Test targets link them; apps don't.
        .target(name: "FlowWebTesting", dependencies: ["FlowKernel", "FlowRuntime", "FlowPlatform", "FlowStage", "FlowWeb"], path: "Modules/FlowWebTesting"),
        .target(name: "FlowUIKitTesting", dependencies: ["FlowKernel", "FlowPlatform", "FlowUIKit"], path: "Modules/FlowUIKitTesting"),
        .target(name: "FlowSwiftUITesting", dependencies: ["FlowKernel", "FlowPlatform", "FlowSwiftUI"], path: "Modules/FlowSwiftUITesting"),
        .target(
            name: "FlowWebServer",
            dependencies: [
                "FlowWeb",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebServer"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["WebServer"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["WebServer"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["WebServer"])),
            ],
            path: "Modules/FlowWebServer"),
        .target(
            name: "FlowWebSQLite",
            dependencies: ["FlowWeb", .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLiteStore"]))],
            path: "Modules/FlowWebSQLite"),
        .target(
            name: "FlowWebPostgres",
            dependencies: [
                "FlowWeb",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgresStore"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["PostgresStore"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgresStore"])),
            ],
            path: "Modules/FlowWebPostgres"),
        .target(
            name: "FlowLogging",
            dependencies: ["FlowKernel", .product(name: "Logging", package: "swift-log")],
            path: "Modules/FlowLogging"
        ),

        .target(
            name: "ShopApp",
            dependencies: [
                "FlowKernel", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowStack", "FlowChain", "FlowRouter", "FlowCoordinator", "FlowExplorer",
                "FlowLinks", "FlowRecording", "FlowWeb",
            ],
            path: "Samples/ShopApp",
            // The web shop's stylesheet and icon, which its site serves under /static.
            resources: [.copy("Static")]
        ),
        .executableTarget(
            name: "FlowDemo",
            dependencies: [
                "ShopApp", "FlowRuntime", "FlowSnapshot", "FlowExplorer", "FlowRecording", "FlowWebServer", "FlowWebSQLite", "FlowWebPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["WebServer"])),
            ],
            path: "Samples/FlowDemo"
        ),

        .testTarget(name: "FlowKernelTests", dependencies: ["FlowKernel", "FlowRuntime", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowSnapshotTests", dependencies: ["FlowKernel", "FlowSnapshot"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowKernel", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowTestKit"]),
        .testTarget(
            name: "FlowRecordingTests",
            dependencies: ["FlowRecording", "FlowRuntime", "FlowSnapshot", "FlowExplorer", "FlowStack", "FlowStage", "FlowTestKit", "ShopApp"]),
        .testTarget(name: "FlowStageTests", dependencies: ["FlowStage", "FlowRuntime", "FlowTestKit"]),
        .testTarget(name: "FlowTestKitTests", dependencies: ["FlowTestKit", "FlowRuntime", "FlowStage", "FlowExplorer", "FlowRecording", "ShopApp"]),
        .testTarget(
            name: "FlowExplorerTests",
            dependencies: [
                "FlowExplorer", "FlowRecording", "FlowRuntime", "FlowTestKit", "FlowStage", "FlowStack", "FlowChain", "FlowRouter", "FlowCoordinator",
                "ShopApp",
            ],
            exclude: ["Baselines"]),
        .testTarget(name: "FlowStackTests", dependencies: ["FlowStack", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowChainTests", dependencies: ["FlowChain", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowTestKit", "FlowExplorer"]),
        .testTarget(
            name: "FlowCoordinatorTests",
            dependencies: ["FlowCoordinator", "FlowRuntime", "FlowSnapshot", "FlowStack", "FlowChain", "FlowRouter", "FlowStage", "FlowTestKit"]),
        .testTarget(name: "FlowRouterTests", dependencies: ["FlowRouter", "FlowRuntime", "FlowSnapshot", "FlowStage", "FlowTestKit", "FlowExplorer"]),
        .testTarget(name: "FlowLinksTests", dependencies: ["FlowLinks", "FlowRuntime", "FlowStage", "FlowTestKit"]),
        // Flows of every strategy nested in each other, with the person's gestures between their requests.
        .testTarget(
            name: "FlowTreeTests",
            dependencies: ["FlowStack", "FlowRuntime", "FlowSnapshot", "FlowChain", "FlowRouter", "FlowCoordinator", "FlowLinks", "FlowStage", "FlowTestKit"]),
        // The code of every Getting Started article, compiled and run.
        .testTarget(
            name: "GettingStartedTests",
            dependencies: ["FlowKernel", "FlowRuntime", "FlowStage", "FlowTestKit", "FlowStack", "FlowChain", "FlowRouter", "FlowCoordinator"]),
        .testTarget(
            name: "FlowUIKitTests",
            dependencies: ["FlowUIKit", "FlowUIKitTesting", "FlowRuntime", "FlowPlatform", "FlowStage", "FlowTestKit", "FlowExplorer", "ShopApp"]),
        .testTarget(
            name: "FlowSwiftUITests",
            dependencies: ["FlowSwiftUI", "FlowSwiftUITesting", "FlowRuntime", "FlowPlatform", "FlowStage", "FlowTestKit", "FlowExplorer", "ShopApp"]),
        .testTarget(
            name: "FlowWebTests",
            dependencies: [
                "FlowWeb", "FlowWebTesting", "FlowRuntime", "FlowSnapshot", "FlowPlatform", "FlowStage", "FlowStack", "FlowTestKit", "FlowExplorer", "ShopApp",
            ]),
        // The server layer over real HTTP; it has tests only with the `WebServer` trait (.ci/web-test).
        .testTarget(
            name: "FlowWebServerTests",
            dependencies: [
                "FlowWebServer", "FlowWeb", "ShopApp",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebServer"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["WebServer"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["WebServer"])),
                .product(name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["WebServer"])),
            ]),
        // The SQLite store's tests; they have tests only with the `SQLiteStore` trait (.ci/web-test).
        .testTarget(
            name: "FlowWebSQLiteTests",
            dependencies: [
                "FlowWebSQLite", "FlowWeb", "FlowWebTesting", "FlowKernel", "FlowStage", "ShopApp",
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLiteStore"])),
            ]),
        // The PostgreSQL store's tests; with the `PostgresStore` trait only, against the server
        // .ci/with-postgres starts (.ci/web-test).
        .testTarget(
            name: "FlowWebPostgresTests",
            dependencies: [
                "FlowWebPostgres", "FlowWeb", "FlowWebTesting", "ShopApp",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgresStore"])),
            ]),
        .testTarget(
            name: "FlowLoggingTests",
            dependencies: [
                "FlowLogging", "FlowRuntime", "ShopApp", "FlowStage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // The expected outputs are read by path, as files beside the tests, not bundled.
        .testTarget(
            name: "FlowDemoTests",
            dependencies: ["ShopApp", "FlowRuntime", "FlowSnapshot", "FlowDemo", "FlowStage", "FlowTestKit", "FlowExplorer", "FlowLinks", "FlowRecording"],
            exclude: ["Expected", "Snapshots"]),
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
