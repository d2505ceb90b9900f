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
    .executable(name: "trellis-demo", targets: ["trellis-demo"]),
    .executable(name: "trellis-bench", targets: ["trellis-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0")
  ],
  targets: [
    // The diff engine: snapshots in, staged changesets out. Standard library only.
    .target(name: "TrellisDiff"),

    // The platform-neutral core.
    .target(name: "Trellis", dependencies: ["TrellisDiff"]),

    // The `@TableModel` macro: a Swift class's property table.
    .macro(
      name: "TrellisMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(name: "TrellisMacros", dependencies: ["Trellis", "TrellisMacrosPlugin"]),

    // Small, runnable examples from the seeds, shared by the demo and the tests.
    .target(name: "TrellisExamples", dependencies: ["Trellis", "TrellisMacros"]),

    // Hosts.
    .target(name: "TrellisTerminal", dependencies: ["Trellis"]),

    // The headless table view and contract suites.
    .target(name: "TrellisTesting", dependencies: ["Trellis", "TrellisDiff"]),

    // Executables.
    .executableTarget(
      name: "trellis-demo",
      dependencies: ["Trellis", "TrellisExamples", "TrellisTerminal"]
    ),
    .executableTarget(
      name: "trellis-bench",
      dependencies: ["TrellisDiff"],
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
      name: "TrellisMacrosPluginTests",
      dependencies: [
        "TrellisMacrosPlugin",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
