// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Trellis",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "TrellisDiff", targets: ["TrellisDiff"]),
    .library(name: "Trellis", targets: ["Trellis"]),
    .library(name: "TrellisMacros", targets: ["TrellisMacros"]),
    .library(name: "TrellisTerminal", targets: ["TrellisTerminal"]),
    .library(name: "TrellisTesting", targets: ["TrellisTesting"]),
    .library(name: "TrellisSQLite", targets: ["TrellisSQLite"]),
    .library(name: "TrellisWeb", targets: ["TrellisWeb"]),
    .library(name: "TrellisUIKit", targets: ["TrellisUIKit"]),
    .executable(name: "trellis", targets: ["trellis"]),
    .executable(name: "trellis-demo", targets: ["trellis-demo"]),
    .executable(name: "trellis-bench", targets: ["trellis-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
    .package(
      url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
  ],
  targets: [
    // The diff engine: snapshots in, staged changesets out. Standard library only.
    .target(name: "TrellisDiff"),

    // The platform-neutral core.
    .target(name: "Trellis", dependencies: ["TrellisDiff"]),

    // The `@TableBound` macro: a Swift class's property table.
    .macro(
      name: "TrellisMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
    .target(name: "TrellisMacros", dependencies: ["Trellis", "TrellisMacrosPlugin"]),

    // Small, runnable examples from the seeds, shared by the demo and the tests.
    .target(name: "TrellisExamples", dependencies: ["Trellis", "TrellisMacros", "TrellisSQLite"]),

    // The embedded relational store.
    .target(
      name: "TrellisSQLite",
      dependencies: ["Trellis", .product(name: "GRDB", package: "GRDB.swift")]
    ),

    // Hosts.
    .target(name: "TrellisTerminal", dependencies: ["Trellis"]),
    // The UITableView adapter: every file is wrapped in `#if canImport(UIKit)`, so elsewhere it
    // compiles to an empty module.
    .target(name: "TrellisUIKit", dependencies: ["Trellis"]),
    .target(
      name: "TrellisWeb",
      dependencies: [
        "Trellis",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Assets")]
    ),

    // The headless table view and contract suites.
    .target(name: "TrellisTesting", dependencies: ["Trellis", "TrellisDiff"]),

    // Executables.
    .executableTarget(
      name: "trellis-demo",
      dependencies: [
        "Trellis", "TrellisExamples", "TrellisTerminal", "TrellisWeb", "TrellisSQLite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "trellis",
      dependencies: [
        "Trellis", "TrellisTerminal", "TrellisWeb",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "trellis-bench",
      dependencies: [
        "TrellisDiff", "Trellis", "TrellisSQLite", "TrellisWeb", "TrellisExamples",
        "TrellisTesting",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Benchmarks/trellis-bench"
    ),

    // Tests.
    .testTarget(name: "TrellisDiffTests", dependencies: ["TrellisDiff", "TrellisTesting"]),
    .testTarget(
      name: "TrellisTests",
      dependencies: [
        "Trellis", "TrellisMacros", "TrellisTesting", "TrellisTerminal", "TrellisExamples",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "TrellisCLITests", dependencies: ["trellis", "TrellisTesting"],
      exclude: ["Expected", "Inputs"]),
    .testTarget(
      name: "TrellisSQLiteTests",
      dependencies: ["TrellisSQLite", "TrellisTesting", "TrellisExamples"]),
    .testTarget(
      name: "TrellisWebTests",
      dependencies: [
        "TrellisWeb", "TrellisTesting", "TrellisExamples",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
      ]
    ),
    .testTarget(
      name: "TrellisMacrosPluginTests",
      dependencies: [
        "TrellisMacrosPlugin",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
